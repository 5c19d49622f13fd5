import type { Kysely } from 'kysely';

/** One row per question, visitor and day: a question's views count each visitor once a day. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('view_records')
    .addColumn('question_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('visitor', 'varchar(64)', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('view_records_pk', ['question_id', 'visitor', 'day'])
    .execute();
  await db.schema.createIndex('view_records_day').on('view_records').column('day').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('view_records').ifExists().execute();
}
