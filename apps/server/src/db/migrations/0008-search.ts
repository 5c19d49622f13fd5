import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * The search index (issue 10): one document per public question and answer, kept in step by
 * the post core's `searchIndex` in the transaction of every write that changes a post's text,
 * tags, status or visibility.
 *
 * SQLite: an FTS5 table with the trigram tokenizer (finds any run of 3+ characters, CJK text
 * without spaces included); its rowid is the post's numeric id. Columns title, body, tags are
 * weighted by bm25 at query time.
 *
 * PostgreSQL: a table with a generated, weighted tsvector (title A, body B, tags C; the
 * language-neutral 'simple' configuration, like the trigram index on SQLite) under GIN, and
 * pg_trgm GIN indexes on the texts for CJK and short terms (ILIKE).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`create virtual table search_fts using fts5(title, body, tags, tokenize = 'trigram')`.execute(db);
    return;
  }
  await sql`create extension if not exists pg_trgm`.execute(db);
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
  await sql`create index search_docs_doc on search_docs using gin (doc)`.execute(db);
  await sql`create index search_docs_title_trgm on search_docs using gin (title gin_trgm_ops)`.execute(db);
  await sql`create index search_docs_body_trgm on search_docs using gin (body gin_trgm_ops)`.execute(db);
  await sql`create index search_docs_tags_trgm on search_docs using gin (tags gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`drop table if exists search_fts`.execute(db);
    return;
  }
  await sql`drop table if exists search_docs`.execute(db);
}
