import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Paged, QuestionListItem } from '@inquire/shared';
import { queryObservers } from '../../infra/db.js';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';

const API = '/answer/api/v1';
/** The sidebar's hot list (packages/shared limits: PAGING.hotQuestions). */
const HOT = 'page=1&page_size=6&order=frequent&in_days=7';

/**
 * The lists of a time window are kept per process until the content generation moves: read
 * once for every page's sidebar, yet a write shows in the very next read.
 */
describe('window lists (the hot-questions sidebar)', () => {
  let t: TestApp;
  let asker: { id: string; token: string };
  let answerer: { id: string; token: string };

  beforeEach(async () => {
    t = await buildTestApp({ app: { writeLimits: false } });
    const make = async () => {
      const user = await buildUser(t.app);
      return { id: user.id, token: await loginAs(t.app, user.id) };
    };
    asker = await make();
    answerer = await make();
  });
  afterEach(async () => t.close());

  async function list(query: string, token?: string) {
    const res = await call<Paged<QuestionListItem>>(t.app, 'GET', `${API}/question/page?${query}`, undefined, {
      token,
    });
    expect(res.status).toBe(200);
    return res.body.data;
  }

  async function queriesOf(read: () => Promise<unknown>): Promise<number> {
    let count = 0;
    const observe = () => (count += 1);
    queryObservers.add(observe);
    try {
      await read();
    } finally {
      queryObservers.delete(observe);
    }
    return count;
  }

  async function post(path: string, body: object, token: string) {
    const res = await call<{ id: string }>(t.app, 'POST', `${API}/${path}`, body, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  it('[S7-061] [S9-044] [S9-045] a repeated hot list is read from memory, and a new question or answer shows in the next one', async () => {
    const { id } = await post(
      'question',
      {
        title: 'A question for the hot list',
        content: 'Its body, long enough to pass.',
        tags: [{ slug_name: 'support' }],
      },
      asker.token,
    );
    const first = await list(HOT, asker.token);
    expect(first.list.map((q) => q.id)).toContain(id);
    // Kept: the same list again costs the session read only (no list query).
    const cold = await queriesOf(() => list('page=1&page_size=6&order=frequent&in_days=30', asker.token));
    const warm = await queriesOf(() => list(HOT, asker.token));
    expect(warm).toBeLessThan(cold);
    // A guest gets the same list as a member.
    expect((await list(HOT)).list).toEqual(first.list);

    await post('answer', { question_id: id, content: 'An answer that is long enough to pass.' }, answerer.token);
    const after = await list(HOT, asker.token);
    expect(after.list.find((q) => q.id === id)?.answer_count).toBe(1);
  });

  it('[S9-045] lists with no window are read afresh each time', async () => {
    await list('page=1&page_size=6&order=frequent', asker.token);
    const again = await queriesOf(() => list('page=1&page_size=6&order=frequent', asker.token));
    const session = await queriesOf(() => call(t.app, 'GET', `${API}/user/info`, undefined, { token: asker.token }));
    expect(again).toBeGreaterThan(session);
  });
});
