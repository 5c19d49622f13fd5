import { sql } from 'kysely';
import type { Db } from '../../infra/db.js';

/**
 * Fixed-window counters in the database, shared by every process on the same database:
 * one atomic upsert counts a hit and restarts the window once it has passed.
 */
export const countersRepository = {
  async hit(db: Db, key: string, windowSeconds: number, now: number): Promise<number> {
    return (await countersRepository.hitWindow(db, key, windowSeconds, now)).count;
  },

  /** Counts a hit and returns the new count with the start of the window it fell in. */
  async hitWindow(
    db: Db,
    key: string,
    windowSeconds: number,
    now: number,
  ): Promise<{ count: number; windowStart: number }> {
    const stale = now - windowSeconds;
    const row = await db
      .insertInto('rate_counters')
      .values({ counter_key: key, window_start: now, count: 1, last_at: now })
      .onConflict((oc) =>
        oc.column('counter_key').doUpdateSet({
          count: sql<number>`case when rate_counters.window_start <= ${stale} then 1 else rate_counters.count + 1 end`,
          window_start: sql<number>`case when rate_counters.window_start <= ${stale} then ${now} else rate_counters.window_start end`,
          last_at: now,
        }),
      )
      .returning(['count', 'window_start', 'last_at'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), windowStart: Number(row.window_start) };
  },

  /**
   * Takes one hit back with an atomic decrement, only within the window it was counted in: a
   * refund arriving after the window restarted must not lower the new window's count.
   */
  async refund(db: Db, key: string, windowStart: number): Promise<void> {
    await db
      .updateTable('rate_counters')
      .set({ count: sql<number>`count - 1` })
      .where('counter_key', '=', key)
      .where('window_start', '=', windowStart)
      .where('count', '>', 0)
      .execute();
  },

  /** The count in the current window, and when the last hit was (0 and 0 when none). */
  async peek(db: Db, key: string, windowSeconds: number, now: number): Promise<{ count: number; lastAt: number }> {
    const row = await db
      .selectFrom('rate_counters')
      .select(['count', 'window_start', 'last_at'])
      .where('counter_key', '=', key)
      .executeTakeFirst();
    if (!row || Number(row.window_start) <= now - windowSeconds)
      return { count: 0, lastAt: row ? Number(row.last_at) : 0 };
    return { count: Number(row.count), lastAt: Number(row.last_at) };
  },

  async clear(db: Db, key: string): Promise<void> {
    await db.deleteFrom('rate_counters').where('counter_key', '=', key).execute();
  },

  async sweep(db: Db, before: number): Promise<void> {
    await db.deleteFrom('rate_counters').where('last_at', '<', before).execute();
  },
};

export const captchaRepository = {
  async insert(db: Db, row: { captcha_id: string; answer_hash: string; created_at: number; expires_at: number }) {
    await db.insertInto('captcha_codes').values(row).execute();
  },

  /** Takes a challenge out (single use): deletes it and returns its answer hash if it was live. */
  async take(db: Db, captchaId: string, now: number): Promise<string | undefined> {
    const row = await db
      .deleteFrom('captcha_codes')
      .where('captcha_id', '=', captchaId)
      .returning(['answer_hash', 'expires_at'])
      .executeTakeFirst();
    if (!row || Number(row.expires_at) <= now) return undefined;
    return row.answer_hash;
  },

  async sweep(db: Db, now: number): Promise<void> {
    await db.deleteFrom('captcha_codes').where('expires_at', '<=', now).execute();
  },
};
