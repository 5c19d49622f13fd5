import { useState, type FormEvent } from 'react';
import { ReasonPicker } from '../../components/reason-picker';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { serverFieldErrors, validate, type FieldErrors } from '../../lib/forms';
import { loadPostSchemas } from '../../lib/load-post-schemas';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';

/**
 * Close a question with a reason from `reasons?object_type=question&action=close`; the
 * duplicate reason asks for a link to a question of this site (spec section 5).
 */
export function CloseDialog({
  questionId,
  open,
  onOpenChange,
  onClosed,
  send,
}: {
  questionId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  onClosed(): Promise<void> | void;
  /** Sends the chosen reason another way than `question/status` (the review queue closes through its flag). */
  send?(reason: { close_type: number; close_msg: string }): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { id: questionId, close_type: type === '' ? undefined : Number(type), close_msg: message };
    const found = validate((await loadPostSchemas()).closeQuestionSchema(window.location.origin), body, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await (send
        ? send({ close_type: Number(type), close_msg: message })
        : http.put(`${API_BASE}/question/status`, body));
      onOpenChange(false);
      await onClosed();
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('ui.curation.close_title')}>
      <form noValidate onSubmit={submit} className="space-y-4">
        <ReasonPicker
          objectType="question"
          action="close"
          open={open}
          legend={t('ui.curation.close_reason')}
          typeName="close_type"
          contentName="close_msg"
          contentLabel={t('ui.curation.close_message')}
          type={type}
          content={message}
          typeError={errors.close_type}
          contentError={errors.close_msg}
          onTypeChange={(value) => {
            setType(value);
            setErrors({});
          }}
          onContentChange={setMessage}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {t('ui.dialog.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('ui.curation.close_submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
