import { type Kysely } from 'kysely';

/**
 * The search plugin's feed (issue 10): an active search plugin keeps its own index, so the
 * post core tells it which posts changed. `search_plugin_queue` holds one row per post waiting
 * to be pushed, written in the transaction of the change (a crash loses none, a rolled-back
 * change queues none); `version` grows on every new change so a push that raced a newer edit
 * leaves the row for the next pass. `plugin_state.kind` lets that write ask, in SQL, whether
 * any search plugin is switched on: without one nothing is queued.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('plugin_state')
    .addColumn('kind', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('search_plugin_queue')
    .addColumn('post_id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('search_plugin_queue_due')
    .on('search_plugin_queue')
    .columns(['next_attempt_at', 'post_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_plugin_queue').ifExists().execute();
  await db.schema.alterTable('plugin_state').dropColumn('kind').execute();
}
