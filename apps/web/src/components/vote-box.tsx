import type { PageActions } from '@inquire/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { API_BASE, http } from '../lib/http';
import { useTranslation } from '../lib/translation';

interface VoteBoxProps {
  objectId: string;
  count: number;
  status: 'vote_up' | 'vote_down' | '';
  /** The reader's flags (a flag left out is false). */
  actions: PageActions;
  signedIn: boolean;
  /** The score's name in the post's structured data, when the post has a scope. */
  itemProp?: string;
}

interface VoteResult {
  votes: number;
  vote_status: 'vote_up' | 'vote_down' | '';
}

/**
 * Up, score, down. Plain buttons (a page has many). The server says who may vote; a guest's
 * click goes to login; a refusal arrives as the server's toast.
 */
export function VoteBox({ objectId, count, status, actions, signedIn, itemProp }: VoteBoxProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState({ votes: count, vote_status: status });
  const [busy, setBusy] = useState(false);

  async function vote(direction: 'up' | 'down') {
    if (!signedIn) {
      await navigate(`/users/login?redirect=${encodeURIComponent(window.location.pathname)}`);
      return;
    }
    setBusy(true);
    const cancel = state.vote_status === `vote_${direction}`;
    try {
      const result = await http.post<VoteResult>(`${API_BASE}/vote/${direction}`, {
        object_id: objectId,
        is_cancel: cancel,
      });
      setState({ votes: result.votes, vote_status: result.vote_status });
    } catch {
      // The client already showed the server's message.
    } finally {
      setBusy(false);
    }
  }

  const button = (direction: 'up' | 'down', allowed: boolean) => {
    const pressed = state.vote_status === `vote_${direction}`;
    return (
      <button
        type="button"
        aria-label={t(direction === 'up' ? 'ui.question.vote_up' : 'ui.question.vote_down')}
        aria-pressed={pressed}
        disabled={busy || (signedIn && !allowed && !pressed)}
        onClick={() => void vote(direction)}
        // The arrow is drawn by the stylesheet (styles.css), pointing down for `down`.
        className={direction === 'down' ? 'vote-button down' : 'vote-button'}
      />
    );
  };

  return (
    <div className="vote-box">
      {button('up', actions.vote_up === true)}
      <span className="vote-count" aria-live="polite" data-testid="vote-count" itemProp={itemProp}>
        {state.votes}
      </span>
      {button('down', actions.vote_down === true)}
    </div>
  );
}
