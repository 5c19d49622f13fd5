import type { Insertable, Selectable } from 'kysely';
import type { UsersTable } from '../../db/database.js';
import type { Db } from '../../infra/db.js';

export type UserRow = Selectable<UsersTable>;

export const usersRepository = {
  findById(db: Db, id: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findByEmail(db: Db, email: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('e_mail', '=', email.trim().toLowerCase()).executeTakeFirst();
  },

  async insert(db: Db, row: Insertable<UsersTable>): Promise<void> {
    await db.insertInto('users').values(row).execute();
  },

  async touchLogin(db: Db, id: string, now: number): Promise<void> {
    await db.updateTable('users').set({ last_login_date: now }).where('id', '=', id).execute();
  },

  async hasAdmin(db: Db): Promise<boolean> {
    const row = await db.selectFrom('users').select('id').where('role_id', '=', 2).executeTakeFirst();
    return row !== undefined;
  },
};
