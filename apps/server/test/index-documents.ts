import { sql } from 'kysely';
import type { Db } from '../src/infra/db.js';
import { isSqlite } from '../src/modules/posts/search-index.js';
import { ageLexeme, ageStretch } from '../src/modules/search/search-text.js';

/**
 * Search documents without posts (question ids `ids`, `word` as their title), written as
 * posts/search-index.ts writes documents: on PostgreSQL with their age lexeme, which a read by
 * age needs. For tests of what the index alone decides (counts past the cap, the newest reads).
 */
export async function insertIndexDocuments(db: Db, ids: string[], word: string): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const batch = ids.slice(i, i + 500);
    const values = isSqlite(db)
      ? sql.join(batch.map((id) => sql`(cast(${id} as integer), ${word}, '', '')`))
      : sql.join(
          batch.map(
            (id) =>
              sql`(${id}, setweight(to_tsvector('simple', ${word}), 'A') || array_to_tsvector(array[${ageLexeme(ageStretch(id))}]))`,
          ),
        );
    const table = isSqlite(db) ? sql`search_fts (rowid, title, body, tags)` : sql`search_docs (id, doc)`;
    await sql`insert into ${table} values ${values}`.execute(db);
  }
}
