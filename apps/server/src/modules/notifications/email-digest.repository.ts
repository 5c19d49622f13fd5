import type { NotificationSource } from '@inquire/shared';
import { sql } from 'kysely';
import type { Db } from '../../infra/db.js';
import type { EmailDigestItemsTable } from '../../db/database.js';

/** The two kinds of notification email: each has its own unsubscribe meaning, so its own digest. */
export type Digest = 'inbox' | 'question';

export type DigestItem = EmailDigestItemsTable;

/** The queries of notification emails: waiting digest items, subscribers and the weekly quota. */
export const emailDigestRepository = {
  async insert(db: Db, item: DigestItem): Promise<void> {
    await db.insertInto('email_digest_items').values(item).execute();
  },

  /** Receivers (with their digest) whose oldest waiting item is due. */
  dueReceivers(db: Db, now: number, limit: number) {
    return db
      .selectFrom('email_digest_items')
      .select(['user_id', 'digest'])
      .where('due_at', '<=', now)
      .groupBy(['user_id', 'digest'])
      .limit(limit)
      .execute();
  },

  /** Every waiting item of one receiver's digest, due or not: the later ones ride along. */
  itemsOf(db: Db, userId: string, digest: string) {
    return db
      .selectFrom('email_digest_items')
      .selectAll()
      .where('user_id', '=', userId)
      .where('digest', '=', digest)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  /** Deletes the items one email is made of; the count tells whether another process took some first. */
  async remove(db: Db, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await db.deleteFrom('email_digest_items').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** Drops every due item (no SMTP settings: nothing is sent). */
  async removeDue(db: Db, now: number): Promise<void> {
    await db.deleteFrom('email_digest_items').where('due_at', '<=', now).execute();
  },

  /** Of these members, those whose email channel of `source` is on. */
  async subscribed(db: Db, userIds: readonly string[], source: NotificationSource): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('user_notification_config')
      .select(['user_id', 'channels'])
      .where('source', '=', source)
      .where('user_id', 'in', userIds)
      .execute();
    return new Set(rows.filter((r) => emailOn(r.channels)).map((r) => r.user_id));
  },

  /** Every member whose email channel of `source` is on. */
  async allSubscribed(db: Db, source: NotificationSource): Promise<string[]> {
    const rows = await db
      .selectFrom('user_notification_config')
      .select(['user_id', 'channels'])
      .where('source', '=', source)
      .execute();
    return rows.filter((r) => emailOn(r.channels)).map((r) => r.user_id);
  },

  /** Members who follow at least one tag of the question. */
  async tagFollowers(db: Db, questionId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('follows')
      .innerJoin('tag_relations', 'tag_relations.tag_id', 'follows.object_id')
      .select('follows.user_id')
      .distinct()
      .where('tag_relations.object_id', '=', questionId)
      .execute();
    return rows.map((r) => r.user_id);
  },

  /**
   * Counts one new-question email against the member's 7-day window (the window starts with the
   * first email and restarts once it has passed) and returns the new count, in one atomic upsert.
   */
  async countQuestionEmail(db: Db, userId: string, windowSeconds: number, now: number): Promise<number> {
    const stale = now - windowSeconds;
    const row = await db
      .insertInto('email_question_quota')
      .values({ user_id: userId, window_start: now, count: 1 })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          count: sql<number>`case when email_question_quota.window_start <= ${stale} then 1 else email_question_quota.count + 1 end`,
          window_start: sql<number>`case when email_question_quota.window_start <= ${stale} then ${now} else email_question_quota.window_start end`,
        }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
};

/** Whether a stored channels list has email on; a damaged row reads as off (as the settings screen reads it). */
function emailOn(channels: string): boolean {
  try {
    return (JSON.parse(channels) as { key: string; enable: boolean }[]).some((c) => c.key === 'email' && c.enable);
  } catch {
    return false;
  }
}
