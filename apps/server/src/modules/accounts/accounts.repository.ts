import type { NotificationSource } from '@inquire/shared';
import { sql, type Updateable } from 'kysely';
import type { UsersTable } from '../../db/database.js';
import type { Db } from '../../infra/db.js';
import { nextId } from '../../lib/ids.js';

/**
 * The `users` column whose unique constraint a write broke, on either engine, or undefined for
 * any other error. Two sign-ups (or changes) racing for one address or username both pass the
 * friendly "is it taken?" check; the database's unique constraint decides, and this maps its
 * error back to the field. SQLite says `UNIQUE constraint failed: users.e_mail`; PostgreSQL
 * reports code 23505 with the constraint `users_e_mail_key`.
 */
export function takenUserColumn(error: unknown): 'e_mail' | 'username' | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, constraint } = error as { code?: unknown; message?: unknown; constraint?: unknown };
  const name =
    code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string'
      ? /\busers\.(\w+)$/.exec(message)?.[1]
      : code === '23505' && typeof constraint === 'string'
        ? /^users_(\w+)_key$/.exec(constraint)?.[1]
        : undefined;
  return name === 'e_mail' || name === 'username' ? name : undefined;
}

export const accountsRepository = {
  async usernameTaken(db: Db, username: string, exceptId = ''): Promise<boolean> {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .where('id', '!=', exceptId)
      .executeTakeFirst();
    return row !== undefined;
  },

  async emailTaken(db: Db, email: string): Promise<boolean> {
    const row = await db.selectFrom('users').select('id').where('e_mail', '=', email).executeTakeFirst();
    return row !== undefined;
  },

  async update(db: Db, id: string, values: Updateable<UsersTable>): Promise<void> {
    await db.updateTable('users').set(values).where('id', '=', id).execute();
  },

  /**
   * Marks the email verified; the first activation ever also grants +1 reputation, recorded
   * as an activity row so deactivating and reactivating cannot farm it.
   */
  async activate(db: Db, id: string, now: number): Promise<void> {
    await db.updateTable('users').set({ mail_status: 1, updated_at: now }).where('id', '=', id).execute();
    const granted = await db
      .selectFrom('activities')
      .select('id')
      .where('user_id', '=', id)
      .where('activity_type', '=', 'user.activated')
      .executeTakeFirst();
    if (granted) return;
    await db
      .insertInto('activities')
      .values({
        id: await nextId(db, 'activity'),
        user_id: id,
        trigger_user_id: id,
        object_id: id,
        original_object_id: id,
        activity_type: 'user.activated',
        rank: 1,
        has_rank: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .updateTable('users')
      .set({ rank: sql`rank + 1` })
      .where('id', '=', id)
      .execute();
  },

  notificationConfig(db: Db, userId: string) {
    return db
      .selectFrom('user_notification_config')
      .select(['source', 'channels'])
      .where('user_id', '=', userId)
      .execute();
  },

  async saveNotificationConfig(db: Db, userId: string, source: NotificationSource, enable: boolean, now: number) {
    const channels = JSON.stringify([{ key: 'email', enable }]);
    await db
      .insertInto('user_notification_config')
      .values({ user_id: userId, source, channels, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'source']).doUpdateSet({ channels, updated_at: now }))
      .execute();
  },

  /** An upload of this user, for the avatar (uploads are served under /uploads/<path>). */
  findUpload(db: Db, userId: string, path: string) {
    return db
      .selectFrom('uploads')
      .select(['id', 'path', 'source'])
      .where('user_id', '=', userId)
      .where('path', '=', path)
      .executeTakeFirst();
  },
};
