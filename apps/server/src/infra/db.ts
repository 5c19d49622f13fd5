import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type LogEvent,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { DbConfig } from '../config/config.js';
import type { Database } from '../db/database.js';
import { isGenerationPoll } from './content-generation.repository.js';
import { withStatementCache } from './sqlite-statements.js';
import { PLANS_ALIKE, withNamedStatements } from './pg-statements.js';

// PostgreSQL returns int8 (bigint, count(*)) as strings; our values are Unix seconds and
// counters, far below 2^53, so read them as numbers on both engines.
pg.types.setTypeParser(20, (value) => Number(value));

export type Db = Kysely<Database>;

/** Whether `db` is SQLite (an engine's own SQL: FTS5, JSON functions). */
export const isSqlite = (db: Db) => db.getExecutor().adapter instanceof SqliteAdapter;

/** `.modifyEnd(plansAlike)`: a LIMIT query whose plan does not depend on its values (pg-statements.ts). */
export const plansAlike = sql.raw(PLANS_ALIKE);
export type DbDriver = DbConfig['driver'];

export interface DbHandle {
  db: Db;
  driver: DbDriver;
  close(): Promise<void>;
}

/**
 * Who wants to see every query this process runs (tests that prove a page's query count
 * does not grow with its posts). Empty in normal running, which costs one size check a query.
 */
export const queryObservers = new Set<(sqlText: string) => void>();

function observeQueries(event: LogEvent): void {
  if (queryObservers.size === 0 || isGenerationPoll(event.query.sql)) return;
  for (const observe of queryObservers) observe(event.query.sql);
}

/**
 * SQLite transactions begin IMMEDIATE. Several processes may share one file (`inquire start
 * --workers N`), and a deferred transaction that reads first and writes later fails at once
 * with SQLITE_BUSY when another process wrote in between: the busy timeout cannot help it.
 * Taking the write lock at the start makes it wait its turn instead.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  /**
   * SQLite has one connection, held by an open transaction until it ends. A query through the
   * site handle (not `trx`) from inside the transaction's own callback waits for that
   * connection forever, and every later request queues behind it. The transaction marks its
   * async call chain, so such a query fails at once with a clear error instead; a query from
   * an unrelated request carries no open mark and waits its turn as before.
   */
  override async acquireConnection(): Promise<DatabaseConnection> {
    if (openTransactionOfThisChain.getStore()?.open) throw new Error(QUERY_INSIDE_TRANSACTION);
    return super.acquireConnection();
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    // Marked before the first await, so the mark reaches the continuation that runs the
    // callback (Kysely calls this synchronously from the transaction's own chain).
    const transaction = { open: true };
    openTransactionOfThisChain.enterWith(transaction);
    try {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    } catch (error) {
      transaction.open = false; // Kysely calls no rollback when begin fails
      throw error;
    }
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    closeTransactionOfThisChain();
    await super.commitTransaction(connection);
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    closeTransactionOfThisChain();
    await super.rollbackTransaction(connection);
  }
}

export const QUERY_INSIDE_TRANSACTION =
  'a query through the site handle inside a transaction would deadlock SQLite: pass the transaction';

/** The SQLite transaction this async call chain opened, if any (`open` is false once it ends). */
const openTransactionOfThisChain = new AsyncLocalStorage<{ open: boolean }>();

function closeTransactionOfThisChain(): void {
  const transaction = openTransactionOfThisChain.getStore();
  if (transaction) transaction.open = false;
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly options: SqliteDialectConfig) {
    super(options);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.options);
  }
}

/**
 * SQLite's page cache of each connection, KiB. better-sqlite3 builds SQLite with 16 MB, which
 * a worker filled within a few hundred searches at 1M questions (its resident memory grew by
 * ~25 MB, ~7 MB at 4 MB); the operating system caches the file anyway, and the searches, the
 * question and list pages measured the same with 16, 4 and 2 MB (in-process, 1M questions).
 */
const SQLITE_CACHE_KIB = 4000;

/** Opens the site database. SQLite: WAL, foreign keys on, 5 s busy timeout, a 4 MB page cache, immediate transactions. */
export function openDatabase(config: DbConfig): DbHandle {
  if (config.driver === 'sqlite') {
    mkdirSync(dirname(config.file), { recursive: true });
    const database = new SQLite(config.file);
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    database.pragma('synchronous = NORMAL');
    database.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
    const db = new Kysely<Database>({
      dialect: new ImmediateSqliteDialect({ database: withStatementCache(database) }),
      log: observeQueries,
    });
    return { db, driver: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({ connectionString: config.url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle connection the server drops (restart, failover, admin termination) is discarded by
  // the pool; without a listener its error would crash the process.
  pool.on('error', () => undefined);
  withNamedStatements(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: observeQueries });
  return { db, driver: 'postgres', close: () => db.destroy() };
}

/** True when the database answers a trivial query. Never throws. */
export async function canConnect(config: DbConfig): Promise<boolean> {
  let handle: DbHandle | undefined;
  try {
    if (config.driver === 'sqlite') {
      // Opening a file creates it: only probe that its folder can be made and written.
      handle = openDatabase({ driver: 'sqlite', file: config.file });
    } else {
      handle = openDatabase(config);
    }
    await sql`select 1`.execute(handle.db);
    return true;
  } catch {
    return false;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
