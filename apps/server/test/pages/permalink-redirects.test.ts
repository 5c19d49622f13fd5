import { shortId, slugify } from '@inquire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, loginAs } from '../factories.js';
import { ADMIN, buildTestApp, call, type TestApp } from '../harness.js';

/**
 * The SEO permalink setting (issue 13, item 5): every other address of a question or answer
 * answers 301 to the form the setting writes (1 id and title, 2 id, 3 short id and title,
 * 4 short id), so links from before a change keep working and each post has one address.
 */
describe('permalink redirects', () => {
  let t: TestApp;
  let admin = '';
  let qid = '';
  let aid = '';
  let slug = '';
  let zhId = '';

  beforeAll(async () => {
    t = await buildTestApp({ app: { pages: {}, writeLimits: false } });
    const row = await t.app.site.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', ADMIN.name)
      .executeTakeFirstOrThrow();
    admin = await loginAs(t.app, row.id);
    const author = await buildUser(t.app, { rank: 1000 });
    const token = await loginAs(t.app, author.id);
    const ask = async (title: string) => {
      const res = await call<{ id: string }>(
        t.app,
        'POST',
        '/answer/api/v1/question',
        { title, content: 'Body long enough to be posted.', tags: [{ slug_name: 'permalinks' }] },
        { token },
      );
      expect(res.status).toBe(200);
      return res.body.data.id;
    };
    const title = 'How do permalinks redirect old addresses';
    qid = await ask(title);
    slug = slugify(title);
    zhId = await ask('永久链接如何跳转旧地址的问题');
    const other = await buildUser(t.app, { rank: 1000 });
    const answered = await call<{ id: string }>(
      t.app,
      'POST',
      '/answer/api/v1/answer',
      { question_id: qid, content: 'An answer long enough to be posted.' },
      { token: await loginAs(t.app, other.id) },
    );
    expect(answered.status).toBe(200);
    aid = answered.body.data.id;
  }, 60_000);
  afterAll(async () => t?.close());

  const setPermalink = async (permalink: number) => {
    const seo = await call<{ robots: string }>(t.app, 'GET', '/answer/admin/api/siteinfo/seo', undefined, {
      token: admin,
    });
    const res = await call(
      t.app,
      'PUT',
      '/answer/admin/api/siteinfo/seo',
      { permalink, robots: seo.body.data.robots },
      { token: admin },
    );
    expect(res.status).toBe(200);
  };
  const visit = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'user-agent': 'test' } });
  const expectRedirect = async (from: string, to: string) => {
    const res = await visit(from);
    expect([from, res.statusCode]).toEqual([from, 301]);
    expect([from, res.headers.location]).toEqual([from, to]);
  };
  const expectPage = async (url: string) => {
    const res = await visit(url);
    expect([url, res.statusCode]).toEqual([url, 200]);
  };

  it('[A-5] permalink 1 (id and title): a missing, old or short-id address goes to /questions/{id}/{slug}', async () => {
    await setPermalink(1);
    const canonical = `/questions/${qid}/${slug}`;
    await expectPage(canonical);
    await expectRedirect(`/questions/${qid}`, canonical);
    await expectRedirect(`/questions/${qid}/an-old-title`, canonical);
    await expectRedirect(`/questions/${shortId(qid)}/${slug}`, canonical);
    await expectRedirect(`/questions/${shortId(qid)}?sort=newest`, `${canonical}?sort=newest`);
    // An answer's address with its id where the slug goes.
    await expectPage(`${canonical}/${aid}`);
    await expectRedirect(`/questions/${qid}/${aid}`, `${canonical}/${aid}`);
  });

  it('[A-5] permalink 2 (id): an address with a slug goes to /questions/{id}', async () => {
    await setPermalink(2);
    await expectPage(`/questions/${qid}`);
    await expectRedirect(`/questions/${qid}/${slug}`, `/questions/${qid}`);
    await expectRedirect(`/questions/${shortId(qid)}`, `/questions/${qid}`);
    await expectPage(`/questions/${qid}/${aid}`);
    await expectRedirect(`/questions/${qid}/${slug}/${aid}`, `/questions/${qid}/${aid}`);
  });

  it('[A-5] permalink 3 (short id and title) and 4 (short id): long-id and other-form addresses follow', async () => {
    const short = shortId(qid);
    await setPermalink(3);
    await expectPage(`/questions/${short}/${slug}`);
    await expectRedirect(`/questions/${qid}/${slug}`, `/questions/${short}/${slug}`);
    await expectRedirect(`/questions/${qid}`, `/questions/${short}/${slug}`);
    await expectRedirect(`/questions/${qid}/${slug}/${aid}`, `/questions/${short}/${slug}/${shortId(aid)}`);
    await setPermalink(4);
    await expectPage(`/questions/${short}`);
    await expectRedirect(`/questions/${qid}/${slug}`, `/questions/${short}`);
    await expectRedirect(`/questions/${short}/${slug}`, `/questions/${short}`);
  });

  it('[A-5] a slug in another script is sent percent-encoded (a Location header is ASCII) and its address renders', async () => {
    await setPermalink(1);
    const res = await visit(`/questions/${zhId}`);
    expect(res.statusCode).toBe(301);
    const location = String(res.headers.location);
    expect(location).toMatch(/^[\x21-\x7e]+$/);
    expect(decodeURI(location)).toBe(`/questions/${zhId}/${slugify('永久链接如何跳转旧地址的问题')}`);
    await expectPage(location);
  });
});
