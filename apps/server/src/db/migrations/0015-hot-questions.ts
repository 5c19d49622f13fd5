import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The hot order of `question/page` (issue 14): recent score and activity.
 *
 * Answer recomputes a decaying `hot_score` hourly. Here the decay is built into the score
 * instead, so it never needs recomputing: a question's time (half its creation, half its
 * last activity) counts one point per 12.5 hours, and its activity (votes, answers, views)
 * adds the log of its size, so ten times the activity is worth 12.5 hours of recency. Newer
 * questions outrank older ones by themselves, and a score only changes when its question's
 * counts do.
 *
 * A trigger keeps the score in the writer's own transaction (votes, answers, views, the
 * seeder, an import), like the list counts of migration 0009, and a partial index over
 * listed questions in the order's exact sort reads the first page without a sort.
 */
const LISTED = 'status in (1, 2) and show = 1';

/** The score of a `questions` row (`row` is `new` in a trigger, the table in the backfill). */
function hotScoreOf(row: string): string {
  const positive = (value: string) => `(case when ${value} > 0 then ${value} else 0 end)`;
  const activity = `(1 + ${positive(`${row}.vote_count`)} * 2 + ${row}.answer_count * 3 + ${row}.view_count / 10.0)`;
  const penalty = `(1 + ${positive(`-${row}.vote_count`)} * 2)`;
  const lastActive = `(case when ${row}.post_update_time > ${row}.created_at then ${row}.post_update_time else ${row}.created_at end)`;
  return `(ln(${activity}) - ln(${penalty})) / ln(10) + (${row}.created_at + ${lastActive}) / 2.0 / 45000.0`;
}

const SCORED_COLUMNS = 'vote_count, answer_count, view_count, post_update_time, created_at';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`update questions set hot_score = ${hotScoreOf('questions')}`).execute(db);
  await sql
    .raw(`create index questions_listed_hot on questions (pin desc, hot_score desc, id desc) where ${LISTED}`)
    .execute(db);
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function questions_hot_score() returns trigger language plpgsql as $$
        begin
          new.hot_score := ${hotScoreOf('new')};
          return new;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger questions_hot_score before insert or update of ${SCORED_COLUMNS}
          on questions for each row execute function questions_hot_score()`,
      )
      .execute(db);
    return;
  }
  // SQLite cannot assign to `new`: the row is scored again after the write (the update
  // touches hot_score alone, so it fires no trigger of its own).
  for (const [event, name] of [
    ['insert', 'questions_hot_score_insert'],
    [`update of ${SCORED_COLUMNS}`, 'questions_hot_score_update'],
  ] as const) {
    await sql
      .raw(
        `create trigger ${name} after ${event} on questions begin
          update questions set hot_score = ${hotScoreOf('new')} where id = new.id;
        end`,
      )
      .execute(db);
  }
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists questions_hot_score on questions`.execute(db);
    await sql`drop function if exists questions_hot_score()`.execute(db);
  } else {
    await sql`drop trigger if exists questions_hot_score_insert`.execute(db);
    await sql`drop trigger if exists questions_hot_score_update`.execute(db);
  }
  await sql`drop index if exists questions_listed_hot`.execute(db);
}
