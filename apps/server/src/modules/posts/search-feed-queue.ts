import { sql } from 'kysely';
import { ANSWER_STATUS } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { listedQuestionSql } from './public-questions.js';

/** `plugin_state.kind` of search plugins. */
export const SEARCH_PLUGIN_KIND = 'search';

export interface QueuedPost {
  post_id: string;
  version: number;
  attempts: number;
  next_attempt_at: number;
}

/** Whether a search plugin is switched on (so its index wants the post core's changes). */
async function feedIsOn(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('plugin_state')
    .select('slug_name')
    .where('kind', '=', SEARCH_PLUGIN_KIND)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The search plugin's queue (migration 0020): posts whose document the active search plugin
 * must be sent again. Written by the post core's index writer (search-index.ts) on the
 * connection it is given, so the queue changes exactly when the posts do; read and emptied by
 * the feed worker (modules/search/search-feed.ts). Nothing is queued while no search plugin is on.
 */
export const searchFeedQueue = {
  /** Queues posts (again: a newer change bumps `version`, so a push already under way does not clear it). */
  async enqueue(db: Db, postIds: readonly string[], now: number): Promise<void> {
    const ids = [...new Set(postIds)];
    if (ids.length === 0 || !(await feedIsOn(db))) return;
    await db
      .insertInto('search_plugin_queue')
      .values(ids.map((post_id) => ({ post_id, next_attempt_at: now })))
      .onConflict((oc) =>
        oc.column('post_id').doUpdateSet({
          version: sql<number>`search_plugin_queue.version + 1`,
          attempts: 0,
          next_attempt_at: now,
          last_error: '',
        }),
      )
      .execute();
  },

  /** A question and all its answers. */
  async enqueueThread(db: Db, questionId: string, now: number): Promise<void> {
    if (!(await feedIsOn(db))) return;
    const answers = await db.selectFrom('answers').select('id').where('question_id', '=', questionId).execute();
    await searchFeedQueue.enqueue(db, [questionId, ...answers.map((a) => a.id)], now);
  },

  /** Every public post, for a plugin just switched on (its index starts empty or stale). */
  async enqueueAllPublic(db: Db, now: number): Promise<void> {
    await sql`insert into search_plugin_queue (post_id, next_attempt_at)
      select questions.id, ${now} from questions where ${listedQuestionSql()}
      on conflict (post_id) do nothing`.execute(db);
    await sql`insert into search_plugin_queue (post_id, next_attempt_at)
      select answers.id, ${now} from answers
      join questions on questions.id = answers.question_id
      where answers.status = ${ANSWER_STATUS.normal} and ${listedQuestionSql()}
      on conflict (post_id) do nothing`.execute(db);
  },

  /** Drops the whole queue (the plugin was switched off: switching it on again refills it). */
  async clear(db: Db): Promise<void> {
    await db.deleteFrom('search_plugin_queue').execute();
  },

  due(db: Db, now: number, limit: number): Promise<QueuedPost[]> {
    return db
      .selectFrom('search_plugin_queue')
      .select(['post_id', 'version', 'attempts', 'next_attempt_at'])
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .orderBy('post_id')
      .limit(limit)
      .execute();
  },

  /**
   * Claims a row for one push by moving its next attempt past the lease, only if it is as it was
   * read (no other process claimed it, no newer change queued it). True when this process owns it.
   */
  async claim(db: Db, row: QueuedPost, leaseUntil: number): Promise<boolean> {
    const result = await db
      .updateTable('search_plugin_queue')
      .set({ next_attempt_at: leaseUntil })
      .where('post_id', '=', row.post_id)
      .where('version', '=', row.version)
      .where('next_attempt_at', '=', row.next_attempt_at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Removes a pushed row, unless a newer change queued the post again meanwhile. */
  async done(db: Db, row: QueuedPost): Promise<void> {
    await db
      .deleteFrom('search_plugin_queue')
      .where('post_id', '=', row.post_id)
      .where('version', '=', row.version)
      .execute();
  },

  async failed(db: Db, row: QueuedPost, nextAttemptAt: number, error: string): Promise<void> {
    await db
      .updateTable('search_plugin_queue')
      .set({ attempts: row.attempts + 1, next_attempt_at: nextAttemptAt, last_error: error.slice(0, 1000) })
      .where('post_id', '=', row.post_id)
      .where('version', '=', row.version)
      .execute();
  },
};
