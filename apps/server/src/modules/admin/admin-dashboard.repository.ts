import { sql } from 'kysely';
import type { Db, DbDriver } from '../../infra/db.js';

/** The dashboard's counts. Each comes from a kept count or an index, never a read of every post row. */
export interface DashboardCounts {
  listed: number;
  unanswered: number;
  resolved: number;
  answers: number;
  comments: number;
  votes: number;
  users: number;
  openFlags: number;
  uploads: number;
  uploadBytes: number;
}

const count = async (query: Promise<{ n: unknown } | undefined>) => Number((await query)?.n ?? 0);

/**
 * Live rows (status 1) as all rows less the hidden ones: the hidden are read from their partial
 * index (migration 0017, its condition as a literal), and no index on status is needed, which the
 * planners would otherwise be tempted by for the posts' own `status = 1` reads.
 */
async function liveCount(db: Db, table: 'answers' | 'comments'): Promise<number> {
  const all = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  const hidden = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where status <> 1`.execute(db);
  return Number(all.rows[0]?.n ?? 0) - Number(hidden.rows[0]?.n ?? 0);
}

/** The dashboard's reads: the only SQL of the dashboard. */
export const adminDashboardRepository = {
  async counts(db: Db): Promise<DashboardCounts> {
    const kept = await db
      .selectFrom('question_list_counts')
      .select(['listed', 'unanswered'])
      .where('id', '=', 1)
      .executeTakeFirst();
    // Written as the literal of the partial index questions_listed_resolved (migration 0017), so both engines use it.
    const resolved = await sql<{ n: number }>`select count(*) as n from questions
      where status in (1, 2) and show = 1 and accepted_answer_id <> ''`.execute(db);
    const uploads = await db
      .selectFrom('uploads')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.coalesce(eb.fn.sum('size'), eb.lit(0)).as('bytes')])
      .executeTakeFirst();
    return {
      listed: Number(kept?.listed ?? 0),
      unanswered: Number(kept?.unanswered ?? 0),
      resolved: Number(resolved.rows[0]?.n ?? 0),
      answers: await liveCount(db, 'answers'),
      comments: await liveCount(db, 'comments'),
      votes: await count(
        db
          .selectFrom('votes')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst(),
      ),
      users: await count(
        db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '!=', 10)
          .executeTakeFirst(),
      ),
      openFlags: await count(
        db
          .selectFrom('reports')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', 1)
          .executeTakeFirst(),
      ),
      uploads: Number(uploads?.n ?? 0),
      uploadBytes: Number(uploads?.bytes ?? 0),
    };
  },

  /** The engine's version and the database's size in bytes. */
  async engine(db: Db, driver: DbDriver): Promise<{ version: string; size: number }> {
    if (driver === 'postgres') {
      const version = await sql<{ server_version: string }>`show server_version`.execute(db);
      const size = await sql<{ n: string }>`select pg_database_size(current_database()) as n`.execute(db);
      return { version: String(version.rows[0]?.server_version ?? ''), size: Number(size.rows[0]?.n ?? 0) };
    }
    const version = await sql<{ v: string }>`select sqlite_version() as v`.execute(db);
    const size = await sql<{
      n: number;
    }>`select page_count * page_size as n from pragma_page_count(), pragma_page_size()`.execute(db);
    return { version: String(version.rows[0]?.v ?? ''), size: Number(size.rows[0]?.n ?? 0) };
  },
};
