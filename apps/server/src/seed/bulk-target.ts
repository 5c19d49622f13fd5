import SQLite from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import type { Database } from '../db/database.js';
import type { Db } from '../infra/db.js';
import type { SiteRuntime } from '../infra/site.js';
import { BULK_TABLES, type BulkRows, type CounterDeltas } from './bulk-rows.js';

/**
 * Where a seed writes and how it writes many rows at once, per engine. Everything of one seed
 * (members, chunks, counters) runs on `db`, so the bulk inserts share its transactions.
 */
export interface BulkTarget {
  db: Db;
  /** Writes rows in `trx`, a transaction on `db`. */
  insert(trx: Db, rows: BulkRows): Promise<void>;
  /** Moves members' and tags' counters by a chunk's deltas, in `trx`. */
  bump(trx: Db, deltas: CounterDeltas): Promise<void>;
  close(): Promise<void>;
}

export function openBulkTarget(site: SiteRuntime): BulkTarget {
  const config = site.siteConfig?.db;
  if (!config) throw new Error('the site has no database');
  return config.driver === 'sqlite' ? sqliteTarget(config.file) : postgresTarget(site.db);
}

/**
 * SQLite: a connection of the seed's own, so its rows go in through prepared one-row
 * statements, bound and stepped without building SQL per row (SQLite's fastest way in). The
 * site's connection stays idle meanwhile; both use WAL, as the server does.
 */
function sqliteTarget(file: string): BulkTarget {
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  // A larger page cache keeps the indexes being extended in memory (256 MB at most).
  database.pragma('cache_size = -262144');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  const statements = new Map<string, SQLite.Statement>();
  const statementFor = (table: string, columns: string[]): SQLite.Statement => {
    const key = `${table}(${columns.join(',')})`;
    let statement = statements.get(key);
    if (!statement) {
      const names = columns.map((c) => `"${c}"`).join(', ');
      const values = columns.map((c) => `@${c}`).join(', ');
      statement = database.prepare(`insert into "${table}" (${names}) values (${values})`);
      statements.set(key, statement);
    }
    return statement;
  };
  return {
    db,
    // SQLite has one connection: the statements run inside the transaction open on it.
    insert(_trx, rows) {
      for (const table of BULK_TABLES) {
        const list = rows[table] as Record<string, unknown>[];
        const first = list[0];
        if (!first) continue;
        const columns = Object.keys(first);
        const statement = statementFor(table, columns);
        // Named parameters bind straight from the row object.
        for (const row of list) statement.run(row);
      }
      return Promise.resolve();
    },
    bump(_trx, deltas) {
      const member = database.prepare(
        'update users set question_count = question_count + @question_count, ' +
          'answer_count = answer_count + @answer_count, rank = rank + @rank where id = @id',
      );
      for (const delta of deltas.users.values()) member.run(delta);
      const tag = database.prepare('update tags set question_count = question_count + ? where id = ?');
      for (const [id, by] of deltas.tags) tag.run(by, id);
      return Promise.resolve();
    },
    close: () => db.destroy(),
  };
}

/**
 * PostgreSQL: one statement per batch, an `insert … select * from unnest(…)` per table chained
 * as data-modifying CTEs, each column sent as one array parameter. One round trip carries the
 * whole batch, so the server writes it while the seed builds the next (see `BulkWriter`).
 */
function postgresTarget(db: Db): BulkTarget {
  return {
    db,
    async insert(trx, rows) {
      const inserts = BULK_TABLES.flatMap((table) => {
        const list = rows[table] as Record<string, unknown>[];
        return list.length ? [unnestInsert(table, list)] : [];
      });
      if (inserts.length === 0) return;
      const steps = inserts.map((insert, i) => sql`${sql.id(`w${i}`)} as (${insert})`);
      await sql`with ${sql.join(steps)} select 1`.execute(trx);
    },
    async bump(trx, deltas) {
      const users = [...deltas.users.values()];
      if (users.length) {
        await sql`update users set question_count = question_count + d.dq, answer_count = answer_count + d.da,
            rank = rank + d.dr
          from unnest(${users.map((u) => u.id)}::text[], ${users.map((u) => u.question_count)}::int[],
            ${users.map((u) => u.answer_count)}::int[], ${users.map((u) => u.rank)}::int[]) as d(uid, dq, da, dr)
          where users.id = d.uid`.execute(trx);
      }
      const tags = [...deltas.tags];
      if (tags.length) {
        await sql`update tags set question_count = question_count + d.dq
          from unnest(${tags.map(([id]) => id)}::text[], ${tags.map(([, by]) => by)}::int[]) as d(tid, dq)
          where tags.id = d.tid`.execute(trx);
      }
    },
    close: () => Promise.resolve(),
  };
}

function unnestInsert(table: string, rows: Record<string, unknown>[]) {
  const first = rows[0] as Record<string, unknown>;
  const columns = Object.keys(first);
  // Text columns as text[], numbers as bigint[]: PostgreSQL casts both to the column on assignment.
  const arrays = columns.map((column) => {
    const values = rows.map((row) => row[column]);
    const type = typeof first[column] === 'number' ? sql`bigint[]` : sql`text[]`;
    return sql`cast(${values} as ${type})`;
  });
  return sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    select * from unnest(${sql.join(arrays)})`;
}
