import { sql, SqliteAdapter, type Kysely } from 'kysely';

/** Each kind's id range (packages/shared ids.ts: `1` + the type's 3 digits + 13 digits). */
const QUESTIONS = sql.raw(`id >= '10010000000000000' and id < '10020000000000000'`);
const ANSWERS = sql.raw(`id >= '10020000000000000' and id < '10030000000000000'`);

/**
 * PostgreSQL's word index, one per kind of post. Every search reads one kind at a time
 * (search.repository.ts), and with one index for both, a search for questions fetched and
 * rechecked every matching answer's row too before dropping it by id: at 2,000 questions a
 * common word cost 4 times as much. SQLite's FTS5 table needs nothing: its rowids already
 * put each kind in one range (migration 0011).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`create index search_docs_doc_questions on search_docs using gin (doc) where ${QUESTIONS}`.execute(db);
  await sql`create index search_docs_doc_answers on search_docs using gin (doc) where ${ANSWERS}`.execute(db);
  await sql`drop index search_docs_doc`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`create index search_docs_doc on search_docs using gin (doc)`.execute(db);
  await sql`drop index search_docs_doc_questions`.execute(db);
  await sql`drop index search_docs_doc_answers`.execute(db);
}
