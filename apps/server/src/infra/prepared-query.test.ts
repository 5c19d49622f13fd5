import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/harness.js';
import { oneOf, preparedQuery } from './prepared-query.js';

describe('preparedQuery', () => {
  let t: TestApp;
  const users: { id: string; username: string }[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    for (let i = 0; i < 3; i++) users.push(await buildUser(t.app));
  });

  afterAll(async () => {
    await t.close();
  });

  it('builds once and runs with each call its own values, keeping the constants of the query', async () => {
    let builds = 0;
    const byId = preparedQuery((db, v: { id: string; name: string }) => {
      builds += 1;
      return db
        .selectFrom('users')
        .select(['id', 'username'])
        .where((eb) => eb.or([eb('id', '=', v.id), eb('username', '=', v.name)]))
        .where('status', '<>', 10)
        .orderBy('id');
    });
    const [a, b, c] = users as [(typeof users)[0], (typeof users)[0], (typeof users)[0]];
    expect(await byId(t.app.site.db, { id: a.id, name: c.username })).toEqual(
      [a, c].map((u) => ({ id: u.id, username: u.username })).sort((x, y) => (x.id < y.id ? -1 : 1)),
    );
    expect(await byId(t.app.site.db, { id: b.id, name: 'nobody' })).toEqual([{ id: b.id, username: b.username }]);
    // Inside a transaction (another handle on the same engine) the same text serves.
    await t.app.site.db.transaction().execute(async (trx) => {
      expect(await byId(trx, { id: c.id, name: 'nobody' })).toEqual([{ id: c.id, username: c.username }]);
    });
    expect(builds).toBe(1);
  });

  it('takes a value used twice in one query', async () => {
    const twice = preparedQuery((db, v: { id: string }) =>
      db.selectFrom('users').select('id').where('id', '=', v.id).where('id', '>=', v.id),
    );
    expect(await twice(t.app.site.db, { id: users[1]!.id })).toEqual([{ id: users[1]!.id }]);
  });

  it('takes a list of any length, its items compared as they are, with one text per length', async () => {
    const odd = await buildUser(t.app, { username: `o'dd, "name" {1}` });
    let builds = 0;
    const named = preparedQuery((db, v: { names: readonly string[] }) => {
      builds += 1;
      return db
        .selectFrom('users')
        .select('username')
        .where(oneOf(sql.ref('username'), v.names))
        .orderBy('username');
    });
    const names = (list: readonly string[]) =>
      named(t.app.site.db, { names: list }).then((rows) => rows.map((r) => r.username));
    expect(await names([odd.username])).toEqual([odd.username]);
    expect(await names([users[0]!.username, 'nobody', users[2]!.username])).toEqual(
      [users[0]!.username, users[2]!.username].sort(),
    );
    expect(await names(['nobody'])).toEqual([]);
    expect(await names([])).toEqual([]);
    expect(await names([users[1]!.username])).toEqual([users[1]!.username]);
    // One text per length a list came in: 1, 3 and 0.
    expect(builds).toBe(3);
  });

  it('refuses a value written into the SQL text instead of passed as a parameter', async () => {
    const inText = preparedQuery((db, v: { id: string }) =>
      db
        .selectFrom('users')
        .select('id')
        .where(sql<boolean>`id = ${sql.lit(v.id)}`),
    );
    await expect(inText(t.app.site.db, { id: users[0]!.id })).rejects.toThrow(/must be a parameter/);
  });

  it('refuses a value it was given but never used', async () => {
    const unused = preparedQuery((db, _v: { id: string; other: string }) =>
      db.selectFrom('users').select('id').where('id', '=', _v.id),
    );
    await expect(unused(t.app.site.db, { id: users[0]!.id, other: 'x' })).rejects.toThrow(/other given but not/);
  });
});
