import { sql, type Kysely } from 'kysely';

/**
 * The admin area's reads at a million questions (issue 13, items 2 and 3).
 *
 * - The content lists' tabs of hidden posts (deleted, held, unlisted) read a partial index of
 *   those posts alone, newest first (ids grow with time); the normal and closed tabs walk the
 *   public lists' own index (migration 0009). The indexes are partial on purpose: a plain
 *   (status, id) index is one SQLite prefers for the public lists' `status in (1, 2)`, where it
 *   then sorts every listed row.
 * - The dashboard counts resolved questions (listed, with an accepted answer) from a partial
 *   index of those alone, and live answers and comments as all rows less the hidden ones.
 *
 * Conditions are literals, as in 0009: a partial index is used only when the query states the
 * same condition with the same constants (admin-content.repository.ts, admin-dashboard.repository.ts).
 */
const HIDDEN_QUESTION = 'status not in (1, 2) or show <> 1';
const HIDDEN_POST = 'status <> 1';
const LISTED = 'status in (1, 2) and show = 1';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`create index questions_admin_hidden on questions (status, id) where ${HIDDEN_QUESTION}`).execute(db);
  await sql.raw(`create index answers_admin_hidden on answers (status, id) where ${HIDDEN_POST}`).execute(db);
  await sql.raw(`create index comments_hidden on comments (status) where ${HIDDEN_POST}`).execute(db);
  await sql
    .raw(`create index questions_listed_resolved on questions (id) where ${LISTED} and accepted_answer_id <> ''`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'questions_admin_hidden',
    'answers_admin_hidden',
    'comments_hidden',
    'questions_listed_resolved',
  ]) {
    await sql.raw(`drop index if exists ${name}`).execute(db);
  }
}
