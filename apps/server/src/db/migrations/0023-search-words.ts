import { sql, SqliteAdapter, type Kysely } from 'kysely';
import type { Db } from '../../infra/db.js';
import { searchIndex } from '../../modules/posts/search-index.js';

/** Each kind's id range (packages/shared ids.ts), for 0014's index per kind. */
const QUESTIONS = sql.raw(`id >= '10010000000000000' and id < '10020000000000000'`);
const ANSWERS = sql.raw(`id >= '10020000000000000' and id < '10030000000000000'`);

/**
 * The search index as a word index (issue 10), replacing 0008's trigram and pg_trgm indexes,
 * which were the largest thing in a database (41 MB of FTS5 trigrams and a 10 MB copy of the
 * text at 2,000 questions) and slow to search: a word was an intersection of its trigrams.
 * Texts are indexed as the words of search-text.ts, where each CJK character is a word, so
 * Chinese text without spaces is still found (as a phrase of its characters).
 *
 * SQLite: FTS5 with the unicode61 tokenizer, contentless (the posts hold the text; a search
 * needs only rowids and bm25), rows deletable, and a 2-letter prefix index for short terms
 * ("go" finds golang without a scan). Rowids as 0011 set them (answers negated).
 *
 * PostgreSQL: the weighted tsvector alone (title A, body B, tags C), under a GIN index per kind
 * (posts/search-index.ts creates the table: its rebuild fills a new one and swaps it in).
 *
 * The index is built again from the posts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`drop table search_fts`.execute(db);
    await sql`create virtual table search_fts using fts5(title, body, tags,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2', content = '', contentless_delete = 1)`.execute(db);
  }
  // On PostgreSQL the rebuild writes the new table and puts it in place of the old one.
  await searchIndex.rebuild(db as unknown as Db);
}

/** Back to 0008's tables as 0011 and 0014 left them, filled again from the posts by `inquire reindex`. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`drop table search_fts`.execute(db);
    await sql`create virtual table search_fts using fts5(title, body, tags, tokenize = 'trigram')`.execute(db);
    return;
  }
  await sql`drop table search_docs`.execute(db);
  await sql`
    create table search_docs (
      id text primary key,
      title text not null default '',
      body text not null default '',
      tags text not null default '',
      doc tsvector generated always as (
        setweight(to_tsvector('simple', title), 'A') ||
        setweight(to_tsvector('simple', body), 'B') ||
        setweight(to_tsvector('simple', tags), 'C')
      ) stored
    )`.execute(db);
  await sql`create index search_docs_doc_questions on search_docs using gin (doc) where ${QUESTIONS}`.execute(db);
  await sql`create index search_docs_doc_answers on search_docs using gin (doc) where ${ANSWERS}`.execute(db);
  await sql`create index search_docs_title_trgm on search_docs using gin (title gin_trgm_ops)`.execute(db);
  await sql`create index search_docs_body_trgm on search_docs using gin (body gin_trgm_ops)`.execute(db);
  await sql`create index search_docs_tags_trgm on search_docs using gin (tags gin_trgm_ops)`.execute(db);
}
