import type { Kysely } from 'kysely';

/**
 * External sign-in (connector plugins).
 *
 * `user_external_logins`: a member's identity at a provider. One external id belongs to one
 * member (unique provider + external_id); a member may hold several, one per provider.
 * `meta_info` is what the provider said of the member (names, email, avatar) as JSON text.
 *
 * `connector_bindings`: an external login waiting for an email address (the provider gave
 * none, or one it does not mark verified). Keyed by the hash of the key the confirm-email
 * page carries, so a copy of the database holds no usable key; it lives 10 minutes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_external_logins')
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('provider', 'varchar(100)', (c) => c.notNull())
    .addColumn('external_id', 'varchar(256)', (c) => c.notNull())
    .addColumn('meta_info', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('user_external_logins_provider_external_id_key', ['provider', 'external_id'])
    .execute();
  await db.schema.createIndex('user_external_logins_user').on('user_external_logins').column('user_id').execute();
  await db.schema
    .createTable('connector_bindings')
    .addColumn('key_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(100)', (c) => c.notNull())
    .addColumn('external_id', 'varchar(256)', (c) => c.notNull())
    .addColumn('display_name', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('username', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('connector_bindings_expiry').on('connector_bindings').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('connector_bindings').execute();
  await db.schema.dropTable('user_external_logins').execute();
}
