import { sql } from 'kysely';
import type { Db } from '../../infra/db.js';
import { nowSeconds } from '../../lib/clock.js';
import { searchFeedQueue } from './search-feed-queue.js';

export type VoteTable = 'questions' | 'answers' | 'comments';

export const votesRepository = {
  find(db: Db, objectId: string, userId: string) {
    return db
      .selectFrom('votes')
      .select('vote')
      .where('object_id', '=', objectId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  },

  /** Records a vote; false when this member's vote on the object already exists (a double submit). */
  async insert(
    db: Db,
    row: { objectId: string; userId: string; objectUserId: string; vote: 1 | -1; now: number },
  ): Promise<boolean> {
    const result = await db
      .insertInto('votes')
      .values({
        object_id: row.objectId,
        user_id: row.userId,
        object_user_id: row.objectUserId,
        vote: row.vote,
        created_at: row.now,
        updated_at: row.now,
      })
      .onConflict((oc) => oc.columns(['object_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  /** Removes a vote; false when there was none to remove. */
  async delete(db: Db, objectId: string, userId: string, vote: 1 | -1): Promise<boolean> {
    const result = await db
      .deleteFrom('votes')
      .where('object_id', '=', objectId)
      .where('user_id', '=', userId)
      .where('vote', '=', vote)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** Adjusts the stored score atomically, so concurrent voters never overwrite each other. */
  async bumpScore(db: Db, table: VoteTable, objectId: string, delta: number): Promise<void> {
    await db
      .updateTable(table)
      .set({ vote_count: sql`vote_count + ${delta}` })
      .where('id', '=', objectId)
      .execute();
    // A search plugin's document carries the score (comments have none).
    if (table !== 'comments') await searchFeedQueue.enqueue(db, [objectId], nowSeconds());
  },

  async tally(db: Db, objectId: string) {
    const rows = await db
      .selectFrom('votes')
      .select(['vote', (eb) => eb.fn.countAll<number>().as('count')])
      .where('object_id', '=', objectId)
      .groupBy('vote')
      .execute();
    const up = Number(rows.find((r) => r.vote === 1)?.count ?? 0);
    const down = Number(rows.find((r) => r.vote === -1)?.count ?? 0);
    return { up, down };
  },

  /** The caller's votes on many objects at once, for the page's vote boxes. */
  async mine(db: Db, userId: string, objectIds: string[]) {
    if (!userId || objectIds.length === 0) return new Map<string, number>();
    const rows = await db
      .selectFrom('votes')
      .select(['object_id', 'vote'])
      .where('user_id', '=', userId)
      .where('object_id', 'in', objectIds)
      .execute();
    return new Map(rows.map((r) => [r.object_id, r.vote]));
  },
};
