import type { Db } from '../../infra/db.js';
import { reputation, type ReputationEvent, type ReputationKey } from '../reputation/reputation.service.js';

/** What a post's author received from votes on it (peer facts 1.1). */
const RECEIVED: ReputationEvent[] = [
  'question.voted_up',
  'question.voted_down',
  'answer.voted_up',
  'answer.voted_down',
];

function keyOf(row: {
  user_id: string;
  trigger_user_id: string;
  object_id: string;
  original_object_id: string;
  activity_type: string;
}): ReputationKey {
  return {
    userId: row.user_id,
    triggerUserId: row.trigger_user_id,
    objectId: row.object_id,
    originalObjectId: row.original_object_id,
    event: row.activity_type as ReputationEvent,
  };
}

/**
 * Unlike the peer (facts 1.3), deleting a post takes back what its votes earned or cost its
 * author, and undeleting restores it for the votes that still stand. Votes cannot change
 * while a post is deleted, so the two stay symmetric.
 */
export const voteReputation = {
  async takeBack(db: Db, postId: string): Promise<void> {
    const rows = await db
      .selectFrom('activities')
      .select(['user_id', 'trigger_user_id', 'object_id', 'original_object_id', 'activity_type'])
      .where('object_id', '=', postId)
      .where('activity_type', 'in', RECEIVED)
      .where('cancelled', '=', 0)
      .execute();
    for (const row of rows) await reputation.revoke(db, keyOf(row));
  },

  async restore(db: Db, postId: string): Promise<void> {
    const rows = await db
      .selectFrom('activities')
      .innerJoin('votes', (join) =>
        join
          .onRef('votes.object_id', '=', 'activities.object_id')
          .onRef('votes.user_id', '=', 'activities.trigger_user_id'),
      )
      .select([
        'activities.user_id',
        'activities.trigger_user_id',
        'activities.object_id',
        'activities.original_object_id',
        'activities.activity_type',
        'votes.vote',
      ])
      .where('activities.object_id', '=', postId)
      .where('activities.activity_type', 'in', RECEIVED)
      .where('activities.cancelled', '=', 1)
      .execute();
    for (const row of rows) {
      // Only the row matching the vote that stands (an up vote's row, not an earlier down's).
      if (row.activity_type.endsWith(row.vote === 1 ? 'voted_up' : 'voted_down')) {
        await reputation.grant(db, keyOf(row));
      }
    }
  },
};
