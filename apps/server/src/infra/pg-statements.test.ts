import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, TEST_DB } from '../../test/harness.js';
import { PLANS_ALIKE, withNamedStatements } from './pg-statements.js';

/** Named statements are PostgreSQL's: the SQLite run has nothing to prove here. */
describe.runIf(TEST_DB === 'postgres')('queries as named prepared statements on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let pool: pg.Pool;
  /** Kysely's way: a client from the pool, queried with a text and its values (no callback). */
  let client: pg.PoolClient;

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
    withNamedStatements(pool);
    client = await pool.connect();
    await client.query('create table t (n integer); insert into t values (1), (2), (3)');
  });
  afterAll(async () => {
    client.release();
    await pool.end();
    await database.drop();
  });

  const kept = async () =>
    (await client.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements'))
      .rows;

  it('[P-2] prepares a parameterised text once per connection and runs it again with new values', async () => {
    const text = 'select n from t where n >= $1 order by n';
    expect((await client.query(text, [2])).rows).toEqual([{ n: 2 }, { n: 3 }]);
    expect((await client.query(text, [3])).rows).toEqual([{ n: 3 }]);
    const statements = (await kept()).filter((s) => s.statement === text);
    expect(statements).toHaveLength(1);
    expect(statements[0]?.name).toMatch(/^inquire_\d+$/);
  });

  const plansOf = async (text: string) =>
    (
      await client.query<{ generic_plans: number; custom_plans: number }>(
        'select generic_plans, custom_plans from pg_prepared_statements where statement = $1',
        [text],
      )
    ).rows[0];

  it('[P-2] keeps a cached plan for a text that plans alike for every value', async () => {
    const text = 'select n from t where n = $1';
    for (let i = 0; i < 8; i++) await client.query(text, [i % 3]);
    // PostgreSQL plans the first five runs for their values, then keeps the generic plan.
    expect((await plansOf(text))?.generic_plans).toBeGreaterThan(0);
  });

  it('[P-2] plans a LIMIT text or a text match for each run: no generic plan settles on a skewed value', async () => {
    const walks = 'select n from t where n >= $1 order by n limit 2';
    const matches = "select n from t where n::text like $1 || '%'";
    for (let i = 0; i < 8; i++) {
      expect((await client.query(walks, [3])).rows).toEqual([{ n: 3 }]);
      expect((await client.query(matches, ['2'])).rows).toEqual([{ n: 2 }]);
    }
    expect(await plansOf(walks)).toBeUndefined();
    expect(await plansOf(matches)).toBeUndefined();
  });

  it('[P-2] keeps a LIMIT text its repository marks as planning alike', async () => {
    const text = `select n from t where n = $1 order by n limit 5 ${PLANS_ALIKE}`;
    for (let i = 0; i < 8; i++) await client.query(text, [2]);
    expect((await plansOf(text))?.generic_plans).toBeGreaterThan(0);
  });

  it('[P-2] names a marked text without values (its LIMIT written in), and leaves an unmarked one unnamed', async () => {
    const marked = `select n from t order by n limit 1 ${PLANS_ALIKE}`;
    const unmarked = 'select n from t order by n desc limit 1';
    expect((await client.query(marked, [])).rows).toEqual([{ n: 1 }]);
    expect((await client.query(unmarked, [])).rows).toEqual([{ n: 3 }]);
    expect(await plansOf(marked)).toBeDefined();
    expect(await plansOf(unmarked)).toBeUndefined();
  });

  it('[P-2] leaves texts without values unnamed: several statements in one text still run', async () => {
    await client.query('update t set n = n; select 1');
    expect((await kept()).some((s) => s.statement.startsWith('update t'))).toBe(false);
  });

  it('[P-2] prepares a kept `select *` again after a migration changed its table', async () => {
    const text = 'select * from t where n = $1';
    expect((await client.query(text, [1])).rows).toEqual([{ n: 1 }]);
    await client.query('alter table t add column label text');
    expect((await client.query(text, [1])).rows).toEqual([{ n: 1, label: null }]);
    expect((await client.query(text, [2])).rows).toEqual([{ n: 2, label: null }]);
  });
});
