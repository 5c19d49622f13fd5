import { sql, SqliteAdapter, type Kysely } from 'kysely';
import type { Db } from '../../infra/db.js';
import { buildPrefixTable } from '../../modules/posts/search-index.js';

/**
 * PostgreSQL's search gains `search_prefixes` (id, doc): each document's words' first two
 * letters as position-less lexemes, under a GIN index per kind, derived from `search_docs`
 * (posts/search-index.ts `prefixVector`). A lone 2-letter term ("go") then reads one posting
 * list, as FTS5's prefix='2' index does on SQLite, instead of every lexeme starting with it
 * (1.8 s at 1M questions). A table of its own, not lexemes in the documents: those pushed most
 * documents past PostgreSQL's 2 kB TOAST threshold (the index grew 64% at 2,000 questions).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await buildPrefixTable(db as unknown as Db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`drop table search_prefixes`.execute(db);
}
