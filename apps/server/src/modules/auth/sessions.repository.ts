import type { Db } from '../../infra/db.js';
import { preparedQuery } from '../../infra/prepared-query.js';
import type { UserRow } from '../users/users.repository.js';

/** Prepared: every signed-in request starts with it. */
const liveSessionUser = preparedQuery((db, v: { tokenHash: string; now: number }) =>
  db
    .selectFrom('user_sessions')
    .innerJoin('users', 'users.id', 'user_sessions.user_id')
    .selectAll('users')
    .where('user_sessions.token_hash', '=', v.tokenHash)
    .where('user_sessions.expires_at', '>', v.now),
);

export const sessionsRepository = {
  async insert(
    db: Db,
    row: {
      token_hash: string;
      user_id: string;
      created_at: number;
      expires_at: number;
      ip: string;
      user_agent: string;
    },
  ): Promise<void> {
    await db
      .insertInto('user_sessions')
      .values({ ...row, last_seen_at: row.created_at })
      .execute();
  },

  findLive(db: Db, tokenHash: string, now: number) {
    return db
      .selectFrom('user_sessions')
      .select(['token_hash', 'user_id', 'expires_at'])
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  },

  /**
   * The member behind a live session, in the one round trip every signed-in request starts
   * with (the session, then its user, were two).
   */
  async liveSessionUser(db: Db, tokenHash: string, now: number): Promise<UserRow | undefined> {
    const [user] = await liveSessionUser(db, { tokenHash, now });
    return user;
  },

  async delete(db: Db, tokenHash: string): Promise<void> {
    await db.deleteFrom('user_sessions').where('token_hash', '=', tokenHash).execute();
  },

  /** Ends every session of a user but one (password change, role change, suspension). */
  async deleteAllForUser(db: Db, userId: string, keepTokenHash = ''): Promise<void> {
    await db
      .deleteFrom('user_sessions')
      .where('user_id', '=', userId)
      .where('token_hash', '!=', keepTokenHash)
      .execute();
  },
};
