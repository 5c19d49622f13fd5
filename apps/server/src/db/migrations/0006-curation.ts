import type { Kysely } from 'kysely';

/**
 * Curation: a timeline entry names the revision it applied and carries its comment (edit
 * summary, close message); a closed question keeps its close reason for the banner readers see.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('activities')
    .addColumn('revision_id', 'varchar(24)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('activities')
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('questions')
    .addColumn('close_type', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('questions')
    .addColumn('close_msg', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('questions')
    .addColumn('closed_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('activities_target').on('activities').column('object_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('activities_target').ifExists().execute();
  await db.schema.alterTable('questions').dropColumn('closed_at').execute();
  await db.schema.alterTable('questions').dropColumn('close_msg').execute();
  await db.schema.alterTable('questions').dropColumn('close_type').execute();
  await db.schema.alterTable('activities').dropColumn('comment').execute();
  await db.schema.alterTable('activities').dropColumn('revision_id').execute();
}
