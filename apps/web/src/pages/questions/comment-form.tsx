import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { serverFieldErrors, validate, type FieldErrors } from '../../lib/forms';
import { loadPostSchemas } from '../../lib/load-post-schemas';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { useCaptcha } from '../users/captcha';
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
  text,
  onText,
  onCancel,
  onPosted,
}: CommentFormProps & { objectId: string; onPosted(): Promise<void> }) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha('comment');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { object_id: objectId, original_text: text, mention_username_list: mentionsIn(text) };
    const found = validate((await loadPostSchemas()).commentSchema, body, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const posted = await captcha.run(async (code) => {
        await http.post(`${API_BASE}/comment`, { ...body, ...code });
        return true;
      });
      if (posted) await onPosted();
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="mt-2 space-y-2">
      <MentionTextarea
        id={`comment-${objectId}`}
        label={t('ui.comment.label')}
        value={text}
        error={errors.original_text}
        onChange={onText}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={busy}>
          {t('ui.comment.submit')}
        </Button>
        {captcha.dialog}
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('ui.dialog.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The form that edits a comment in place (comment-row.tsx loads it on "Edit"). */
export function EditCommentForm({
  commentId,
  text,
  onText,
  onCancel,
  onSaved,
}: CommentFormProps & { commentId: string; onSaved(): Promise<void> }) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha('edit');

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = { comment_id: commentId, original_text: text };
    const found = validate((await loadPostSchemas()).commentEditSchema, body, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const saved = await captcha.run(async (code) => {
        await http.put(`${API_BASE}/comment`, { ...body, ...code });
        return true;
      });
      if (saved) await onSaved();
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={save} className="space-y-2">
      <MentionTextarea
        id={`edit-${commentId}`}
        label={t('ui.interactions.comment_edit_label')}
        value={text}
        error={errors.original_text}
        onChange={onText}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={busy}>
          {t('ui.interactions.comment_save')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('ui.dialog.cancel')}
        </Button>
      </div>
      {captcha.dialog}
    </form>
  );
}
