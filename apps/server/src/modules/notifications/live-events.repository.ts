import type { Selectable } from 'kysely';
import type { LiveEventsTable } from '../../db/database.js';
import type { Db } from '../../infra/db.js';

export type LiveEventRow = Selectable<LiveEventsTable>;

/**
 * Every query of `live_events`. Ids are fixed-length strings drawn from one sequence, so their
 * text order is their numeric order and `id > x` reads what came after `x`.
 */
export const liveEventsRepository = {
  async insert(db: Db, row: LiveEventRow): Promise<void> {
    await db.insertInto('live_events').values(row).execute();
  },

  /** The newest id ('' when there is none): where a process starts listening. */
  async latestId(db: Db): Promise<string> {
    const row = await db.selectFrom('live_events').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
    return row?.id ?? '';
  },

  /** Every event after `afterId`, oldest first, at most `limit` (the hub reads on until empty). */
  after(db: Db, afterId: string, limit: number): Promise<LiveEventRow[]> {
    return db.selectFrom('live_events').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute();
  },

  /**
   * What one reader missed after `afterId`: their own items, and when a question page is open,
   * what arrived on it. Oldest first, at most `limit`.
   */
  missedBy(db: Db, userId: string, questionId: string, afterId: string, limit: number): Promise<LiveEventRow[]> {
    return db
      .selectFrom('live_events')
      .selectAll()
      .where('id', '>', afterId)
      .where((eb) =>
        questionId
          ? eb.or([eb('user_id', '=', userId), eb.and([eb('user_id', '=', ''), eb('question_id', '=', questionId)])])
          : eb('user_id', '=', userId),
      )
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /** Housekeeping: events older than `before` (a tab away that long reloads its page anyway). */
  async sweep(db: Db, before: number): Promise<void> {
    await db.deleteFrom('live_events').where('created_at', '<', before).execute();
  },
};
