import { MAIL_STATUS, COMMENT_STATUS, ROLE, USER_STATUS } from '@inquire/shared';
import type { AdminUserFilter } from '@inquire/shared';
import { sql, type Updateable } from 'kysely';
import type { UsersTable } from '../../db/database.js';
import type { Db } from '../../infra/db.js';
import { postWrites } from '../posts/post-writes.repository.js';
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

  async update(db: Db, id: string, values: Updateable<UsersTable>): Promise<void> {
    await db.updateTable('users').set(values).where('id', '=', id).execute();
  },

  /** "Remove all their content": soft-deletes every question, answer and comment of the member. */
  async softDeleteContent(db: Db, userId: string, now: number): Promise<void> {
    await postWrites.softDeleteAllOf(db, userId, now);
    await db
      .updateTable('comments')
      .set({ status: COMMENT_STATUS.deleted, updated_at: now })
      .where('user_id', '=', userId)
      .where('status', '!=', COMMENT_STATUS.deleted)
      .execute();
  },
};
