import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { makeObjectId, SEARCH_COUNT_CAP } from '@inquire/shared';
import { isSqlite } from '../../src/infra/db.js';
import { hashToken } from '../../src/infra/tokens.js';
import { setCaptcha } from '../security/accounts-helpers.js';
import { ADMIN, buildTestApp, call, type TestApp } from '../harness.js';
import { insertIndexDocuments } from '../index-documents.js';

/**
 * The /search page as the server renders it (issue 10, item 4): the built web app's loaders
 * call GET search in-process. Write limits stay on, so the page's own refusals show.
 */
describe('the search page, server-rendered', () => {
  let t: TestApp;
  let admin: string;
  let questionId = '';
  /** Each test searches from its own address: 20 searches a minute per guest address. */
  let nextAddress = 10;
  const address = () => `198.51.100.${(nextAddress += 1)}`;

  beforeAll(async () => {
    t = await buildTestApp({ app: { pages: {} } });
    const login = await call<{ access_token: string }>(t.app, 'POST', '/answer/api/v1/user/login/email', {
      e_mail: ADMIN.email,
      pass: ADMIN.password,
    });
    admin = login.body.data.access_token;
    // The admin is staff: exempt from write limits, so the setup asks freely.
    for (const [title, body] of [
      ['Parsing huge zebra logs with awk', 'Zebra logs are big; awk reads them one line at a time.'],
      ['How to sort a list', 'Sorting is easy, but my zebra entries come out of order.'],
    ]) {
      const res = await call<{ id: string }>(
        t.app,
        'POST',
        '/answer/api/v1/question',
        { title, content: body, tags: [{ slug_name: 'logs' }] },
        { token: admin },
      );
      expect(res.status).toBe(200);
      questionId ||= res.body.data.id;
    }
  }, 60_000);
  afterAll(async () => t?.close());

  async function page(url: string, headers: Record<string, string> = {}, ip = address()) {
    return t.app.inject({ method: 'GET', url, headers: { 'user-agent': 'guest', ...headers }, remoteAddress: ip });
  }

  const text = (response: LightMyRequestResponse) => response.body;

  it('[SR-4] a guest gets ranked results in the HTML: count, marked excerpts, query in title and box, noindex', async () => {
    const response = await page('/search?q=zebra');
    expect(response.statusCode).toBe(200);
    const html = text(response);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toMatch(/<title>Results for “zebra” - /);
    expect(html).toContain('2 results');
    // The title match ranks first; the server's excerpt arrives as HTML with its <em> marks.
    expect(html.indexOf('Parsing huge zebra logs with awk')).toBeLessThan(html.indexOf('How to sort a list'));
    expect(html).toContain('<em>zebra</em>');
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="zebra"/);
    expect(html).toContain('Search tips');
    expect(html).toContain('hasaccepted:no');
  });

  it('[SR-4] past the count cap the page says "more than", in English and Chinese', async () => {
    // Index documents without posts, more than either engine ranks one by one: the index's count
    // of text alone then stops past the cap.
    const db = t.app.site.db;
    const ids = Array.from({ length: 2001 }, (_, i) => makeObjectId('question', 900_000 + i));
    await insertIndexDocuments(db, ids, 'narwhal');
    try {
      expect(text(await page('/search?q=narwhal'))).toContain(`More than ${SEARCH_COUNT_CAP} results`);
      const zh = await page('/search?q=narwhal', { 'accept-language': 'zh-CN' });
      expect(text(zh)).toContain(`超过 ${SEARCH_COUNT_CAP} 条结果`);
    } finally {
      const id = isSqlite(db) ? sql`cast(rowid as text)` : sql`id`;
      const from = isSqlite(db) ? sql`search_fts` : sql`search_docs`;
      await sql`delete from ${from} where ${id} in (${sql.join(ids)})`.execute(db);
    }
  });

  it('[SR-4] sort tabs and paging keep the query; operators narrow the results', async () => {
    const html = text(await page('/search?q=zebra&order=newest'));
    expect(html).toContain('href="/search?q=zebra&amp;order=score"');
    expect(html).toContain('href="/search?q=zebra"');
    expect(html).toMatch(/aria-current="page"[^>]*>Newest</);
    const narrowed = text(await page(`/search?q=${encodeURIComponent('zebra awk [logs]')}`));
    expect(narrowed).toContain('1 result');
    expect(narrowed).not.toContain('<em>zebra</em> entries');
  });

  it('[SR-4] a query that finds nothing suggests asking; no query shows the box and tips only', async () => {
    const empty = text(await page('/search?q=nothingmatchesthis'));
    expect(empty).toContain('No results found');
    expect(empty).toContain('href="/questions/ask"');
    const bare = await page('/search');
    expect(bare.statusCode).toBe(200);
    expect(text(bare)).toContain('Type a few words to search');
  });

  it('[SR-4] a query the server refuses shows its field message; past 20 a minute the page says so', async () => {
    const refused = await page(`/search?q=${encodeURIComponent('score:lots')}`);
    expect(refused.statusCode).toBe(200);
    expect(text(refused)).toContain('This search could not be read. Check operators');

    await setCaptcha(t, false);
    const ip = address();
    for (let i = 0; i < 20; i += 1) expect((await page(`/search?q=zebra${i}`, {}, ip)).statusCode).toBe(200);
    // (A page some guest already got comes from the guest cache, limit or not: a new query.)
    const limited = await page('/search?q=zebra%20awk', {}, ip);
    expect(limited.statusCode).toBe(429);
    expect(text(limited)).toContain('You are searching too fast');
    expect(text(limited)).toMatch(/<title>Results for “zebra awk” - /);
    // That refusal is the limited reader's alone, never cached: the next guest gets the results.
    const next = await page('/search?q=zebra%20awk');
    expect(next.statusCode).toBe(200);
    expect(text(next)).toContain('1 result');
    await setCaptcha(t, true);
  });

  it('[SR-6] with the captcha on, past 20 a minute the page asks for the code; a wrong one is refused, the right one searches', async () => {
    const ip = address();
    for (let i = 0; i < 20; i += 1) expect((await page(`/search?q=awk${i}`, {}, ip)).statusCode).toBe(200);
    const challenged = await page('/search?q=sort&order=newest', {}, ip);
    expect(challenged.statusCode).toBe(429);
    const form = text(challenged);
    expect(form).toContain('Type the code in the image to run this search');
    expect(form).toMatch(/<img src="data:image\/svg\+xml;base64,[^"]+" alt="[^"]+"/);
    const captchaId = /name="captcha_id" value="([^"]+)"/.exec(form)?.[1] ?? '';
    expect(captchaId).not.toBe('');
    expect(form).toMatch(/<input type="hidden" name="order" value="newest"/);
    expect(form).not.toContain('data-testid="search-count"');

    const wrong = await page(`/search?q=sort&captcha_id=${captchaId}&captcha_code=nope`, {}, ip);
    expect(wrong.statusCode).toBe(429);
    expect(text(wrong)).toMatch(/aria-invalid="true"/);
    expect(/name="captcha_id" value="([^"]+)"/.exec(text(wrong))?.[1]).not.toBe(captchaId);

    const now = Math.floor(Date.now() / 1000);
    await t.app.site.db
      .insertInto('captcha_codes')
      .values({ captcha_id: hashToken('known'), answer_hash: hashToken('abcd'), created_at: now, expires_at: now + 60 })
      .execute();
    const solved = await page('/search?q=sort&captcha_id=known&captcha_code=ABCD', {}, ip);
    expect(solved.statusCode).toBe(200);
    expect(text(solved)).toContain('1 result');
    expect(text(solved)).toContain('How to sort a list');
  });

  it('[SR-4] the guard: a cached copy\u2019s cache: query goes to that page; a visit from a cache host goes home', async () => {
    const q = encodeURIComponent(`cache:AbC12:https://qa.example.com/questions/${questionId}`);
    const snapshot = await page(`/search?q=${q}`);
    expect(snapshot.statusCode).toBe(302);
    expect(snapshot.headers.location).toBe(`/questions/${questionId}`);

    // The same address is first cached for guests; a visit from a cache host is still redirected.
    expect((await page('/search?q=awk')).statusCode).toBe(200);
    expect((await page('/search?q=awk')).statusCode).toBe(200);
    const fromCache = await page('/search?q=awk', { referer: 'https://webcache.googleusercontent.com/search?q=x' });
    expect(fromCache.statusCode).toBe(302);
    expect(fromCache.headers.location).toBe('/');
    const fromBing = await page('/search?q=awk', { referer: 'http://cc.bingj.com/cache.aspx?d=1' });
    expect(fromBing.headers.location).toBe('/');
    // An ordinary referer searches as usual.
    expect((await page('/search?q=awk', { referer: 'https://www.google.com/' })).statusCode).toBe(200);
  });
});
