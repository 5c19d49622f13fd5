import type { Db } from '../../infra/db.js';

/** Where a post was written from: the author's IP and user agent at write time. */
export interface PostOrigin {
  ip: string;
  userAgent: string;
}

/** A post written outside a request (the seed writer, tests calling services) has no origin. */
export const NO_ORIGIN: PostOrigin = { ip: '', userAgent: '' };

/**
 * Post origins (migration 0021): read by the review queues alone, for staff in good standing
 * (peer facts 5.1 gives them to reviewers); never joined into a public read.
 */
export const postOriginsRepository = {
  async record(db: Db, objectId: string, origin: PostOrigin, now: number): Promise<void> {
    await db
      .insertInto('post_origins')
      .values({ object_id: objectId, ip: origin.ip, user_agent: origin.userAgent.slice(0, 512), created_at: now })
      .execute();
  },

  async find(db: Db, objectId: string): Promise<PostOrigin> {
    const row = await db
      .selectFrom('post_origins')
      .select(['ip', 'user_agent'])
      .where('object_id', '=', objectId)
      .executeTakeFirst();
    return row ? { ip: row.ip, userAgent: row.user_agent } : NO_ORIGIN;
  },
};
