import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, QUERY_INSIDE_TRANSACTION, type DbHandle } from './db.js';

/**
 * These open SQLite whatever engine the run tests: the deadlock and its detector belong to
 * the SQLite driver (one connection), PostgreSQL has a pool.
 */

/** Without the detector the query would wait forever: this bound turns a hang into a failure. */
const HANG_BOUND_MS = 2000;
const STILL_WAITING = 'still waiting for the connection';

function boundedByTime<T>(promise: Promise<T>): Promise<T | typeof STILL_WAITING> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<typeof STILL_WAITING>((resolve) => {
    timer = setTimeout(() => resolve(STILL_WAITING), HANG_BOUND_MS);
  });
  return Promise.race([promise, bound]).finally(() => clearTimeout(timer));
}

/** What a promise has done by the time everything already queued has run. */
async function stateOf(promise: Promise<unknown>): Promise<'pending' | 'settled'> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return settled ? 'settled' : 'pending';
}

describe('SQLite: a query through the site handle inside a transaction', () => {
  let dataDir: string;
  let handle: DbHandle;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'inquire-db-'));
    handle = openDatabase({ driver: 'sqlite', file: join(dataDir, 'site.db') });
    await sql`create table notes (body text not null)`.execute(handle.db);
  });
  afterEach(async () => {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('fails at once with an error that says to pass the transaction, instead of hanging, and rolls back', async () => {
    const { db } = handle;
    let inside: unknown;
    const outcome = db.transaction().execute(async (trx) => {
      await sql`insert into notes (body) values ('kept only if committed')`.execute(trx);
      // The mistake: the root handle, from a function the callback awaits.
      const readThroughSiteHandle = async () => sql`select count(*) as n from notes`.execute(db);
      inside = await boundedByTime(readThroughSiteHandle()).catch((error: Error) => error);
      if (inside instanceof Error) throw inside;
    });
    await expect(outcome).rejects.toThrow(QUERY_INSIDE_TRANSACTION);
    expect(inside).toBeInstanceOf(Error);
    const rows = await sql<{ n: number }>`select count(*) as n from notes`.execute(db);
    expect(rows.rows[0]?.n).toBe(0);
  });

  it('fails the same way from a callback that returns the query rather than awaiting it', async () => {
    const { db } = handle;
    const outcome = db.transaction().execute(() => boundedByTime(sql`select 1`.execute(db)));
    await expect(outcome).rejects.toThrow(QUERY_INSIDE_TRANSACTION);
  });

  it('lets an unrelated query wait its turn while a transaction is open, then answers it with the committed row', async () => {
    const { db } = handle;
    let finishTransaction!: () => void;
    const transactionMayFinish = new Promise<void>((resolve) => (finishTransaction = resolve));
    let transactionWrote!: () => void;
    const wrote = new Promise<void>((resolve) => (transactionWrote = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await sql`insert into notes (body) values ('committed first')`.execute(trx);
      transactionWrote();
      await transactionMayFinish;
    });
    await wrote;
    // Another request (not this transaction's call chain) asks for the connection now.
    const unrelated = sql<{ body: string }>`select body from notes`.execute(db);
    expect(await stateOf(unrelated)).toBe('pending');
    finishTransaction();
    await transaction;
    expect((await unrelated).rows).toEqual([{ body: 'committed first' }]);
  });

  it('lets the chain that ran a transaction query the site handle once it has committed or rolled back', async () => {
    const { db } = handle;
    await db.transaction().execute(async (trx) => {
      await sql`insert into notes (body) values ('one')`.execute(trx);
    });
    expect((await sql`select body from notes`.execute(db)).rows).toHaveLength(1);
    await expect(
      db.transaction().execute(async () => {
        throw new Error('rule broken');
      }),
    ).rejects.toThrow('rule broken');
    expect((await sql`select body from notes`.execute(db)).rows).toHaveLength(1);
  });

  it('lets queries through the transaction itself run, in parallel too', async () => {
    const { db } = handle;
    const counts = await db.transaction().execute(async (trx) => {
      await sql`insert into notes (body) values ('a')`.execute(trx);
      return Promise.all([sql`select body from notes`.execute(trx), sql`select 1 as one`.execute(trx)]);
    });
    expect(counts.map((result) => result.rows.length)).toEqual([1, 1]);
  });
});
