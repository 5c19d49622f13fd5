import { closeQuestionSchema, type ReasonOption } from '@inquire/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { RadioGroup, TextArea, TextField } from '../../components/ui/field';
import { serverFieldErrors, validate, type FieldErrors } from '../../lib/forms';
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
  const [reasons, setReasons] = useState<ReasonOption[]>([]);
  const [type, setType] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    void http
      .get<ReasonOption[]>(`${API_BASE}/reasons`, { params: { object_type: 'question', action: 'close' } })
      .then(setReasons)
      .catch(() => undefined);
  }, [open]);

  const chosen = reasons.find((r) => String(r.reason_type) === type);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { id: questionId, close_type: type === '' ? undefined : Number(type), close_msg: message };
    const found = validate(closeQuestionSchema(window.location.origin), body, t);
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
        <RadioGroup
          legend={t('ui.curation.close_reason')}
          name="close_type"
          value={type}
          error={errors.close_type}
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
          <TextField
            label={t('ui.curation.close_message')}
            name="close_msg"
            placeholder={chosen.placeholder}
            value={message}
            error={errors.close_msg}
            onChange={(e) => setMessage(e.target.value)}
          />
        ) : chosen?.content_type === 'textarea' ? (
          <TextArea
            label={t('ui.curation.close_message')}
            name="close_msg"
            placeholder={chosen.placeholder}
            value={message}
            error={errors.close_msg}
            onChange={(e) => setMessage(e.target.value)}
          />
        ) : null}
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
