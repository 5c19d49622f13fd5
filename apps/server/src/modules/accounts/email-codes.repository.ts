import type { Db } from '../../infra/db.js';

/** `bind_external`: connects a waiting external login to the account (content: the binding's key hash). */
export type EmailCodeAction = 'activate' | 'reset' | 'change_email' | 'unsubscribe' | 'bind_external';

export const emailCodesRepository = {
  /** Stores a new code and retires the user's older codes for the same action (newest only). */
  async issue(
    db: Db,
    row: { code_hash: string; user_id: string; action: EmailCodeAction; content: string; now: number; ttl: number },
  ): Promise<void> {
    await db
      .updateTable('email_codes')
      .set({ used_at: row.now })
      .where('user_id', '=', row.user_id)
      .where('action', '=', row.action)
      .where('used_at', '=', 0)
      .execute();
    await db
      .insertInto('email_codes')
      .values({
        code_hash: row.code_hash,
        user_id: row.user_id,
        action: row.action,
        content: row.content,
        created_at: row.now,
        expires_at: row.now + row.ttl,
      })
      .execute();
  },

  /**
   * Stores a code without retiring older ones: unsubscribe links, one per notification email,
   * all stay valid for their whole life (peer facts 4.4: exempt from "only the latest").
   */
  async store(
    db: Db,
    row: { code_hash: string; user_id: string; action: EmailCodeAction; content: string; now: number; ttl: number },
  ): Promise<void> {
    await db
      .insertInto('email_codes')
      .values({
        code_hash: row.code_hash,
        user_id: row.user_id,
        action: row.action,
        content: row.content,
        created_at: row.now,
        expires_at: row.now + row.ttl,
      })
      .execute();
  },

  /** A code that has not expired, used or not (an unsubscribe link may be followed twice). */
  findLive(db: Db, codeHash: string, action: EmailCodeAction, now: number) {
    return db
      .selectFrom('email_codes')
      .select(['user_id', 'content'])
      .where('code_hash', '=', codeHash)
      .where('action', '=', action)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  },

  /** Removes codes that expired more than a day ago (used or not). */
  async sweep(db: Db, before: number): Promise<void> {
    await db.deleteFrom('email_codes').where('expires_at', '<', before).execute();
  },

  /** Uses a live code once: true only for the one caller that marked it used. */
  async consume(db: Db, codeHash: string, action: EmailCodeAction, now: number) {
    const row = await db
      .selectFrom('email_codes')
      .select(['user_id', 'content', 'expires_at', 'used_at'])
      .where('code_hash', '=', codeHash)
      .where('action', '=', action)
      .executeTakeFirst();
    if (!row || Number(row.used_at) !== 0 || Number(row.expires_at) <= now) return undefined;
    const result = await db
      .updateTable('email_codes')
      .set({ used_at: now })
      .where('code_hash', '=', codeHash)
      .where('used_at', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? { user_id: row.user_id, content: row.content } : undefined;
  },
};
