import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db, DbDriver } from '../infra/db.js';
import { BULK_TABLES } from './bulk-rows.js';

/** An index as its own `CREATE INDEX` statement, read from the database. */
export interface IndexDefinition {
  name: string;
  ddl: string;
}

/**
 * Where the indexes a large seed dropped are written down until it has built them again, so
 * a seed that died meanwhile (killed, power lost) is repaired by the next `inquire seed`.
 */
const RECORD = 'seed-deferred-indexes.json';

/**
 * The secondary indexes of the tables a seed fills: not primary keys, not unique ones (those
 * keep the data right and stay). Read from the database, so indexes added by later
 * migrations are included.
 */
export async function secondaryIndexes(db: Db, driver: DbDriver): Promise<IndexDefinition[]> {
  const tables = [...BULK_TABLES];
  if (driver === 'sqlite') {
    const rows = await sql<{ name: string; ddl: string }>`select name, sql as ddl from sqlite_master
      where type = 'index' and sql is not null and tbl_name in (${sql.join(tables)}) order by name`.execute(db);
    return rows.rows.filter((row) => !/^create\s+unique/i.test(row.ddl));
  }
  const rows = await sql<{ name: string; ddl: string }>`select i.indexname as name, i.indexdef as ddl
    from pg_indexes i
    join pg_class c on c.relname = i.indexname
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = i.schemaname
    join pg_index x on x.indexrelid = c.oid
    where i.schemaname = current_schema() and i.tablename in (${sql.join(tables)})
      and not x.indisunique and not x.indisprimary
    order by i.indexname`.execute(db);
  return rows.rows;
}

async function indexExists(db: Db, driver: DbDriver, name: string): Promise<boolean> {
  const found =
    driver === 'sqlite'
      ? await sql`select 1 from sqlite_master where type = 'index' and name = ${name}`.execute(db)
      : await sql`select 1 from pg_indexes where schemaname = current_schema() and indexname = ${name}`.execute(db);
  return found.rows.length > 0;
}

/** Builds the recorded indexes a database lacks, then forgets the record. Answers how many it built. */
export async function restoreDeferredIndexes(dataDir: string, db: Db, driver: DbDriver): Promise<number> {
  const record = join(dataDir, RECORD);
  if (!existsSync(record)) return 0;
  const indexes = JSON.parse(readFileSync(record, 'utf8')) as IndexDefinition[];
  let built = 0;
  for (const index of indexes) {
    if (await indexExists(db, driver, index.name)) continue;
    await sql.raw(index.ddl).execute(db);
    built += 1;
  }
  rmSync(record);
  return built;
}

/**
 * Runs `load` with the secondary indexes of the seeded tables dropped, and builds them again
 * afterwards, whether `load` succeeded or not: one sort per index instead of millions of
 * scattered index updates (on PostgreSQL the inserts take half the time). The definitions are
 * written to the data directory first (see RECORD).
 */
export async function withDeferredIndexes<T>(
  dataDir: string,
  db: Db,
  driver: DbDriver,
  load: () => Promise<T>,
): Promise<T> {
  await restoreDeferredIndexes(dataDir, db, driver);
  const indexes = await secondaryIndexes(db, driver);
  writeFileSync(join(dataDir, RECORD), JSON.stringify(indexes, null, 2));
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(db);
  try {
    return await load();
  } finally {
    await restoreDeferredIndexes(dataDir, db, driver);
  }
}
