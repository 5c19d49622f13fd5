import { objectTypeOf } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { recordActivity } from '../posts/record-activity.js';
import { reportsRepository } from './moderation.repository.js';

/** What staff did from the review screen, as timeline actions (`<kind>.<what>`). */
export type ModerationAction = 'flag_ignored' | 'approved' | 'rejected' | 'appeal_granted' | 'appeal_denied';

/**
 * Writes a moderation action on the timeline (issue 12 item 5: who, what, reason). A
 * question's or answer's entry shows on its own timeline, a comment's on the timeline of the
 * post it hangs off; a member has no timeline, so their entry is kept on themselves. Closing,
 * deleting, unlisting and editing are written by the posts' own use cases.
 */
export async function recordModeration(
  trx: Db,
  entry: { objectId: string; actorId: string; action: ModerationAction; reason: string; now: number },
): Promise<void> {
  const kind = objectTypeOf(entry.objectId);
  const comment = kind === 'comment' ? await reportsRepository.commentById(trx, entry.objectId) : undefined;
  await recordActivity(trx, {
    userId: entry.actorId,
    objectId: entry.objectId,
    originalObjectId: comment?.object_id ?? entry.objectId,
    type: `${kind}.${entry.action}`,
    comment: entry.reason,
    now: entry.now,
  });
}
