import { sql } from 'kysely';
import { isSqlite, type Db } from '../src/infra/db.js';
import { sqliteRowid } from '../src/modules/posts/search-index.js';
import { ageLexeme, ageStretch, tagLexeme, tagMark } from '../src/modules/search/search-text.js';

/**
 * Search documents without posts (post ids `ids`, `word` as their title, optionally carrying
 * the tag `tag`), written as posts/search-index.ts writes documents: the tag's words and its mark
 * (SQLite) or lexeme (PostgreSQL), and on PostgreSQL the age lexeme a read by age needs. For
 * tests of what the index alone decides (counts past the cap, the newest reads).
 */
export async function insertIndexDocuments(
  db: Db,
  ids: string[],
  word: string,
  tag?: { id: string; slug: string },
): Promise<void> {
  const sqliteTags = tag ? `${tag.slug} ${tagMark(tag.id)}` : '';
  const lexemes = (id: string) => [...(tag ? [tagLexeme(tag.slug)] : []), ageLexeme(ageStretch(id))];
  for (let i = 0; i < ids.length; i += 500) {
    const batch = ids.slice(i, i + 500);
    const values = isSqlite(db)
      ? sql.join(batch.map((id) => sql`(${sqliteRowid(id)}, ${word}, '', ${sqliteTags})`))
      : sql.join(
          batch.map(
            (id) =>
              sql`(${id}, setweight(to_tsvector('simple', ${word}), 'A') ||
                setweight(to_tsvector('simple', ${tag?.slug ?? ''}), 'C') || array_to_tsvector(${lexemes(id)}::text[]))`,
          ),
        );
    const table = isSqlite(db) ? sql`search_fts (rowid, title, body, tags)` : sql`search_docs (id, doc)`;
    await sql`insert into ${table} values ${values}`.execute(db);
  }
}
