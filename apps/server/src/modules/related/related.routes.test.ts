import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RelatedQuestion } from '@inquire/shared';
import { queryObservers } from '../../infra/db.js';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';

type Fields = { error_field: string; error_msg: string }[];

describe('related questions', () => {
  let t: TestApp;
  let token: string;

  beforeEach(async () => {
    // These tests post many things quickly as one member; the limits have their own suite.
    t = await buildTestApp({ app: { writeLimits: false } });
    const user = await buildUser(t.app, { rank: 1000 });
    token = await loginAs(t.app, user.id);
  });
  afterEach(async () => t.close());

  const ask = async (title: string, tags: string[]) =>
    (
      await call<{ id: string }>(
        t.app,
        'POST',
        '/answer/api/v1/question',
        { title, content: `Body of ${title}`, tags: tags.map((slug_name) => ({ slug_name })) },
        { token },
      )
    ).body.data.id;
  const related = (id: string) =>
    call<{ list: RelatedQuestion[]; count: number }>(
      t.app,
      'GET',
      `/answer/api/v1/question/similar/tag?question_id=${id}`,
    );

  it('[S2-018] lists visible questions sharing tags, most shared first, never the question itself', async () => {
    const main = await ask('How to sort a list in place', ['python', 'lists']);
    const both = await ask('Sorting lists of tuples in python', ['python', 'lists']);
    const one = await ask('Python virtual environments explained', ['python']);
    const hidden = await ask('Python lists hidden from the list', ['python', 'lists']);
    const gone = await ask('Python lists that were deleted', ['python', 'lists']);
    await ask('Rust ownership rules', ['rust']);
    await t.app.site.db.updateTable('questions').set({ show: 2 }).where('id', '=', hidden).execute();
    await t.app.site.db.updateTable('questions').set({ status: 10 }).where('id', '=', gone).execute();
    const res = await related(main);
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((q) => q.id)).toEqual([both, one]);
    expect(res.body.data.count).toBe(2); // [C-4] Answer's {list, count}
    expect(res.body.data.list[0]).toMatchObject({
      title: 'Sorting lists of tuples in python',
      url_title: 'sorting-lists-of-tuples-in-python',
    });
  });

  it("[SR-5] finds questions through the search index by the title's telling words; questions sharing tags fill the rest", async () => {
    const main = await ask('Parsing huge nginx access logs quickly', ['nginx']);
    const wordsOnly = await ask('Parsing nginx logs with awk', ['awk']);
    const both = await ask('Rotating nginx access logs', ['nginx']);
    const tagsOnly = await ask('Reverse proxy timeouts', ['nginx']);
    await ask('Rust ownership rules', ['rust']);
    // "How" and "with" are in nearly every title: they relate nothing.
    await ask('How to work with Rust', ['rust']);
    const res = await related(main);
    expect(res.status).toBe(200);
    const ids = res.body.data.list.map((q) => q.id);
    // Both title matches rank above a question that shares only the tag (its tag is text too).
    expect(ids.slice(0, 2).sort()).toEqual([both, wordsOnly].sort());
    expect(ids.slice(2)).toEqual([tagsOnly]);
  });

  it('[SR-5] relates Chinese titles by the pieces of text they share', async () => {
    const main = await ask('如何在斑马日志中查找错误', ['logs']);
    const alike = await ask('斑马日志的轮转策略', ['storage']);
    await ask('如何安装软件包管理器', ['packages']);
    const res = await related(main);
    expect(res.body.data.list.map((q) => q.id)).toEqual([alike]);
  });

  it('[P-3] keeps no related list read while a write landed: a question deleted meanwhile is not shown after', async () => {
    const main = await ask('Caching related lists safely', ['caching']);
    const soonGone = await ask('Caching related lists in memory', ['caching']);
    const row = { id: main, title: 'Caching related lists safely' };
    const reading = t.app.services.related.forReadable(row);
    // A write's drop arrives while the list is read; the write itself lands after the read.
    t.app.services.related.forget();
    expect((await reading).map((q) => q.id)).toEqual([soonGone]);
    await t.app.site.db.updateTable('questions').set({ status: 10 }).where('id', '=', soonGone).execute();
    expect(await t.app.services.related.forReadable(row)).toEqual([]);
  });

  it('reads a related list once for the renders that ask for it at the same time', async () => {
    const main = await ask('Sharing one read among renders', ['reads']);
    await ask('Sharing reads among many renders', ['reads']);
    const row = { id: main, title: 'Sharing one read among renders' };
    t.app.services.related.forget();
    // The tag pool's query (its "newest" arms) is the related list's own: the outbox's and the
    // search feed's passes may query meanwhile.
    let reads = 0;
    const count = (sqlText: string) => {
      if (sqlText.includes('as "newest"')) reads += 1;
    };
    queryObservers.add(count);
    try {
      const lists = await Promise.all([1, 2, 3, 4].map(() => t.app.services.related.forReadable(row)));
      expect(reads).toBe(1);
      expect(lists[0]).toHaveLength(1);
      expect(new Set(lists.map((list) => JSON.stringify(list))).size).toBe(1);
    } finally {
      queryObservers.delete(count);
    }
  });

  it('answers 400 naming question_id, 404 for a question the caller may not see, 401 and 403 on a private site', async () => {
    const bad = await call<Fields>(t.app, 'GET', '/answer/api/v1/question/similar/tag');
    expect(bad.status).toBe(400);
    expect(bad.body.data[0]?.error_field).toBe('question_id');
    const main = await ask('A question soon deleted', ['python']);
    await t.app.site.db.updateTable('questions').set({ status: 10 }).where('id', '=', main).execute();
    expect((await related(main)).status).toBe(404);
    await t.app.services.siteinfo.update('login', { login_required: true });
    expect((await related(main)).status).toBe(401);
    const inactive = await buildUser(t.app, { mail_status: 2 });
    const res = await call(t.app, 'GET', `/answer/api/v1/question/similar/tag?question_id=${main}`, undefined, {
      token: await loginAs(t.app, inactive.id),
    });
    expect(res.status).toBe(403);
  });
});
