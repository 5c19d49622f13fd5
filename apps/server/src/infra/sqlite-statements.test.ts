import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statements.js';

describe('prepared statements kept by their SQL text', () => {
  it('[P-2] prepares a query text once and reuses it with new values', () => {
    const database = new SQLite(':memory:');
    const handle = withStatementCache(database);
    handle.prepare('create table t (n integer)').run([]);
    const insert = handle.prepare('insert into t (n) values (?)');
    insert.run([1]);
    expect(handle.prepare('insert into t (n) values (?)')).toBe(insert);
    handle.prepare('insert into t (n) values (?)').run([2]);
    expect(handle.prepare('select n from t order by n').all([])).toEqual([{ n: 1 }, { n: 2 }]);
    handle.close();
  });

  it('[P-2] gives a fresh statement while the kept one is still iterating', () => {
    const database = new SQLite(':memory:');
    const handle = withStatementCache(database);
    handle.prepare('create table t (n integer)').run([]);
    for (const n of [1, 2, 3]) handle.prepare('insert into t (n) values (?)').run([n]);
    const select = 'select n from t order by n';
    const rows = handle.prepare(select).iterate([]);
    rows.next();
    const other = handle.prepare(select);
    expect(other.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    rows.return?.();
    handle.close();
  });
});
