import type { ReactionEmoji, ReactionSummary } from '@inquire/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';

/**
 * Drawn, not emoji characters: a machine without a colour emoji font would show boxes. The
 * drawings are defined once per page (ReactionGlyphs) and each button refers to them.
 */
const FACE = 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z';
const MOUTH = { smile: 'M8 14c1 1.6 2.4 2.4 4 2.4s3-.8 4-2.4', frown: 'M8 16.4c1-1.6 2.4-2.4 4-2.4s3 .8 4 2.4' };
const GLYPH_COLOUR = { heart: 'text-red-600 dark:text-red-400', smile: 'text-amber-600 dark:text-amber-400' };

function Face({ emoji }: { emoji: 'smile' | 'frown' }) {
  return (
    <symbol id={`reaction-${emoji}`} viewBox="0 0 24 24">
      <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
        <path d={FACE} />
        <path d={MOUTH[emoji]} />
      </g>
      <circle cx="9" cy="10" r="1.2" fill="currentColor" />
      <circle cx="15" cy="10" r="1.2" fill="currentColor" />
    </symbol>
  );
}

/** The reaction drawings, once for the whole page (render it once, above the posts). */
export function ReactionGlyphs() {
  return (
    <svg className="hidden" aria-hidden="true">
      <symbol id="reaction-heart" viewBox="0 0 24 24">
        <path
          fill="currentColor"
          d="M12 21s-7.5-4.6-9.5-9.3C1.2 8.6 3.1 5 6.6 5c2 0 3.4 1.1 5.4 3.2C14 6.1 15.4 5 17.4 5c3.5 0 5.4 3.6 4.1 6.7C19.5 16.4 12 21 12 21z"
        />
      </symbol>
      <Face emoji="smile" />
      <Face emoji="frown" />
    </svg>
  );
}

function Glyph({ emoji }: { emoji: ReactionEmoji }) {
  return (
    <svg className={`h-4 w-4 ${GLYPH_COLOUR[emoji === 'heart' ? 'heart' : 'smile']}`} aria-hidden="true">
      <use href={`#reaction-${emoji}`} />
    </svg>
  );
}

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
            className="reaction-pill"
          >
            <Glyph emoji={r.emoji} />
            <span>{r.count}</span>
          </button>
        );
      })}
    </div>
  );
}
