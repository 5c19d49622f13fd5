import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { serverFieldErrors, validate, type FieldErrors } from '../../lib/forms';
import { loadPostSchemas } from '../../lib/load-post-schemas';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { useCaptcha, type CaptchaValue } from '../users/captcha';
import { MentionTextarea } from './mention-textarea';

/** The usernames a comment mentions, sent as the peer's client does (the server re-checks them). */
const mentionsIn = (text: string) => [
  ...new Set(
    [...text.matchAll(/(?:^|[^\w@/[\]])@([a-z0-9._-]*[a-z0-9_])/gi)].map((m) => (m[1] as string).toLowerCase()),
  ),
];

interface CommentFormProps {
  /** The text being written: its owner keeps it, so a form closed and opened again still has it. */
  text: string;
  onText(text: string): void;
  onCancel(): void;
}

/**
 * The form that adds a comment to a post. This module (with the mention box, the captcha and
 * the form helpers) loads when a reader first opens a comment form: comments.tsx.
 */
export function NewCommentForm({
  objectId,
  onPosted,
  ...form
}: CommentFormProps & { objectId: string; onPosted(): Promise<void> }) {
  const { t } = useTranslation();
  // Read as it is sent: the mentions are found once, not on every keystroke.
  const body = () => ({ object_id: objectId, original_text: form.text, mention_username_list: mentionsIn(form.text) });
  return (
    <CommentEditor
      {...form}
      className="mt-2 space-y-2"
      fieldId={`comment-${objectId}`}
      label={t('ui.comment.label')}
      submitLabel={t('ui.comment.submit')}
      captchaAction="comment"
      check={async () => validate((await loadPostSchemas()).commentSchema, body(), t)}
      send={(code) => http.post(`${API_BASE}/comment`, { ...body(), ...code })}
      onDone={onPosted}
    />
  );
}

/** The form that edits a comment in place (comment-row.tsx loads it on "Edit"). */
export function EditCommentForm({
  commentId,
  onSaved,
  ...form
}: CommentFormProps & { commentId: string; onSaved(): Promise<void> }) {
  const { t } = useTranslation();
  const body = () => ({ comment_id: commentId, original_text: form.text });
  return (
    <CommentEditor
      {...form}
      className="space-y-2"
      fieldId={`edit-${commentId}`}
      label={t('ui.interactions.comment_edit_label')}
      submitLabel={t('ui.interactions.comment_save')}
      captchaAction="edit"
      check={async () => validate((await loadPostSchemas()).commentEditSchema, body(), t)}
      send={(code) => http.put(`${API_BASE}/comment`, { ...body(), ...code })}
      onDone={onSaved}
    />
  );
}

interface CommentEditorProps extends CommentFormProps {
  className: string;
  fieldId: string;
  label: string;
  submitLabel: string;
  captchaAction: 'comment' | 'edit';
  /** The text checked with the route's own schema: each failing field's message. */
  check(): Promise<FieldErrors>;
  /** Sends the text, with the captcha's answer when one was asked. */
  send(code: CaptchaValue): Promise<unknown>;
  onDone(): Promise<void>;
}

/** A comment's text box with its send and cancel buttons: checked, sent, then `onDone`. */
function CommentEditor(props: CommentEditorProps) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha(props.captchaAction);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = await props.check();
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const sent = await captcha.run(async (code) => {
        await props.send(code);
        return true;
      });
      if (sent) await props.onDone();
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className={props.className}>
      <MentionTextarea
        id={props.fieldId}
        label={props.label}
        value={props.text}
        error={errors.original_text}
        onChange={props.onText}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={busy}>
          {props.submitLabel}
        </Button>
        <Button size="sm" variant="ghost" onClick={props.onCancel}>
          {t('ui.dialog.cancel')}
        </Button>
      </div>
      {captcha.dialog}
    </form>
  );
}
