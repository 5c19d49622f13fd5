import SQLite from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import type { Database } from '../db/database.js';
import type { Db } from '../infra/db.js';
import type { SiteRuntime } from '../infra/site.js';
import { BULK_TABLES, type BulkRows } from './bulk-rows.js';

/**
 * Where a seed writes and how it writes many rows at once, per engine. Everything of one seed
 * (members, chunks, counters) runs on `db`, so the bulk inserts share its transactions.
 */
export interface BulkTarget {
  db: Db;
  /** Writes a chunk's rows inside the caller's transaction on `db`. */
  insert(rows: BulkRows): Promise<void>;
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
    insert(rows) {
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
    close: () => db.destroy(),
  };
}

/**
 * PostgreSQL: one `insert … select * from unnest(…)` per table and slice, each column sent as
 * one array parameter: the statement stays short however many rows it carries, and the
 * server plans it once.
 */
function postgresTarget(db: Db): BulkTarget {
  return {
    db,
    async insert(rows) {
      for (const table of BULK_TABLES) {
        const list = rows[table] as Record<string, unknown>[];
        for (let i = 0; i < list.length; i += ROWS_PER_STATEMENT) {
          await insertUnnest(db, table, list.slice(i, i + ROWS_PER_STATEMENT));
        }
      }
    },
    close: () => Promise.resolve(),
  };
}

const ROWS_PER_STATEMENT = 5_000;

async function insertUnnest(db: Db, table: string, rows: Record<string, unknown>[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  // Text columns as text[], numbers as bigint[]: PostgreSQL casts both to the column on assignment.
  const arrays = columns.map((column) => {
    const values = rows.map((row) => row[column]);
    const type = typeof first[column] === 'number' ? sql`bigint[]` : sql`text[]`;
    return sql`cast(${values} as ${type})`;
  });
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    select * from unnest(${sql.join(arrays)})`.execute(db);
}
