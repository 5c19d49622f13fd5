import { ANSWER_STATUS, COMMENT_STATUS, MAIL_STATUS, QUESTION_STATUS, ROLE, USER_STATUS } from '@inquire/shared';
import type { AdminUserFilter } from '@inquire/shared';
import { sql, type Updateable } from 'kysely';
import type { UsersTable } from '../../db/database.js';
import type { Db } from '../../infra/db.js';
import type { UserRow } from '../users/users.repository.js';

export interface UserSearch {
  filter: AdminUserFilter;
  /** An email, an id (`user:<id>` or bare) or a name fragment; empty lists everyone. */
  query: string;
  offset: number;
  limit: number;
  now: number;
}

/** `%` and `_` in a search are literal characters, not patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The admin users list and the writes of the admin user actions: the only SQL of this module. */
export const adminUsersRepository = {
  async page(db: Db, search: UserSearch): Promise<{ rows: UserRow[]; count: number }> {
    const filtered = db.selectFrom('users').where((eb) => {
      const conditions = [];
      switch (search.filter) {
        case 'staff':
          conditions.push(eb('role_id', 'in', [ROLE.admin, ROLE.moderator]));
          conditions.push(eb('status', '!=', USER_STATUS.deleted));
          break;
        case 'inactive':
          conditions.push(eb('mail_status', '=', MAIL_STATUS.inactive));
          conditions.push(eb('status', '!=', USER_STATUS.deleted));
          break;
        case 'suspended':
          // A suspension past its end is over, whatever the stored status says.
          conditions.push(eb('status', '=', USER_STATUS.suspended));
          conditions.push(eb('suspended_until', '>', search.now));
          break;
        case 'deleted':
          conditions.push(eb('status', '=', USER_STATUS.deleted));
          break;
        case 'all':
          conditions.push(eb('status', '!=', USER_STATUS.deleted));
          break;
      }
      const query = search.query;
      if (query) {
        const id = query.startsWith('user:') ? query.slice(5).trim() : query;
        const pattern = `%${escapeLike(query.toLowerCase())}%`;
        conditions.push(
          eb.or([
            eb('id', '=', id),
            eb('e_mail', '=', query.toLowerCase()),
            // ESCAPE names the backslash on both engines (SQLite has no default escape character).
            sql<boolean>`lower(username) like ${pattern} escape '\\'`,
            sql<boolean>`lower(display_name) like ${pattern} escape '\\'`,
          ]),
        );
      }
      return eb.and(conditions);
    });
    const [rows, total] = await Promise.all([
      filtered
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(search.limit)
        .offset(search.offset)
        .execute(),
      filtered.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.n) };
  },

  /** Which of these addresses already belong to an account (deleted accounts' were renamed). */
  async takenEmails(db: Db, emails: string[]): Promise<string[]> {
    const taken: string[] = [];
    // In slices, under every engine's limit on bound parameters.
    for (let i = 0; i < emails.length; i += 500) {
      const rows = await db
        .selectFrom('users')
        .select('e_mail')
        .where('e_mail', 'in', emails.slice(i, i + 500))
        .execute();
      taken.push(...rows.map((row) => row.e_mail));
    }
    return taken;
  },

  async update(db: Db, id: string, values: Updateable<UsersTable>): Promise<void> {
    await db.updateTable('users').set(values).where('id', '=', id).execute();
  },

  /** The member's posts not yet deleted, with the status each has (a delete swaps from it). */
  async livePostsOf(db: Db, userId: string) {
    const [questions, answers] = await Promise.all([
      db
        .selectFrom('questions')
        .select(['id', 'status', 'user_id'])
        .where('user_id', '=', userId)
        .where('status', '!=', QUESTION_STATUS.deleted)
        .execute(),
      db
        .selectFrom('answers')
        .select(['id', 'status', 'user_id', 'question_id'])
        .where('user_id', '=', userId)
        .where('status', '!=', ANSWER_STATUS.deleted)
        .execute(),
    ]);
    return { questions, answers };
  },

  async softDeleteComments(db: Db, userId: string, now: number): Promise<void> {
    await db
      .updateTable('comments')
      .set({ status: COMMENT_STATUS.deleted, updated_at: now })
      .where('user_id', '=', userId)
      .where('status', '!=', COMMENT_STATUS.deleted)
      .execute();
  },
};
