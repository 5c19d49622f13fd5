import type { ModerationDecisionInfo } from '@inquire/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextArea } from '../../components/ui/field';
import { serverFieldErrors, validate, type FieldErrors } from '../../lib/forms';
import { loadPostSchemas } from '../../lib/load-post-schemas';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { toast } from '../../lib/ui-events';

/**
 * A staff decision on a post as the server sends it to its author and staff (issue 12, item 4):
 * what was done and why, and an "Appeal" button when the server says the reader may appeal.
 * What the post already says (its Deleted badge, its closed banner with the close reason) is
 * left out, so each is said once; a notice with nothing left to add is not shown.
 */
export function DecisionNotice({
  decision,
  said = { action: false, reason: false },
  onChanged,
}: {
  decision: ModerationDecisionInfo | null | undefined;
  said?: { action: boolean; reason: boolean };
  onChanged(): Promise<void> | void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!decision) return null;
  const reason = !said.reason && (decision.reason_key || decision.reason_msg);
  if (said.action && !reason && !decision.appeal_open && !decision.can_appeal) return null;
  return (
    <div
      role="note"
      aria-label={t(`ui.decision.action.${decision.action}`)}
      className="space-y-1 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      {said.action ? null : <p className="font-medium">{t(`ui.decision.action.${decision.action}`)}</p>}
      {reason && decision.reason_key ? <p>{t(`${decision.reason_key}.name`)}</p> : null}
      {reason && decision.reason_msg ? <p className="break-words">{decision.reason_msg}</p> : null}
      {decision.appeal_open ? <p>{t('ui.decision.appeal_open')}</p> : null}
      {said.action && !reason && decision.can_appeal ? <p>{t('ui.decision.may_appeal')}</p> : null}
      {decision.can_appeal ? (
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
          {t('ui.decision.appeal')}
        </Button>
      ) : null}
      {open ? <AppealDialog decisionId={decision.decision_id} onOpenChange={setOpen} onAppealed={onChanged} /> : null}
    </div>
  );
}

function AppealDialog({
  decisionId,
  onOpenChange,
  onAppealed,
}: {
  decisionId: string;
  onOpenChange(open: boolean): void;
  onAppealed(): Promise<void> | void;
}) {
  const { t } = useTranslation();
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { decision_id: decisionId, content };
    const found = validate((await loadPostSchemas()).appealSchema, body, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await http.post(`${API_BASE}/moderation/appeal`, body);
      onOpenChange(false);
      toast(t('ui.decision.appeal_sent'));
      await onAppealed();
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={onOpenChange} title={t('ui.decision.appeal')}>
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextArea
          label={t('ui.decision.appeal_content')}
          name="content"
          value={content}
          error={errors.content}
          onChange={(e) => setContent(e.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {t('ui.dialog.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('ui.decision.appeal_submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
