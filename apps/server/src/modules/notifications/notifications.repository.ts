import { sql } from 'kysely';
import type { Db } from '../../infra/db.js';
import { preparedQuery } from '../../infra/prepared-query.js';
import type { NotificationsTable } from '../../db/database.js';

export type NotificationRow = NotificationsTable;

/** Notification types and states as the peer numbers them (peer facts 0.4). */
export const NOTIFICATION_TYPE = { inbox: 1, achievement: 2 } as const;
export const INBOX_KIND = { posts: 1, votes: 2, invites: 3 } as const;
export const READ_STATE = { unread: 1, read: 2 } as const;

/** Every query of notifications and their red-dot counters; called with the writer's transaction. */
/** Prepared (infra/prepared-query.ts): every signed-in page reads it. */
const countersOf = preparedQuery((db, v: { userId: string }) =>
  db.selectFrom('notification_counters').select(['type', 'unread']).where('user_id', '=', v.userId),
);

export const notificationsRepository = {
  /** Inserts an item unless the receiver already has one with its group key; true when inserted. */
  async insert(db: Db, row: NotificationRow): Promise<boolean> {
    const result = await db
      .insertInto('notifications')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'group_key']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  findByGroup(db: Db, userId: string, groupKey: string) {
    return db
      .selectFrom('notifications')
      .select(['id', 'is_read'])
      .where('user_id', '=', userId)
      .where('group_key', '=', groupKey)
      .executeTakeFirst();
  },

  /** Moves an achievement to its new net rank and makes it unread again. */
  async refresh(db: Db, id: string, change: Pick<NotificationRow, 'rank' | 'action' | 'actor_id' | 'updated_at'>) {
    await db
      .updateTable('notifications')
      .set({ ...change, is_read: READ_STATE.unread })
      .where('id', '=', id)
      .execute();
  },

  async raiseCounter(db: Db, userId: string, type: number): Promise<void> {
    await db
      .insertInto('notification_counters')
      .values({ user_id: userId, type, unread: 1 })
      .onConflict((oc) =>
        oc.columns(['user_id', 'type']).doUpdateSet({ unread: sql`notification_counters.unread + 1` }),
      )
      .execute();
  },

  async lowerCounter(db: Db, userId: string, type: number): Promise<void> {
    await db
      .updateTable('notification_counters')
      .set({ unread: sql`unread - 1` })
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .where('unread', '>', 0)
      .execute();
  },

  async clearCounter(db: Db, userId: string, type: number): Promise<void> {
    await db
      .updateTable('notification_counters')
      .set({ unread: 0 })
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .execute();
  },

  async counters(db: Db, userId: string): Promise<Record<number, number>> {
    const rows = await countersOf(db, { userId });
    return Object.fromEntries(rows.map((r) => [r.type, Number(r.unread)]));
  },

  /** A page of the receiver's items of one type (and inbox kind), latest change first. */
  async page(db: Db, userId: string, type: number, kind: number | null, page: number, pageSize: number) {
    let query = db.selectFrom('notifications').where('user_id', '=', userId).where('type', '=', type);
    if (kind !== null) query = query.where('msg_type', '=', kind);
    const [total, list] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      query
        .selectAll()
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
    ]);
    return { count: Number(total.count), list };
  },

  findMine(db: Db, userId: string, id: string) {
    return db
      .selectFrom('notifications')
      .select(['id', 'type', 'is_read'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  },

  /** One of the receiver's items, whole (the live stream presents it). */
  findRow(db: Db, userId: string, id: string): Promise<NotificationRow | undefined> {
    return db
      .selectFrom('notifications')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  },

  /** Marks one item read; true when it was unread (so its counter comes down once). */
  async markRead(db: Db, id: string): Promise<boolean> {
    const result = await db
      .updateTable('notifications')
      .set({ is_read: READ_STATE.read })
      .where('id', '=', id)
      .where('is_read', '=', READ_STATE.unread)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async markAllRead(db: Db, userId: string, type: number): Promise<void> {
    await db
      .updateTable('notifications')
      .set({ is_read: READ_STATE.read })
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .where('is_read', '=', READ_STATE.unread)
      .execute();
  },

  /** Members who follow a question (they get copies of its answer, edit and accept items). */
  async followersOf(db: Db, questionId: string): Promise<string[]> {
    const rows = await db.selectFrom('follows').select('user_id').where('object_id', '=', questionId).execute();
    return rows.map((r) => r.user_id);
  },

  /** The net reputation a member has from one object: what an achievement shows. */
  async netRank(db: Db, userId: string, objectId: string): Promise<number> {
    const row = await db
      .selectFrom('activities')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('rank'), sql<number>`0`).as('total'))
      .where('user_id', '=', userId)
      .where('object_id', '=', objectId)
      .where('cancelled', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  },
};
