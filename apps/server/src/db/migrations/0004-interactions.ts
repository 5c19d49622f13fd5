import type { Kysely } from 'kysely';

/**
 * People invited to answer a question: one row per question and invitee, so the whole list
 * can be replaced and newly invited people told apart (their notifications come later).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('question_invites')
    .addColumn('question_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('inviter_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('question_invites_pk', ['question_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('question_invites').ifExists().execute();
}
