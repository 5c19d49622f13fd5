import { sql, type Insertable, type Selectable } from 'kysely';
import type { UsersTable } from '../../db/database.js';
import { isSqlite, type Db } from '../../infra/db.js';
import { jsonObject } from '../../infra/json-columns.js';
import { oneOf, preparedQuery } from '../../infra/prepared-query.js';

export type UserRow = Selectable<UsersTable>;

/** What a post's author is shown from (posts/post.presenter.ts presentAuthor). */
const AUTHOR_FIELDS = [
  'id',
  'username',
  'display_name',
  'avatar',
  'e_mail',
  'status',
  'rank',
  'suspended_until',
  'mail_status',
] as const;

/** The author's columns of the users row aliased `alias`, by name (for infra/json-columns.ts). */
export const authorColumns = (alias: string): Record<string, string> =>
  Object.fromEntries(AUTHOR_FIELDS.map((field) => [field, `${alias}.${field}`]));

/**
 * The author's columns of the user whose id is in the column `userId` (e.g. `answers.user_id`),
 * as one JSON column of the row that names them (infra/json-columns.ts): a round trip less.
 */
export const authorOf = (db: Db, userId: string) =>
  sql`(select ${jsonObject(db, authorColumns('u'))} from users u where u.id = ${sql.ref(userId)})`;

/** Prepared (infra/prepared-query.ts): every page of posts reads their authors. */
const authorsOf = preparedQuery((db, v: { ids: readonly string[] }) =>
  db
    .selectFrom('users')
    .select(AUTHOR_FIELDS)
    .where(oneOf(sql.ref('id'), v.ids)),
);

export const usersRepository = {
  findById(db: Db, id: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /**
   * The member's password hash, the row locked until the transaction ends, so two requests
   * deciding by it run one after the other. PostgreSQL locks the row; SQLite's write
   * transactions (BEGIN IMMEDIATE) already hold the whole database.
   */
  async lockedPassword(trx: Db, id: string): Promise<string | undefined> {
    const read = trx.selectFrom('users').select('pass').where('id', '=', id);
    const row = await (isSqlite(trx) ? read : read.forUpdate()).executeTakeFirst();
    return row?.pass;
  },

  /** A member's id by username (search's `user:name`), without the rest of the row. */
  async idByUsername(db: Db, username: string): Promise<string | undefined> {
    const row = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
    return row?.id;
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

  /** Authors of many posts in one query. */
  authors(db: Db, ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return authorsOf(db, { ids: [...new Set(ids)] });
  },

  async bumpCount(db: Db, id: string, column: 'question_count' | 'answer_count', by: number): Promise<void> {
    await db
      .updateTable('users')
      .set({ [column]: sql`${sql.ref(column)} + ${by}` })
      .where('id', '=', id)
      .execute();
  },

  async hasAdmin(db: Db): Promise<boolean> {
    const row = await db.selectFrom('users').select('id').where('role_id', '=', 2).executeTakeFirst();
    return row !== undefined;
  },
};
