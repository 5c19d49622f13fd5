import type { Kysely } from 'kysely';

/**
 * Where each question, answer and comment was written from (issue 12): the author's IP and
 * user agent at write time, which reviewers (staff in good standing) see beside a flagged or
 * queued post, and which reviewer plugins are given (peer facts 5.1). Kept apart from the
 * posts so no public read path can select them by accident.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('post_origins')
    .addColumn('object_id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('post_origins').ifExists().execute();
}
