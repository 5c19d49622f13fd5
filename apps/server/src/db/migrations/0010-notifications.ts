import type { Kysely } from 'kysely';

/**
 * Notifications (peer facts 4): one row per inbox item or achievement, written in the
 * transaction of the change that causes it, so a crash loses none and a rolled-back change
 * leaves none.
 *
 * The `notifications` table of 0001 was never written; it is replaced by one that keeps what
 * an item shows (action, actor, the question/answer/comment it is about) and a `group_key`:
 * unique per receiver, it is the row's own id for a plain inbox item, `a:<object>` for an
 * achievement (one row per receiver and object, its rank the net reputation from it) and
 * `v:<object>:<voter>:<direction>` for a vote (a vote taken back and cast again tells nobody
 * twice, as the peer's re-activated vote rows).
 *
 * `notification_counters` are the red dots of `notification/status`: raised in the writer's
 * transaction when an item becomes unread, lowered when one is read, cleared by
 * `PUT notification/status` without marking anything read (peer facts 4.3).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').ifExists().execute();
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('msg_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(24)', (c) => c.notNull().defaultTo(''))
    .addColumn('object_id', 'varchar(24)', (c) => c.notNull().defaultTo(''))
    .addColumn('question_id', 'varchar(24)', (c) => c.notNull().defaultTo(''))
    .addColumn('answer_id', 'varchar(24)', (c) => c.notNull().defaultTo(''))
    .addColumn('comment_id', 'varchar(24)', (c) => c.notNull().defaultTo(''))
    .addColumn('group_key', 'varchar(96)', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('notifications_group')
    .on('notifications')
    .columns(['user_id', 'group_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('notifications_page')
    .on('notifications')
    .columns(['user_id', 'type', 'updated_at'])
    .execute();

  await db.schema
    .createTable('notification_counters')
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('notification_counters_pk', ['user_id', 'type'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_counters').execute();
  await db.schema.dropTable('notifications').execute();
  // The 0001 shape, so that migration's own down finds it.
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().defaultTo(''))
    .addColumn('object_id', 'varchar(24)', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('msg_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
