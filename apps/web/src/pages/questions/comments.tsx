import type { CommentView, Paged } from '@inquire/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { serverFieldErrors, validate, type FieldErrors } from '../../lib/forms';
import { loadPostSchemas } from '../../lib/load-post-schemas';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { CommentRow } from './comment-row';
import { useCaptcha } from '../users/captcha';
import { MentionTextarea } from './mention-textarea';

/** The usernames a comment mentions, sent as the peer's client does (the server re-checks them). */
const mentionsIn = (text: string) => [
  ...new Set(
    [...text.matchAll(/(?:^|[^\w@/[\]])@([a-z0-9._-]*[a-z0-9_])/gi)].map((m) => (m[1] as string).toLowerCase()),
  ),
];

interface CommentsProps {
  objectId: string;
  comments: Paged<CommentView>;
  now: number;
  canComment: boolean;
  signedIn: boolean;
  /** Whether the server lets the reader flag comments (issue 12). */
  canFlag?: boolean;
  onChanged(): Promise<void> | void;
}

/** A post's comments (plain markup: a page has many) and the form to add one. */
export function Comments({ objectId, comments, now, canComment, signedIn, canFlag = false, onChanged }: CommentsProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
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
      if (!posted) return;
      setText('');
      setOpen(false);
      await onChanged();
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }

  async function remove(commentId: string) {
    if (!window.confirm(t('ui.comment.confirm_delete'))) return;
    await http.delete(`${API_BASE}/comment`, { comment_id: commentId }).catch(() => undefined);
    await onChanged();
  }

  const inputId = `comment-${objectId}`;
  return (
    <div className="post-comments">
      {comments.list.length ? (
        <ul className="comment-list">
          {comments.list.map((c) => (
            <CommentRow
              key={`${c.comment_id}-${c.original_text}`}
              comment={c}
              now={now}
              signedIn={signedIn}
              canFlag={canFlag}
              onChanged={onChanged}
              onDelete={(id) => void remove(id)}
            />
          ))}
        </ul>
      ) : null}
      {canComment && !open ? (
        <button type="button" className="mt-1 text-primary-text hover:underline" onClick={() => setOpen(true)}>
          {t('ui.comment.add')}
        </button>
      ) : null}
      {open ? (
        <form noValidate onSubmit={submit} className="mt-2 space-y-2">
          <MentionTextarea
            id={inputId}
            label={t('ui.comment.label')}
            value={text}
            error={errors.original_text}
            onChange={setText}
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" loading={busy}>
              {t('ui.comment.submit')}
            </Button>
            {captcha.dialog}
            <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
              {t('ui.dialog.cancel')}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
