import { sql, type Kysely } from 'kysely';

/**
 * Suggested edits waiting for review (revisions with status 1), oldest first: the review queue
 * and the header's to-do count of every auditor read them on every page. Without this index
 * both scanned the whole revisions table, which holds a row per post and edit (2.5 and 1.4 ms a
 * page at 2,000 questions, seconds at a million). Partial, so it holds the few waiting rows
 * only; the query states the same literal condition (revisions.repository.ts `unreviewedPage`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('create index revisions_unreviewed on revisions (created_at, id) where status = 1').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop index if exists revisions_unreviewed').execute(db);
}
