import { commentSchema, type CommentItem, type Paged } from '@inquire/shared';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { RelativeTime } from '../../components/relative-time';
import { Button } from '../../components/ui/button';
import { controlClass } from '../../components/ui/field';
import { serverFieldErrors, validate, type FieldErrors } from '../../lib/forms';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';

interface CommentsProps {
  objectId: string;
  comments: Paged<CommentItem>;
  now: number;
  canComment: boolean;
  onChanged(): Promise<void> | void;
}

/** A post's comments (plain markup: a page has many) and the form to add one. */
export function Comments({ objectId, comments, now, canComment, onChanged }: CommentsProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { object_id: objectId, original_text: text };
    const found = validate(commentSchema, body, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await http.post(`${API_BASE}/comment`, body);
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
    <div className="mt-3 border-t border-gray-200 pt-2 text-sm dark:border-gray-800">
      {comments.list.length ? (
        <ul className="divide-y divide-gray-100 dark:divide-gray-800">
          {comments.list.map((c) => (
            <li key={c.comment_id} id={c.comment_id} className="py-1.5 text-gray-800 dark:text-gray-200">
              <span dangerouslySetInnerHTML={{ __html: c.parsed_text }} /> –{' '}
              <Link to={`/users/${c.username}`} className="font-medium text-primary-text hover:underline">
                {c.user_display_name}
              </Link>{' '}
              <span className="text-gray-600 dark:text-gray-400">
                <RelativeTime at={c.created_at} now={now} />
              </span>
              {c.actions.delete ? (
                <button
                  type="button"
                  className="ms-2 text-gray-600 hover:text-red-700 dark:text-gray-400"
                  onClick={() => void remove(c.comment_id)}
                >
                  {t('ui.comment.delete')}
                </button>
              ) : null}
            </li>
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
          <label htmlFor={inputId} className="sr-only">
            {t('ui.comment.label')}
          </label>
          <textarea
            id={inputId}
            rows={2}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className={controlClass(errors.original_text)}
            aria-invalid={errors.original_text ? true : undefined}
            aria-describedby={errors.original_text ? `${inputId}-error` : undefined}
          />
          {errors.original_text ? (
            <p id={`${inputId}-error`} className="text-red-700 dark:text-red-400">
              {errors.original_text}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button type="submit" size="sm" loading={busy}>
              {t('ui.comment.submit')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
              {t('ui.dialog.cancel')}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
