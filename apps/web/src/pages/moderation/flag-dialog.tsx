import type { FlaggableType } from '@inquire/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { ReasonPicker } from '../../components/reason-picker';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { serverFieldErrors, validate, type FieldErrors } from '../../lib/forms';
import { loadPostSchemas } from '../../lib/load-post-schemas';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { toast } from '../../lib/ui-events';
import { useCaptcha } from '../users/captcha';

/**
 * The flag dialog of spec section 5: reasons of the object's type from
 * `reasons?object_type=&action=flag`, content where the reason asks for it (a link to this site
 * for a duplicate), the captcha when the strategy asks for one, then `POST report`.
 */
export function FlagDialog({
  objectId,
  objectType,
  open,
  onOpenChange,
}: {
  objectId: string;
  objectType: FlaggableType;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha('report');

  useEffect(() => {
    if (!open) return;
    setType('');
    setContent('');
    setErrors({});
  }, [open, objectType]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { object_id: objectId, report_type: type === '' ? undefined : Number(type), content };
    const found = validate((await loadPostSchemas()).reportSchema(window.location.origin), body, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const sent = await captcha.run((answer) => http.post(`${API_BASE}/report`, { ...body, ...answer }));
      if (sent === undefined) return;
      onOpenChange(false);
      toast(t('ui.flag.thanks'));
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange} title={t('ui.flag.title')}>
        <form noValidate onSubmit={submit} className="space-y-4">
          <ReasonPicker
            objectType={objectType}
            action="flag"
            open={open}
            legend={t('ui.flag.reason')}
            typeName="report_type"
            contentName="content"
            contentLabel={t('ui.flag.content')}
            type={type}
            content={content}
            typeError={errors.report_type}
            contentError={errors.content}
            onTypeChange={(value) => {
              setType(value);
              setErrors({});
            }}
            onContentChange={setContent}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              {t('ui.dialog.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('ui.flag.submit')}
            </Button>
          </div>
        </form>
      </Dialog>
      {captcha.dialog}
    </>
  );
}
