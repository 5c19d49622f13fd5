import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser, loginAs } from '../../test/factories.js';
import { buildTestApp, call, TEST_DB, type TestApp } from '../../test/harness.js';
import { usersRepository } from '../modules/users/users.repository.js';
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

describe('requests in parallel with a write transaction', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  it('all answer: reads that wait for the connection an open transaction holds are not taken for queries inside it', async () => {
    const token = await loginAs(t.app, (await buildUser(t.app)).id);
    const readers = 3;
    let readsArrived!: () => void;
    const allReadsArrived = new Promise<void>((resolve) => (readsArrived = resolve));
    let arrived = 0;
    const { questions } = t.app.services;
    const page = questions.page.bind(questions);
    vi.spyOn(questions, 'page').mockImplementation(async (query) => {
      arrived += 1;
      if (arrived === readers) readsArrived();
      return page(query);
    });
    // The ask's transaction stays open until the reads, sent once it opened, have reached their
    // queries (every step already queued has run), so they queue for the connection it holds.
    const bumpCount = usersRepository.bumpCount;
    let heldOpen = false;
    let transactionOpened!: () => void;
    const transactionOpen = new Promise<void>((resolve) => (transactionOpened = resolve));
    vi.spyOn(usersRepository, 'bumpCount').mockImplementation(async (...args) => {
      transactionOpened();
      await allReadsArrived;
      await new Promise((resolve) => setImmediate(resolve));
      heldOpen = true;
      return bumpCount.apply(usersRepository, args);
    });
    const ask = call<{ id: string }>(
      t.app,
      'POST',
      '/answer/api/v1/question',
      { title: 'A question asked while others read', content: 'Its body.', tags: [{ slug_name: 'support' }] },
      { token },
    );
    // The reads start from the test, not from inside the transaction: other requests.
    await transactionOpen;
    const reads = Array.from({ length: readers }, () =>
      call<{ count: number }>(t.app, 'GET', '/answer/api/v1/question/page?page=1&page_size=20'),
    );
    const answered = await Promise.all([ask, ...reads]);
    expect(heldOpen).toBe(true);
    expect(answered.map((r) => [r.status, r.body.reason])).toEqual(answered.map(() => [200, 'base.success']));
    // On SQLite the reads waited for the ask's commit (one connection): they see its question.
    // PostgreSQL reads on connections of their own, without waiting: before or after the commit.
    const counts = answered.slice(1).map((read) => (read.body.data as { count: number }).count);
    if (TEST_DB === 'sqlite') expect(counts).toEqual([2, 2, 2]);
    else for (const count of counts) expect([1, 2]).toContain(count);
  });
});
