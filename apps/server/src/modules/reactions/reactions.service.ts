import { REACTION_EMOJIS, type ReactionInput, type ReactionSummary } from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import type { Actor } from '../auth/auth.service.js';
import { loadLivePost } from '../posts/visibility.js';
import { reactionsRepository } from './reactions.repository.js';

/** How many names the tooltip lists before "and N more" is left to the count. */
const TOOLTIP_NAMES = 5;

/** Heart, smile and frown on questions and answers (peer facts 6.9). */
export class ReactionsService {
  constructor(private readonly site: SiteRuntime) {}

  /** The counts of a post the caller may see, and which ones are the caller's. */
  async summary(objectId: string, actor: Actor | null): Promise<ReactionSummary> {
    const post = await loadLivePost(this.site.db, objectId, actor);
    return this.summarize(post.id, actor);
  }

  /** Adds or takes back the caller's reaction; deleted or hidden posts take none. */
  async react(input: ReactionInput, actor: Actor): Promise<ReactionSummary> {
    const db = this.site.db;
    const post = await loadLivePost(db, input.object_id, actor);
    if (input.reaction === 'activate') {
      await reactionsRepository.add(db, post.id, actor.user.id, input.emoji, nowSeconds());
    } else {
      await reactionsRepository.remove(db, post.id, actor.user.id, input.emoji);
    }
    return this.summarize(post.id, actor);
  }

  /** Summaries of several live posts the caller may see (loaded by the caller), in one query. */
  async summariesOf(objectIds: readonly string[], actor: Actor | null): Promise<Record<string, ReactionSummary>> {
    const rows = await reactionsRepository.listForMany(this.site.db, objectIds);
    return Object.fromEntries(
      objectIds.map((id) => [
        id,
        summarize(
          rows.filter((r) => r.object_id === id),
          actor,
        ),
      ]),
    );
  }

  private async summarize(objectId: string, actor: Actor | null): Promise<ReactionSummary> {
    return summarize(await reactionsRepository.listFor(this.site.db, objectId), actor);
  }
}

type ReactionRow = { reaction: string; user_id: string; display_name: string };

function summarize(rows: readonly ReactionRow[], actor: Actor | null): ReactionSummary {
  return {
    reaction_summary: REACTION_EMOJIS.map((emoji) => {
      const mine = rows.filter((r) => r.reaction === emoji);
      return {
        emoji,
        is_active: actor !== null && mine.some((r) => r.user_id === actor.user.id),
        count: mine.length,
        tooltip: mine
          .slice(0, TOOLTIP_NAMES)
          .map((r) => r.display_name)
          .join(', '),
      };
    }),
  };
}
