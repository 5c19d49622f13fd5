import type { Kysely } from 'kysely';

/**
 * Accounts: captcha challenges and counters live in the database (not in process memory),
 * so several processes sharing one PostgreSQL agree; per-user notification settings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('captcha_codes')
    .addColumn('captcha_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await s
    .createTable('rate_counters')
    .addColumn('counter_key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await s
    .createTable('user_notification_config')
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('source', 'varchar(64)', (c) => c.notNull())
    .addColumn('channels', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('user_notification_config_pk', ['user_id', 'source'])
    .execute();

  await s.createIndex('email_codes_user').on('email_codes').columns(['user_id', 'action']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('email_codes_user').ifExists().execute();
  for (const table of ['user_notification_config', 'rate_counters', 'captcha_codes']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
