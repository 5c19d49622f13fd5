import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** The PostgreSQL channel every process LISTENs on (notifications/live-hub.ts). */
export const LIVE_CHANNEL = 'inquire_live';

/**
 * What the live stream (`GET notification/stream`) tells open tabs: one row per new red-dot
 * item (to its receiver) and per answer or comment that appeared on a question (to whoever has
 * the question open). Rows are written in the transaction of the change, so a rolled-back change
 * tells nobody, and they outlive a restart: a reconnecting tab replays what it missed from here
 * (Last-Event-ID). Housekeeping drops rows older than a day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('live_events')
    // Drawn from the notification id sequence (see notifications/live-events.ts): ordered as committed.
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // `notification`, `answer` or `comment`.
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    // The receiver of a notification; '' for an event of a question, told to its open pages.
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('question_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    // The notification, answer or comment the event is about.
    .addColumn('object_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('live_events_user').on('live_events').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('live_events_question').on('live_events').columns(['question_id', 'id']).execute();
  await db.schema.createIndex('live_events_created').on('live_events').column('created_at').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Every insert wakes the listening processes. pg_notify inside the writer's transaction is
    // delivered on commit only (and once per transaction), so a rolled-back change wakes nobody.
    await sql`
      create function inquire_live_notify() returns trigger language plpgsql as $$
      begin
        perform pg_notify(${sql.lit(LIVE_CHANNEL)}, '');
        return null;
      end $$`.execute(db);
    await sql`
      create trigger live_events_notify after insert on live_events
      for each statement execute function inquire_live_notify()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('live_events').ifExists().execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function if exists inquire_live_notify()`.execute(db);
  }
}
