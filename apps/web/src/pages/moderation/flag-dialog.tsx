import { reportSchema, type FlaggableType, type ReasonOption } from '@inquire/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { RadioGroup, TextArea, TextField } from '../../components/ui/field';
import { serverFieldErrors, validate, type FieldErrors } from '../../lib/forms';
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
  const [reasons, setReasons] = useState<ReasonOption[]>([]);
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
    void http
      .get<ReasonOption[]>(`${API_BASE}/reasons`, { params: { object_type: objectType, action: 'flag' } })
      .then(setReasons)
      .catch(() => undefined);
  }, [open, objectType]);

  const chosen = reasons.find((r) => String(r.reason_type) === type);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { object_id: objectId, report_type: type === '' ? undefined : Number(type), content };
    const found = validate(reportSchema(window.location.origin), body, t);
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

  const contentField = {
    label: t('ui.flag.content'),
    name: 'content',
    placeholder: chosen?.placeholder,
    value: content,
    error: errors.content,
  };
  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange} title={t('ui.flag.title')}>
        <form noValidate onSubmit={submit} className="space-y-4">
          <RadioGroup
            legend={t('ui.flag.reason')}
            name="report_type"
            value={type}
            error={errors.report_type}
            onChange={(value) => {
              setType(value);
              setErrors({});
            }}
            options={reasons.map((r) => ({
              value: String(r.reason_type),
              label: (
                <span>
                  <span className="font-medium">{r.name}</span>
                  <span className="block text-xs text-gray-600 dark:text-gray-400">{r.description}</span>
                </span>
              ),
            }))}
          />
          {chosen?.content_type === 'text' ? (
            <TextField {...contentField} onChange={(e) => setContent(e.target.value)} />
          ) : chosen?.content_type === 'textarea' ? (
            <TextArea {...contentField} onChange={(e) => setContent(e.target.value)} />
          ) : null}
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

/** A "Flag" link that opens the flag dialog; shown only where the server's flags allow flagging. */
export function FlagButton({
  objectId,
  objectType,
  className = '',
}: {
  objectId: string;
  objectType: FlaggableType;
  className?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`text-sm text-gray-600 hover:text-gray-900 hover:underline dark:text-gray-400 dark:hover:text-gray-100 ${className}`}
        onClick={() => setOpen(true)}
      >
        {t('ui.flag.action')}
      </button>
      {open ? <FlagDialog objectId={objectId} objectType={objectType} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
