import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Paged, QuestionListItem } from '@inquire/shared';
import { queryObservers } from '../../src/infra/db.js';
import { buildUser, loginAs } from '../factories.js';
import { buildTestApp, call, TEST_DB, type TestApp } from '../harness.js';

const API = '/answer/api/v1';
const ORDERS = ['newest', 'active', 'frequent', 'score', 'unanswered', 'hot'] as const;

/**
 * The question list at scale (issue 15, targets at 1M questions): the unfiltered lists take
 * their count from `question_list_counts`, which triggers keep, and read their first page
 * from the order's partial index instead of sorting every listed question.
 */
describe('the question list at scale', () => {
  let t: TestApp;
  let member: string;
  let staff: string;

  beforeEach(async () => {
    t = await buildTestApp({ app: { writeLimits: false } });
    member = await loginAs(t.app, (await buildUser(t.app)).id);
    staff = await loginAs(t.app, (await buildUser(t.app, { role_id: 2 })).id);
  });
  afterEach(async () => t.close());

  const ask = async (n: number, tag = 'support', token = member) =>
    (
      await call<{ id: string }>(
        t.app,
        'POST',
        `${API}/question`,
        {
          title: `Question number ${n} about keeping counts`,
          content: `Body of question ${n}, long enough to pass.`,
          tags: [{ slug_name: tag }],
        },
        { token },
      )
    ).body.data.id;

  /** What the API says, next to a count of the rows themselves. */
  async function counts() {
    const listed = await call<Paged<QuestionListItem>>(t.app, 'GET', `${API}/question/page?order=newest`);
    const open = await call<Paged<QuestionListItem>>(t.app, 'GET', `${API}/question/page?order=unanswered`);
    const rows = await t.app.site.db.selectFrom('questions').select(['status', 'show', 'answer_count']).execute();
    const isListed = (q: (typeof rows)[number]) => [1, 2].includes(q.status) && q.show === 1;
    return {
      api: { listed: listed.body.data.count, unanswered: open.body.data.count },
      rows: {
        listed: rows.filter(isListed).length,
        unanswered: rows.filter((q) => isListed(q) && q.answer_count === 0).length,
      },
    };
  }

  it('[P-7] keeps the listed and unanswered counts through asks, answers, unlisting, closing and deleting', async () => {
    const before = await counts();
    expect(before.api).toEqual(before.rows);

    const [a, b, c] = [await ask(1), await ask(2), await ask(3)];
    let now = await counts();
    expect(now.api).toEqual(now.rows);
    expect(now.api.listed).toBe(before.api.listed + 3);

    await call(
      t.app,
      'POST',
      `${API}/answer`,
      { question_id: a, content: 'An answer that is long enough.' },
      { token: staff },
    );
    now = await counts();
    expect(now.api).toEqual(now.rows);
    expect(now.api.unanswered).toBe(before.api.unanswered + 2);

    expect(
      (await call(t.app, 'PUT', `${API}/question/operation`, { id: b, operation: 'hide' }, { token: staff })).status,
    ).toBe(200);
    expect(
      (await call(t.app, 'PUT', `${API}/question/status`, { id: c, close_type: 63 }, { token: staff })).status,
    ).toBe(200);
    now = await counts();
    expect(now.api).toEqual(now.rows);
    expect(now.api.listed).toBe(before.api.listed + 2);

    expect((await call(t.app, 'DELETE', `${API}/question`, { id: c }, { token: staff })).status).toBe(200);
    now = await counts();
    expect(now.api).toEqual(now.rows);
    expect(now.api.listed).toBe(before.api.listed + 1);
  });

  it('[P-7] reads the first page of every order from its partial index, with no sort of the listed rows', async () => {
    for (let n = 0; n < 3; n += 1) await ask(n);
    for (const order of ORDERS) {
      const seen: string[] = [];
      const observe = (text: string) => void seen.push(text);
      queryObservers.add(observe);
      try {
        await call(t.app, 'GET', `${API}/question/page?order=${order}&page=1&page_size=20`);
      } finally {
        queryObservers.delete(observe);
      }
      const listQuery = seen.find((text) => /order by/i.test(text) && /"questions"/.test(text) && /limit/i.test(text));
      expect(listQuery, order).toBeDefined();
      const plan = await explain(String(listQuery));
      expect(plan, order).toContain(`questions_listed_${order}`);
      if (TEST_DB === 'sqlite') expect(plan, order).not.toMatch(/TEMP B-TREE FOR ORDER BY/i);
      else expect(plan, order).not.toMatch(/\bSort\b/);
    }
  });

  it('[P-7] lists and counts a large tag (walking the order) and a small one (from its links) alike', async () => {
    // 25 + the welcome question all carry "support": large enough (size² > 20 × listed) to walk.
    const support: string[] = [];
    for (let n = 0; n < 25; n += 1) support.push(await ask(n));
    // Staff may create the new tag.
    const rare = await ask(99, 'rare-tag', staff);
    const page = async (tag: string, order = 'newest', size = 10) =>
      (
        await call<Paged<QuestionListItem>>(
          t.app,
          'GET',
          `${API}/question/page?tag=${tag}&order=${order}&page_size=${size}`,
        )
      ).body.data;
    const exact = async (tag: string) =>
      Number(
        (
          await t.app.site.db
            .selectFrom('questions')
            .innerJoin('tag_relations', 'tag_relations.object_id', 'questions.id')
            .innerJoin('tags', 'tags.id', 'tag_relations.tag_id')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('tags.slug_name', '=', tag)
            .where('questions.status', 'in', [1, 2])
            .where('questions.show', '=', 1)
            .executeTakeFirstOrThrow()
        ).n,
      );

    const seen: string[] = [];
    const observe = (text: string) => void seen.push(text);
    queryObservers.add(observe);
    let large = await page('support');
    const walked = seen.some((text) => /exists \(select/i.test(text));
    seen.length = 0;
    const small = await page('rare-tag');
    const walkedSmall = seen.some((text) => /exists \(select/i.test(text));
    queryObservers.delete(observe);
    expect([walked, walkedSmall]).toEqual([true, false]);
    expect(large.count).toBe(await exact('support'));
    expect(large.list.map((q) => q.id)).toEqual([...support].reverse().slice(0, 10));
    expect(small).toMatchObject({ count: 1, list: [{ id: rare }] });

    await call(t.app, 'PUT', `${API}/question/operation`, { id: support[24], operation: 'hide' }, { token: staff });
    await call(t.app, 'DELETE', `${API}/question`, { id: support[23] }, { token: staff });
    await call(t.app, 'PUT', `${API}/question/operation`, { id: rare, operation: 'hide' }, { token: staff });
    large = await page('support');
    expect(large.count).toBe(await exact('support'));
    expect(large.list.map((q) => q.id)).toEqual([...support].reverse().slice(2, 12));
    expect(await page('rare-tag')).toEqual({ count: 0, list: [] });
    // The same rows whichever way the tag is read: the unanswered order counts its own rows.
    expect((await page('support', 'unanswered', 50)).count).toBe(await exact('support'));
  });

  /** The plan of the list query (its two parameters: the page size and the offset). */
  async function explain(text: string): Promise<string> {
    const db = t.app.site.db;
    if (TEST_DB === 'sqlite') {
      const bound = text.replace(/\?/, '20').replace(/\?/, '0');
      const rows = await sql.raw<{ detail: string }>(`explain query plan ${bound}`).execute(db);
      return rows.rows.map((r) => r.detail).join('\n');
    }
    const bound = text.replace('$1', '20').replace('$2', '0');
    // A test table is tiny, so PostgreSQL would rightly scan and sort it: forbid that, and the
    // plan must show the index can serve the order by itself.
    return db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_sort = off`.execute(trx);
      const rows = await sql.raw<{ 'QUERY PLAN': string }>(`explain ${bound}`).execute(trx);
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }
});
