import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { shortId } from '@inquire/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { contentGenerationRepository } from '../../src/infra/content-generation.repository.js';
import { queryObservers } from '../../src/infra/db.js';
import { SESSION_COOKIE } from '../../src/infra/request-context.js';
import { buildUser, loginAs } from '../factories.js';
import { ADMIN, buildTestApp, call, type TestApp } from '../harness.js';

/** A page request as a browser sends it: a guest has no cookie and no Authorization header. */
async function page(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ response: LightMyRequestResponse; queries: number }> {
  let queries = 0;
  const observe = () => (queries += 1);
  queryObservers.add(observe);
  try {
    const response = await app.inject({ method: 'GET', url, headers: { 'user-agent': 'guest-a', ...headers } });
    return { response, queries };
  } finally {
    queryObservers.delete(observe);
  }
}

/** The nonce of a page's CSP header. */
function cspNonce(response: LightMyRequestResponse): string {
  const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
  if (!nonce) throw new Error('the page has no nonce in its CSP');
  return nonce;
}

/** Every nonce attribute of the page's HTML. */
function htmlNonces(html: string): string[] {
  return [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1] as string);
}

describe('guest page cache', () => {
  let t: TestApp;
  let admin: string;
  let member: { id: string; username: string; token: string };

  beforeAll(async () => {
    t = await buildTestApp({ app: { pages: {}, writeLimits: false } });
    const login = await call<{ access_token: string }>(t.app, 'POST', '/answer/api/v1/user/login/email', {
      e_mail: ADMIN.email,
      pass: ADMIN.password,
    });
    admin = login.body.data.access_token;
    const user = await buildUser(t.app, { rank: 10_000 });
    member = { id: user.id, username: user.username, token: await loginAs(t.app, user.id) };
  }, 60_000);
  afterAll(async () => t?.close());

  /** A question asked through the API (as the admin unless told), answering its page path. */
  async function ask(title: string, token = admin): Promise<{ id: string; path: string }> {
    const res = await call<{ id: string }>(
      t.app,
      'POST',
      '/answer/api/v1/question',
      { title, content: `The body of ${title}.`, tags: [{ slug_name: 'cache' }] },
      { token },
    );
    expect(res.status).toBe(200);
    const first = await page(t.app, `/questions/${res.body.data.id}`);
    const location = first.response.headers.location;
    return { id: res.body.data.id, path: typeof location === 'string' ? location : `/questions/${res.body.data.id}` };
  }

  /**
   * Loads the page as a guest until it is served from the cache: an address is kept from its
   * second render on (PageCache), so two renders, then a hit.
   */
  async function cached(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    await page(t.app, url, headers);
    await page(t.app, url, headers);
    const hit = await page(t.app, url, headers);
    expect(hit.response.statusCode).toBe(200);
    return hit.response;
  }

  it('[P-3] a guest gets a page from memory: no list reads, same HTML, fresh nonce on every script', async () => {
    await page(t.app, '/questions'); // noted: an address is kept from its second render
    const render = await page(t.app, '/questions');
    expect(render.response.statusCode).toBe(200);
    expect(render.queries).toBeGreaterThan(0);
    const hit = await page(t.app, '/questions');
    const again = await page(t.app, '/questions');
    expect(hit.queries).toBe(0);
    expect(again.queries).toBe(0);

    const nonces = [render, hit, again].map((r) => cspNonce(r.response));
    expect(new Set(nonces).size).toBe(3);
    for (const r of [render, hit, again]) {
      const inHtml = htmlNonces(r.response.body);
      expect(inHtml.length).toBeGreaterThan(0);
      expect(new Set(inHtml)).toEqual(new Set([cspNonce(r.response)]));
    }
    // The same page apart from its nonce, and the same validator.
    expect(hit.response.body.split(nonces[1] as string).join('N')).toBe(
      render.response.body.split(nonces[0] as string).join('N'),
    );
    expect(hit.response.headers.etag).toBe(render.response.headers.etag);
    expect(hit.response.headers.etag).toMatch(/^W\/"/);
    expect(hit.response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(String(hit.response.headers.vary)).toContain('Cookie');
  });

  it('[P-3] an address rendered once is not kept: a one-off address (a crawl, a tracking parameter) fills no memory', async () => {
    const once = await page(t.app, '/questions?utm_source=once');
    expect(once.queries).toBeGreaterThan(0);
    const twice = await page(t.app, '/questions?utm_source=once');
    expect(twice.queries).toBeGreaterThan(0);
    const third = await page(t.app, '/questions?utm_source=once');
    expect(third.queries).toBe(0);
    expect(third.response.headers.etag).toBe(twice.response.headers.etag);
    // After a write clears the cache, an address already seen is kept on its next render.
    await ask('A question that clears the cache for the kept address');
    expect((await page(t.app, '/questions?utm_source=once')).queries).toBeGreaterThan(0);
    expect((await page(t.app, '/questions?utm_source=once')).queries).toBe(0);
  });

  it('[P-3][P-4] a cached page goes gzipped to readers that take gzip, with this response’s nonce', async () => {
    const plain = await cached('/questions');
    const zipped = await page(t.app, '/questions', { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.queries).toBe(0);
    expect(zipped.response.headers['content-encoding']).toBe('gzip');
    expect(String(zipped.response.headers.vary)).toContain('Accept-Encoding');
    const html = gunzipSync(zipped.response.rawPayload).toString('utf8');
    const nonce = cspNonce(zipped.response);
    expect(nonce).not.toBe(cspNonce(plain));
    expect(htmlNonces(html).length).toBeGreaterThan(1);
    expect(new Set(htmlNonces(html))).toEqual(new Set([nonce]));
    expect(html.split(nonce).join('N')).toBe(plain.body.split(cspNonce(plain)).join('N'));
    expect(zipped.response.headers.etag).toBe(plain.headers.etag);
    // gzip refused (q=0) or not named: the page goes as it is.
    const refused = await page(t.app, '/questions', { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.response.headers['content-encoding']).toBeUndefined();
  });

  it('[P-3] a hit sent in its stored parts has an exact Content-Length, plain and gzipped; HEAD sends no body', async () => {
    const plain = await cached('/questions');
    expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length);
    expect(plain.body).toContain('</html>');
    const zipped = await page(t.app, '/questions', { 'accept-encoding': 'gzip' });
    expect(Number(zipped.response.headers['content-length'])).toBe(zipped.response.rawPayload.length);
    const head = await t.app.inject({ method: 'HEAD', url: '/questions', headers: { 'user-agent': 'guest-a' } });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers.etag).toBe(plain.headers.etag);
  });

  it('[P-3] members always get a fresh render (no-store, no ETag), and never the guests’ copy', async () => {
    await cached('/questions');
    const cookie = `${SESSION_COOKIE}=${member.token}`;
    const first = await page(t.app, '/questions', { cookie });
    const second = await page(t.app, '/questions', { cookie });
    for (const r of [first, second]) {
      expect(r.response.statusCode).toBe(200);
      expect(r.queries).toBeGreaterThan(0);
      expect(r.response.headers['cache-control']).toBe('no-store');
      expect(r.response.headers.etag).toBeUndefined();
      expect(r.response.body).toContain(member.username);
    }
    // A member's render is not stored for guests either.
    const guest = await page(t.app, '/questions');
    expect(guest.queries).toBe(0);
    expect(guest.response.body).not.toContain(member.username);
    // An Authorization header or a stale session cookie means "not a guest" too.
    const stale = await page(t.app, '/questions', { cookie: `${SESSION_COOKIE}=no-such-session` });
    expect(stale.queries).toBeGreaterThan(0);
    expect(stale.response.headers['cache-control']).toBe('no-store');
  });

  it('[P-3] If-None-Match answers 304 without a body or CSP; after a write the old validator gets the new page', async () => {
    const hit = await cached('/questions');
    const etag = String(hit.headers.etag);
    const notModified = await page(t.app, '/questions', { 'if-none-match': etag });
    expect(notModified.response.statusCode).toBe(304);
    expect(notModified.response.body).toBe('');
    expect(notModified.response.headers.etag).toBe(etag);
    expect(notModified.response.headers['content-security-policy']).toBeUndefined();
    expect(notModified.queries).toBe(0);
    // A list of validators, weak or strong, matches too.
    const listed = await page(t.app, '/questions', { 'if-none-match': `"other", ${etag.replace(/^W\//, '')}` });
    expect(listed.response.statusCode).toBe(304);

    await ask('A question that changes the list and so its validator');
    const changed = await page(t.app, '/questions', { 'if-none-match': etag });
    expect(changed.response.statusCode).toBe(200);
    expect(changed.response.headers.etag).not.toBe(etag);
    expect(changed.response.body).toContain('A question that changes the list');
  });

  it('[P-3] the language is part of the key: English and Chinese guests each get their own page', async () => {
    const english = await cached('/questions', { 'accept-language': 'en-US' });
    const chinese = await cached('/questions', { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(english.body).toContain('<html lang="en">');
    expect(chinese.body).toContain('<html lang="zh-CN">');
    expect((await page(t.app, '/questions', { cookie: 'inquire_lang=zh_CN' })).response.body).toContain(
      '<html lang="zh-CN">',
    );
    expect((await page(t.app, '/questions', { 'accept-language': 'en-US' })).response.body).toContain(
      '<html lang="en">',
    );
  });

  it('[P-3] asking a question shows it to guests at once', async () => {
    await cached('/questions');
    await ask('Freshly asked while the list was cached');
    const after = await page(t.app, '/questions');
    expect(after.response.body).toContain('Freshly asked while the list was cached');
  });

  it('[P-3] answering, commenting and voting show to guests at once', async () => {
    const question = await ask('A question guests keep reading');
    await cached(question.path);

    const answer = await call(
      t.app,
      'POST',
      '/answer/api/v1/answer',
      { question_id: question.id, content: 'An answer written while the page was cached.' },
      { token: member.token },
    );
    expect(answer.status).toBe(200);
    expect((await page(t.app, question.path)).response.body).toContain('An answer written while the page was cached.');

    await cached(question.path);
    const comment = await call(
      t.app,
      'POST',
      '/answer/api/v1/comment',
      { object_id: question.id, original_text: 'A comment written while the page was cached.' },
      { token: member.token },
    );
    expect(comment.status).toBe(200);
    expect((await page(t.app, question.path)).response.body).toContain('A comment written while the page was cached.');

    // The hydration data carries each post's score (JSON inside a string: quotes may be escaped).
    const scoredOne = (html: string) => /vote_count\\?":1[,}]/.test(html);
    expect(scoredOne((await cached(question.path)).body)).toBe(false);
    const vote = await call(
      t.app,
      'POST',
      '/answer/api/v1/vote/up',
      { object_id: question.id },
      { token: member.token },
    );
    expect(vote.status).toBe(200);
    expect(scoredOne((await page(t.app, question.path)).response.body)).toBe(true);
  });

  it('[P-3] a tag edit, a settings change and a rename show to guests at once', async () => {
    const question = await ask('A question by the admin, to rename its author');
    const tag = await call<{ tag_id: string; display_name: string; slug_name: string }>(
      t.app,
      'GET',
      '/answer/api/v1/tag?name=cache',
    );
    await cached('/tags/cache');
    const edit = await call(
      t.app,
      'PUT',
      '/answer/api/v1/tag',
      {
        tag_id: tag.body.data.tag_id,
        slug_name: 'cache',
        display_name: 'cache',
        original_text: 'Cached pages and how they are dropped.',
        edit_summary: 'describe the tag',
      },
      { token: admin },
    );
    expect(edit.status).toBe(200);
    expect((await page(t.app, '/tags/cache')).response.body).toContain('Cached pages and how they are dropped.');

    const light = await cached('/questions');
    expect(light.body).not.toContain('p="dark"');
    const theme = await call(
      t.app,
      'PUT',
      '/answer/admin/api/siteinfo/theme',
      {
        theme: 'default',
        color_scheme: 'dark',
        theme_config: { default: { navbar_style: 'colored', primary_color: '#0033ff' } },
      },
      { token: admin },
    );
    expect(theme.status).toBe(200);
    expect((await page(t.app, '/questions')).response.body).toContain('p="dark"');

    await cached(question.path);
    const rename = await call(
      t.app,
      'PUT',
      '/answer/api/v1/user/info',
      { display_name: 'Renamed Admin', username: ADMIN.name },
      { token: admin },
    );
    expect(rename.status).toBe(200);
    expect((await page(t.app, question.path)).response.body).toContain('Renamed Admin');
  });

  it('[P-3] another process’s bump (seen by the poll) drops the cache; the poll is never counted as a request’s query', async () => {
    // The timer's polls are held back so this test polls at the moments it chooses.
    t.app.contentGeneration.stop();
    try {
      await cached('/questions');
      await contentGenerationRepository.bump(t.app.site.db); // as another process (or inquire seed) would
      expect((await page(t.app, '/questions')).queries).toBe(0); // not seen yet
      let observed = 0;
      const observe = () => (observed += 1);
      queryObservers.add(observe);
      try {
        await t.app.contentGeneration.poll();
      } finally {
        queryObservers.delete(observe);
      }
      expect(observed).toBe(0);
      expect((await page(t.app, '/questions')).queries).toBeGreaterThan(0);
    } finally {
      t.app.contentGeneration.start();
    }
  });

  it('[P-3] a refused write (4xx) and an editor preview keep the cache', async () => {
    await cached('/questions');
    const refused = await call(t.app, 'POST', '/answer/api/v1/question', { title: '' }, { token: admin });
    expect(refused.status).toBe(400);
    expect((await page(t.app, '/questions')).queries).toBe(0);
    const preview = await call(t.app, 'POST', '/answer/api/v1/post/render', { content: '**bold**' }, { token: admin });
    expect(preview.status).toBe(200);
    expect((await page(t.app, '/questions')).queries).toBe(0);
  });

  it('[P-3] redirects are never stored: an address in the other id form renders its 301 every time', async () => {
    const question = await ask('A question reached by an old address');
    const other = question.path.includes(question.id)
      ? `/questions/${shortId(question.id)}`
      : `/questions/${question.id}`;
    const first = await page(t.app, other);
    const second = await page(t.app, other);
    for (const r of [first, second]) {
      expect(r.response.statusCode).toBe(301);
      expect(r.response.headers.location).toContain(`/questions/${question.id}`);
      expect(r.queries).toBeGreaterThan(0);
      expect(r.response.headers.etag).toBeUndefined();
    }
  });

  it('[P-3] a page served from the cache counts the view the same way, once per visitor and day', async () => {
    const question = await ask('A question whose views are counted');
    const views = async () =>
      (
        await t.app.site.db
          .selectFrom('questions')
          .select('view_count')
          .where('id', '=', question.id)
          .executeTakeFirstOrThrow()
      ).view_count;
    // `ask` loaded it once as guest-a: that render counted.
    const start = await views();
    await cached(question.path); // guest-a again, rendered then a hit: same visitor, same day
    expect(await views()).toBe(start);
    const other = await page(t.app, question.path, { 'user-agent': 'guest-b' });
    expect(other.queries).toBeLessThanOrEqual(2); // a hit: only the view (its row, the counter)
    expect(await views()).toBe(start + 1);
    await page(t.app, question.path, { 'user-agent': 'guest-b' });
    expect(await views()).toBe(start + 1);
    const revalidated = await page(t.app, question.path, {
      'user-agent': 'guest-c',
      'if-none-match': String(other.response.headers.etag),
    });
    expect(revalidated.response.statusCode).toBe(304);
    expect(await views()).toBe(start + 2);
  });
});
