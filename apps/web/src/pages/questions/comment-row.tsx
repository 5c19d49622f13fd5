import type { CommentView } from '@inquire/shared';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../components/links';
import { RelativeTime } from '../../components/relative-time';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { HTML_ONCE_ATTR } from '../../lib/html-once';
import { EditCommentForm, loadCommentForms } from './lazy-comment-forms';
import { FlagButton } from '../moderation/deferred-flag-button';

interface CommentRowProps {
  comment: CommentView;
  now: number;
  signedIn: boolean;
  canFlag?: boolean;
  onChanged(): Promise<void> | void;
  onDelete(commentId: string): void;
}

/**
 * One comment: its upvotes, text (server-rendered, sanitized, mentions linked), author and
 * time, and the controls the server's action flags allow (upvote, edit, delete).
 */
export function CommentRow({ comment: c, now, signedIn, canFlag = false, onChanged, onDelete }: CommentRowProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(c.original_text);
  const [vote, setVote] = useState({ count: c.vote_count, mine: c.is_vote });

  async function toggleVote() {
    if (!signedIn) {
      await navigate(`/users/login?redirect=${encodeURIComponent(window.location.pathname)}`);
      return;
    }
    try {
      const result = await http.post<{ votes: number; vote_status: string }>(`${API_BASE}/vote/up`, {
        object_id: c.comment_id,
        is_cancel: vote.mine,
      });
      setVote({ count: result.votes, mine: result.vote_status === 'vote_up' });
    } catch {
      // The client already showed the server's message ("You can't vote for your own post").
    }
  }

  const canVote = c.actions.vote_up || vote.mine || !signedIn;
  return (
    <li id={c.comment_id} className="comment-row">
      <span className="comment-votes">
        {vote.count > 0 ? <span data-testid="comment-votes">{vote.count}</span> : null}
        {canVote ? (
          <button
            type="button"
            aria-label={t(vote.mine ? 'ui.interactions.comment_upvoted' : 'ui.interactions.comment_upvote')}
            aria-pressed={vote.mine}
            onClick={() => void toggleVote()}
            // The arrow is drawn by the stylesheet (styles.css).
            className={vote.mine ? 'comment-vote text-primary-text' : 'comment-vote'}
          />
        ) : null}
      </span>
      <div className="comment-body">
        {editing ? (
          <Suspense fallback={null}>
            <EditCommentForm
              commentId={c.comment_id}
              text={text}
              onText={setText}
              onCancel={() => setEditing(false)}
              onSaved={async () => {
                setEditing(false);
                await onChanged();
              }}
            />
          </Suspense>
        ) : (
          <>
            <span
              className="comment-text"
              {...{ [HTML_ONCE_ATTR]: c.comment_id }}
              dangerouslySetInnerHTML={{ __html: c.parsed_text }}
            />
            {/* One text node between the elements: React marks each extra one in the HTML. */}
            {' – '}
            <Link to={`/users/${c.username}`} className="person-link">
              {c.user_display_name}
            </Link>{' '}
            <span className="muted">
              <RelativeTime at={c.created_at} now={now} />
            </span>
            {c.pending ? (
              <span className="ms-2 rounded bg-amber-100 px-1 text-xs text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                {t('ui.review.waiting')}
              </span>
            ) : null}
            {c.actions.edit ? (
              <button
                type="button"
                className="ms-2 text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100"
                onPointerEnter={() => void loadCommentForms()}
                onFocus={() => void loadCommentForms()}
                onClick={() => {
                  setText(c.original_text);
                  setEditing(true);
                }}
              >
                {t('ui.interactions.comment_edit')}
              </button>
            ) : null}
            {c.actions.delete ? (
              <button
                type="button"
                className="ms-2 text-gray-600 hover:text-red-700 dark:text-gray-400"
                onClick={() => onDelete(c.comment_id)}
              >
                {t('ui.comment.delete')}
              </button>
            ) : null}
            {canFlag && !c.pending ? (
              <FlagButton className="ms-2" objectId={c.comment_id} objectType="comment" />
            ) : null}
          </>
        )}
      </div>
    </li>
  );
}
