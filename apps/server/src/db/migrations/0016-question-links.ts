import { type Kysely } from 'kysely';

/**
 * Linked questions (issue 14, `GET question/link`): one row per question a post points at.
 * `from_answer_id` is '0' for the question's own body; `kind` 1 is a link in a body, 2 the
 * original named when the question was closed as a duplicate. The post core's writers replace
 * a post's rows in the post write's transaction; the read goes by the target
 * (`question_links_to`), and the list's visibility rule applies to the linking question.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('question_links')
    .addColumn('from_question_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('from_answer_id', 'varchar(24)', (c) => c.notNull().defaultTo('0'))
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('to_question_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('question_links_pk', ['from_question_id', 'from_answer_id', 'kind', 'to_question_id'])
    .execute();
  await db.schema
    .createIndex('question_links_to')
    .on('question_links')
    .columns(['to_question_id', 'from_question_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('question_links').ifExists().execute();
}
