import type { Kysely } from 'kysely';
import type { Db } from '../../infra/db.js';
import { searchIndex } from '../../modules/posts/search-index.js';

/**
 * Answers' search documents carry their question's tags, and PostgreSQL's documents a lexeme
 * per tag (posts/search-index.ts): a search with a tag then narrows both kinds inside the index
 * (search.repository.ts). The index is built again from the posts. `down` leaves it: the
 * older version's `inquire reindex` writes its own documents again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await searchIndex.rebuild(db as unknown as Db);
}

export async function down(): Promise<void> {}
