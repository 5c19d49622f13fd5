import type { ReactionEmoji, ReactionSummary } from '@inquire/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';

export const EMPTY_REACTIONS: ReactionSummary = {
  reaction_summary: (['heart', 'smile', 'frown'] as const).map((emoji) => ({
    emoji,
    is_active: false,
    count: 0,
    tooltip: '',
  })),
};

/**
 * Heart, smile and frown under a post, with counts and who reacted (the title); pressed when
 * the reader reacted. A guest's click goes to login.
 */
export function Reactions({
  objectId,
  summary,
  signedIn,
}: {
  objectId: string;
  summary: ReactionSummary;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState(summary);
  const [busy, setBusy] = useState(false);

  async function toggle(emoji: ReactionEmoji, active: boolean) {
    if (!signedIn) {
      await navigate(`/users/login?redirect=${encodeURIComponent(window.location.pathname)}`);
      return;
    }
    setBusy(true);
    try {
      setState(
        await http.put<ReactionSummary>(`${API_BASE}/meta/reaction`, {
          object_id: objectId,
          emoji,
          reaction: active ? 'deactivate' : 'activate',
        }),
      );
    } catch {
      // The client already showed the server's message.
    } finally {
      setBusy(false);
    }
  }

  return (
    <div
      role="group"
      aria-label={t('ui.interactions.reactions')}
      className="flex flex-wrap gap-2"
      data-testid="reactions"
    >
      {state.reaction_summary.map((r) => {
        const name = t(`ui.interactions.${r.emoji}`);
        return (
          <button
            key={r.emoji}
            type="button"
            disabled={busy}
            aria-pressed={r.is_active}
            aria-label={t('ui.interactions.reaction_label', { name, count: r.count })}
            title={r.tooltip || name}
            onClick={() => void toggle(r.emoji, r.is_active)}
            // The glyph is drawn by the stylesheet from the emoji's class (styles.css).
            className={`reaction-pill ${r.emoji}`}
          >
            {r.count}
          </button>
        );
      })}
    </div>
  );
}
