import { sql, type RawBuilder } from 'kysely';
import { isSqlite, type Db } from './db.js';

/**
 * Rows that come with other rows in one read, as JSON: a page's parts read beside its own row
 * instead of a round trip each (PostgreSQL: ~0.4 ms of a member's question page apiece on a
 * 2-core machine). PostgreSQL builds them with json_build_object / json_agg and answers them
 * parsed; SQLite with json_object / json_group_array and answers their text (`parsedJson`).
 * Numbers stay numbers (int8 included, as db.ts reads them), booleans stay what each engine
 * answers for a column (true / false, 1 / 0).
 */

/** A JSON object of `columns` (key: SQL column reference). */
export function jsonObject(db: Db, columns: Record<string, string>): RawBuilder<unknown> {
  const pairs = Object.entries(columns).map(([key, column]) => sql`${sql.lit(key)}, ${sql.ref(column)}`);
  return isSqlite(db) ? sql`json_object(${sql.join(pairs)})` : sql`json_build_object(${sql.join(pairs)})`;
}

/**
 * A JSON array of `item` over the rows `from` reads (its FROM and WHERE), in `order`; [] for none.
 * An aggregate's own ORDER BY needs SQLite 3.44 or later (better-sqlite3 bundles 3.53).
 */
export function jsonArray(db: Db, item: RawBuilder<unknown>, order: string, from: RawBuilder<unknown>) {
  const by = sql.raw(order);
  const aggregate = isSqlite(db)
    ? sql`json_group_array(${item} order by ${by})`
    : sql`json_agg(${item} order by ${by})`;
  return sql`(select coalesce(${aggregate}, '[]') ${from})`;
}

/** A JSON column as read: parsed already (PostgreSQL) or its text (SQLite); null stays undefined. */
export function parsedJson<T>(value: unknown): T | undefined {
  if (value === null || value === undefined) return undefined;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
