import { sql, type Kysely } from 'kysely';

/**
 * Moderation (issue 12): flags, queued posts, decisions and appeals.
 *
 * `reports` (flags) and `review_items` (queued posts) were created by 0001 and never written;
 * they get the indexes their queues read (oldest open first) and the flag's duplicate check
 * (one open flag per member and object). `moderation_decisions` keeps each staff decision a
 * member is told about (close, delete, unlist, reject of a held post, suspension) with its
 * reason id and free text, so the post shows it to its author and staff. `appeals`: one open
 * appeal per decision, enforced by a partial unique index (both engines have them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s.createIndex('reports_queue').on('reports').columns(['status', 'object_type', 'created_at']).execute();
  await s.createIndex('reports_object').on('reports').columns(['object_id', 'status']).execute();
  // One open flag per member and object, even when two arrive at once.
  await sql`create unique index reports_one_open on reports (user_id, object_id) where status = 1`.execute(db);
  await s.createIndex('review_items_queue').on('review_items').columns(['status', 'created_at']).execute();
  await s.createIndex('review_items_object').on('review_items').column('object_id').execute();

  await s
    .createTable('moderation_decisions')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('object_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('object_type', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('reason_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason_msg', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await s
    .createIndex('moderation_decisions_object')
    .on('moderation_decisions')
    .columns(['object_id', 'created_at'])
    .execute();

  await s
    .createTable('appeals')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('decision_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('reviewer_id', 'varchar(24)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create unique index appeals_one_open on appeals (decision_id) where status = 1`.execute(db);
  await s.createIndex('appeals_queue').on('appeals').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s.dropTable('appeals').ifExists().execute();
  await s.dropTable('moderation_decisions').ifExists().execute();
  for (const index of [
    'review_items_object',
    'review_items_queue',
    'reports_one_open',
    'reports_object',
    'reports_queue',
  ]) {
    await s.dropIndex(index).ifExists().execute();
  }
}
