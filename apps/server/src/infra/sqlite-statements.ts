import type { Database, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Enough for every distinct query the app builds (their texts repeat; the values are bound). */
const MAX_STATEMENTS = 1_000;

/**
 * The SQLite handle Kysely uses, with prepared statements kept by their SQL text. Kysely
 * prepares every query it runs; the app runs the same few hundred texts over and over, and
 * preparing was a sixth of a question page's render. A statement still iterating (a stream)
 * is busy: the query then gets a fresh one. SQLite re-prepares a kept statement by itself
 * after a schema change.
 */
export function withStatementCache(database: Database): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    prepare(source: string) {
      const kept = statements.get(source);
      if (kept && !kept.busy) return kept;
      const statement = database.prepare(source);
      if (!kept) {
        if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value as string);
        statements.set(source, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}
