import { SqliteAdapter, type Kysely } from 'kysely';
import type { Db } from '../../infra/db.js';
import { markPostgresAges } from '../../modules/posts/search-index.js';

/**
 * PostgreSQL's search documents carry their age (`ageLexeme`, posts/search-index.ts), so a
 * search reads a word's newest documents through the GIN index a stretch of ages at a time
 * (search.repository.ts). The documents are written again with it; SQLite's have their age in
 * their rowids. `down` leaves them: the extra lexeme matches no query of the older version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await markPostgresAges(db as unknown as Db);
}

export async function down(): Promise<void> {}
