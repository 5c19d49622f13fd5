import { sql, SqliteAdapter, type Kysely } from 'kysely';

/** Answer ids start with 1002 (packages/shared ids.ts): their FTS5 rowids are at or above this. */
const FIRST_ANSWER_ROWID = sql.raw('10020000000000000');

/**
 * SQLite's search index keys answers by their negated id (posts/search-index.ts), so questions
 * and answers each sit at one end of the rowid space and the newest matches of either kind are
 * a short scan from its end. Moves existing answer rows; PostgreSQL's index is unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`create temp table search_fts_answers as
    select rowid as answer_rowid, title, body, tags from search_fts where rowid >= ${FIRST_ANSWER_ROWID}`.execute(db);
  await sql`delete from search_fts where rowid >= ${FIRST_ANSWER_ROWID}`.execute(db);
  // In ascending order of the new rowids: rows written out of order leave half-empty pages, and
  // a scan (a 1-2 letter search) then reads several times as many.
  await sql`insert into search_fts (rowid, title, body, tags)
    select -answer_rowid, title, body, tags from search_fts_answers order by answer_rowid desc`.execute(db);
  await sql`drop table search_fts_answers`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`create temp table search_fts_answers as
    select rowid as answer_rowid, title, body, tags from search_fts where rowid < 0`.execute(db);
  await sql`delete from search_fts where rowid < 0`.execute(db);
  await sql`insert into search_fts (rowid, title, body, tags)
    select -answer_rowid, title, body, tags from search_fts_answers order by answer_rowid desc`.execute(db);
  await sql`drop table search_fts_answers`.execute(db);
}
