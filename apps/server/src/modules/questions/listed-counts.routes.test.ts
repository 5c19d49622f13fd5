import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Paged, QuestionListItem } from '@inquire/shared';
import { contentGenerationRepository } from '../../infra/content-generation.repository.js';
import { queryObservers } from '../../infra/db.js';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';

const API = '/answer/api/v1';

/**
 * A list's total comes from the listed counts the triggers keep, which each process keeps in
 * memory until the content generation moves: a list reads one row less, and a write shows in
 * the very next list.
 */
describe('listed counts (a list’s total)', () => {
  let t: TestApp;
  let asker: { id: string; token: string };

  beforeEach(async () => {
    t = await buildTestApp({ app: { writeLimits: false } });
    const user = await buildUser(t.app, { rank: 10_000 });
    asker = { id: user.id, token: await loginAs(t.app, user.id) };
  });
  afterEach(async () => t.close());

  async function total(query = 'page=1&page_size=20'): Promise<number> {
    const res = await call<Paged<QuestionListItem>>(t.app, 'GET', `${API}/question/page?${query}`);
    expect(res.status).toBe(200);
    return res.body.data.count;
  }

  async function ask(title: string): Promise<string> {
    const res = await call<{ id: string }>(
      t.app,
      'POST',
      `${API}/question`,
      { title, content: `The body of ${title}, long enough.`, tags: [{ slug_name: 'counts' }] },
      { token: asker.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  }

  /** The SQL a read runs, as text. */
  async function queriesOf(read: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const observe = (sql: string) => seen.push(sql);
    queryObservers.add(observe);
    try {
      await read();
    } finally {
      queryObservers.delete(observe);
    }
    return seen;
  }

  it('[P-2] a repeated list reads its total from memory; asking and deleting show in the next list', async () => {
    const before = await total();
    expect(await total('page=1&page_size=20&order=unanswered')).toBe(before);
    const again = await queriesOf(() => total());
    expect(again.some((sql) => sql.includes('question_list_counts'))).toBe(false);

    const id = await ask('A question the total counts at once');
    expect(await total()).toBe(before + 1);
    expect(await total('page=1&page_size=20&order=unanswered')).toBe(before + 1);

    const removed = await call(t.app, 'DELETE', `${API}/question`, { id }, { token: asker.token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await total()).toBe(before);
  });

  it('[P-2] a question another process adds shows in the total once this process sees its bump', async () => {
    t.app.contentGeneration.stop();
    try {
      const before = await total();
      // Another process's write: its rows and its bump, with no call through this process.
      await t.app.site.db
        .updateTable('question_list_counts')
        .set((eb) => ({ listed: eb('listed', '+', 1) }))
        .where('id', '=', 1)
        .execute();
      await contentGenerationRepository.bump(t.app.site.db);
      expect(await total()).toBe(before); // kept until the bump is seen
      await t.app.contentGeneration.poll();
      expect(await total()).toBe(before + 1);
    } finally {
      t.app.contentGeneration.start();
    }
  });
});
