import type { Kysely } from 'kysely';

/**
 * Notification emails (issue 11, item 5).
 *
 * `email_digest_items`: one row per thing a member is to be emailed about (an answer, a
 * comment, an invitation, a new question), written in the transaction of the change that
 * causes it, so a crash loses none and a rolled-back change leaves none. Each row waits a few
 * minutes (`due_at`); the mail worker then turns all of one receiver's waiting rows of one
 * digest (`inbox` or `question`) into ONE email in the outbox and deletes them, in one
 * transaction: a restart in between finds either the rows or the email, never neither.
 *
 * `email_question_quota`: how many new-question emails a member who asked for "all new
 * questions" was sent in the current 7-day window (at most 50, peer facts 4.4). A table of its
 * own, not `rate_counters`, whose housekeeping forgets counters idle for a day.
 *
 * `email_outbox.headers`: extra headers as JSON (List-Unsubscribe and List-Unsubscribe-Post,
 * RFC 8058), empty for the account emails.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_digest_items')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('digest', 'varchar(16)', (c) => c.notNull())
    .addColumn('source', 'varchar(64)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(24)', (c) => c.notNull().defaultTo(''))
    .addColumn('question_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('answer_id', 'varchar(24)', (c) => c.notNull().defaultTo(''))
    .addColumn('comment_id', 'varchar(24)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_digest_items_due').on('email_digest_items').column('due_at').execute();
  await db.schema
    .createIndex('email_digest_items_receiver')
    .on('email_digest_items')
    .columns(['user_id', 'digest'])
    .execute();
  await db.schema
    .createTable('email_question_quota')
    .addColumn('user_id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('email_outbox')
    .addColumn('headers', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_outbox').dropColumn('headers').execute();
  await db.schema.dropTable('email_question_quota').execute();
  await db.schema.dropTable('email_digest_items').execute();
}
