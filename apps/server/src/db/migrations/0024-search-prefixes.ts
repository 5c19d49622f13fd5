import { SqliteAdapter, type Kysely } from 'kysely';
import type { Db } from '../../infra/db.js';
import { searchIndex } from '../../modules/posts/search-index.js';

/**
 * PostgreSQL's search documents gain their words' 2-letter prefixes as lexemes of their own
 * (search-text.ts), as FTS5's prefix='2' index already holds them: a lone 2-letter term ("go")
 * reads one posting list instead of every lexeme it starts (1.8 s at 1M questions). The index
 * is built again from the posts; SQLite's is unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await searchIndex.rebuild(db as unknown as Db);
}

/**
 * Nothing to undo: 0023's queries (`'go':*`) still find every word in documents that also hold
 * prefix lexemes; those are merely unread until `inquire reindex` writes documents without them.
 */
export async function down(): Promise<void> {}
