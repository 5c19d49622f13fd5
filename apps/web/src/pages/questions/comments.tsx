import type { CommentView, Paged } from '@inquire/shared';
import { Suspense, useState } from 'react';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { CommentRow } from './comment-row';
import { loadCommentForms, NewCommentForm } from './lazy-comment-forms';

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

  async function remove(commentId: string) {
    if (!window.confirm(t('ui.comment.confirm_delete'))) return;
    await http.delete(`${API_BASE}/comment`, { comment_id: commentId }).catch(() => undefined);
    await onChanged();
  }

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
        <button
          type="button"
          className="mt-1 text-primary-text hover:underline"
          onPointerEnter={() => void loadCommentForms()}
          onFocus={() => void loadCommentForms()}
          onClick={() => setOpen(true)}
        >
          {t('ui.comment.add')}
        </button>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <NewCommentForm
            objectId={objectId}
            text={text}
            onText={setText}
            onCancel={() => setOpen(false)}
            onPosted={async () => {
              setText('');
              setOpen(false);
              await onChanged();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
