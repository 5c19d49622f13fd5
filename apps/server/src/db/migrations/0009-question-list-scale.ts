import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The question list at a million questions. Two costs grew with the site: counting every
 * listed question for each page (`count` of `question/page`), and sorting them, because the
 * one list index (status, show, created_at) cannot give "pinned first, then the order's key,
 * then id" without a sort of every listed row.
 *
 * - `question_list_counts` (one row) keeps how many questions are listed, and how many of
 *   those have no answer. Database triggers keep it, so every writer (services, the seeder,
 *   a future import) is covered in its own transaction and nothing can forget it.
 * - One partial index per list order over listed questions only, in the order's exact
 *   sort, so the first page is read straight from the index; and one on created_at for the
 *   lists within a time window (hot questions: the last 7 days). They replace the old
 *   (status, show, created_at) index: with it present, SQLite without statistics preferred
 *   it and sorted every listed row.
 *
 * - Tag links by (tag_id, status, object_id): a tag's listed questions (link status 1) are
 *   counted from this index alone, without visiting a question row each (replaces the
 *   tag_id index).
 *
 * "Listed" is status normal (1) or closed (2), and show = shown (1): the one public-question
 * rule of posts/public-questions.ts, written out as literals because a migration must not
 * change when the code's constants do, and because a partial index is only used when the
 * query states the same literal condition.
 */
const LISTED = 'status in (1, 2) and show = 1';

const ORDER_INDEXES: ReadonlyArray<{ name: string; key: string; extra?: string }> = [
  { name: 'questions_listed_newest', key: 'created_at' },
  { name: 'questions_listed_active', key: 'post_update_time' },
  { name: 'questions_listed_frequent', key: 'view_count' },
  { name: 'questions_listed_score', key: 'vote_count' },
  { name: 'questions_listed_unanswered', key: 'created_at', extra: ' and answer_count = 0' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('question_list_counts')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('listed', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('unanswered', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into question_list_counts (id, listed, unanswered)
    select 1,
      coalesce(sum(case when ${sql.raw(LISTED)} then 1 else 0 end), 0),
      coalesce(sum(case when ${sql.raw(LISTED)} and answer_count = 0 then 1 else 0 end), 0)
    from questions`.execute(db);

  for (const index of ORDER_INDEXES) {
    await sql
      .raw(
        `create index ${index.name} on questions (pin desc, ${index.key} desc, id desc) where ${LISTED}${index.extra ?? ''}`,
      )
      .execute(db);
  }

  await sql.raw(`create index questions_listed_recent on questions (created_at) where ${LISTED}`).execute(db);
  await sql`drop index if exists questions_list`.execute(db);
  await sql`create index tag_relations_listed on tag_relations (tag_id, status, object_id)`.execute(db);
  await sql`drop index if exists tag_relations_tag`.execute(db);

  if (isPostgres(db)) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

/** 1 when a row of `questions` (as `row`) is listed, else 0; and the same for listed with no answer. */
const listedOf = (row: 'new' | 'old') => `(case when ${row}.status in (1, 2) and ${row}.show = 1 then 1 else 0 end)`;
const unansweredOf = (row: 'new' | 'old') =>
  `(case when ${row}.status in (1, 2) and ${row}.show = 1 and ${row}.answer_count = 0 then 1 else 0 end)`;

async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create trigger questions_list_counts_insert after insert on questions begin
        update question_list_counts set listed = listed + ${listedOf('new')},
          unanswered = unanswered + ${unansweredOf('new')} where id = 1;
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger questions_list_counts_update after update of status, show, answer_count on questions begin
        update question_list_counts set listed = listed + ${listedOf('new')} - ${listedOf('old')},
          unanswered = unanswered + ${unansweredOf('new')} - ${unansweredOf('old')} where id = 1;
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger questions_list_counts_delete after delete on questions begin
        update question_list_counts set listed = listed - ${listedOf('old')},
          unanswered = unanswered - ${unansweredOf('old')} where id = 1;
      end`,
    )
    .execute(db);
}

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  // One function for the three events; it skips the update when nothing it counts changed,
  // so a vote or a view (the most frequent writes) never touches the counter row.
  await sql
    .raw(
      `create function questions_list_counts() returns trigger language plpgsql as $$
      declare
        d_listed bigint := 0;
        d_unanswered bigint := 0;
      begin
        if tg_op in ('INSERT', 'UPDATE') then
          d_listed := d_listed + ${listedOf('new')};
          d_unanswered := d_unanswered + ${unansweredOf('new')};
        end if;
        if tg_op in ('UPDATE', 'DELETE') then
          d_listed := d_listed - ${listedOf('old')};
          d_unanswered := d_unanswered - ${unansweredOf('old')};
        end if;
        if d_listed <> 0 or d_unanswered <> 0 then
          update question_list_counts set listed = listed + d_listed, unanswered = unanswered + d_unanswered
            where id = 1;
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger questions_list_counts after insert or delete or update of status, show, answer_count
        on questions for each row execute function questions_list_counts()`,
    )
    .execute(db);
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists questions_list_counts on questions`.execute(db);
    await sql`drop function if exists questions_list_counts()`.execute(db);
  } else {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger if exists questions_list_counts_${event}`).execute(db);
    }
  }
  for (const index of ORDER_INDEXES) await sql.raw(`drop index if exists ${index.name}`).execute(db);
  await sql`drop index if exists questions_listed_recent`.execute(db);
  await sql`create index questions_list on questions (status, show, created_at)`.execute(db);
  await sql`drop index if exists tag_relations_listed`.execute(db);
  await sql`create index tag_relations_tag on tag_relations (tag_id)`.execute(db);
  await db.schema.dropTable('question_list_counts').ifExists().execute();
}
