import { SqliteAdapter, type Kysely } from 'kysely';
import type { Db } from '../../infra/db.js';
import { searchIndex } from '../../modules/posts/search-index.js';

/**
 * SQLite's search documents mark each of their question's tags by id (`tagMark`,
 * posts/search-index.ts), as PostgreSQL's carry a lexeme per tag since 0025: a tagged search is
 * then bounded by the index alone (search.repository.ts). The SQLite index is built again from
 * the posts; PostgreSQL's documents are unchanged. `down` leaves it: the older version's
 * `inquire reindex` writes its own documents again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await searchIndex.rebuild(db as unknown as Db);
}

export async function down(): Promise<void> {}
