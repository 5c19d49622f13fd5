import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, loginAs } from '../factories.js';
import { buildTestApp, call, type TestApp } from '../harness.js';

/** The modulepreload links of a page, and the nonce each carries. */
function preloads(html: string): { href: string; nonce: string }[] {
  return [...html.matchAll(/<link rel="modulepreload"([^>]*)>/g)].map(([, attrs = '']) => ({
    href: /href="([^"]+)"/.exec(attrs)?.[1] ?? '',
    nonce: /nonce="([^"]+)"/.exec(attrs)?.[1] ?? '',
  }));
}

describe('a page preloads its own chunks and strings with the entry', () => {
  let t: TestApp;
  let questionPath: string;

  beforeAll(async () => {
    t = await buildTestApp({ app: { pages: { cache: false }, writeLimits: false } });
    const token = await loginAs(t.app, (await buildUser(t.app, { rank: 10_000 })).id);
    const asked = await call<{ id: string }>(
      t.app,
      'POST',
      '/answer/api/v1/question',
      {
        title: 'Which chunks does this page preload?',
        content: 'A body long enough.',
        tags: [{ slug_name: 'support' }],
      },
      { token },
    );
    // The address in the permalink form: a bare id answers 301 to it.
    const bare = await t.app.inject({ method: 'GET', url: `/questions/${asked.body.data.id}` });
    questionPath = bare.statusCode === 301 ? String(bare.headers.location) : `/questions/${asked.body.data.id}`;
  }, 30_000);
  afterAll(async () => t?.close());

  /** The strings a reading page carries inline (`window.__inquireStrings`), as JSON text. */
  const inlineStrings = (html: string) => /window\.__inquireStrings=(.*?);(?:<\/script>|window\.)/s.exec(html)?.[1];
  const CJK = /[\u4e00-\u9fff]/;

  it('[P-4] a question page: its page chunk and the related-questions chunk, each with the nonce; its strings inline (and those of a call that gets no answer), no catalog', async () => {
    const page = await t.app.inject({ method: 'GET', url: questionPath });
    expect(page.statusCode).toBe(200);
    const links = preloads(page.body);
    const hrefs = links.map((l) => l.href);
    expect(hrefs.some((href) => /^\/assets\/question-page-[\w-]+\.js$/.test(href))).toBe(true);
    expect(hrefs.some((href) => /^\/assets\/related-questions-[\w-]+\.js$/.test(href))).toBe(true);
    // A reading page hydrates with the strings it shows: no language catalog before hydration.
    expect(hrefs.filter((href) => /en_US|zh_CN/.test(href))).toEqual([]);
    const strings = inlineStrings(page.body);
    expect(strings).toBeTruthy();
    expect(CJK.test(strings ?? '')).toBe(false);
    // A call that cannot reach the site says so in words the page already holds: the rest of
    // the catalog could not be loaded either.
    expect(strings).toContain('Could not reach the site.');
    expect(strings).toContain('The site took too long to answer.');
    const nonce = /<script nonce="([^"]+)"/.exec(page.body)?.[1];
    expect(nonce).toBeTruthy();
    for (const link of links) expect(link.nonce).toBe(nonce);
    // Each file once, and every one of them is served.
    expect(new Set(hrefs).size).toBe(hrefs.length);
    for (const href of hrefs) expect((await t.app.inject({ method: 'GET', url: href })).statusCode).toBe(200);
  });

  it('[P-4] in Chinese: the list page has its own chunk and Chinese strings inline; a form page preloads the Chinese catalog', async () => {
    const zh = { 'accept-language': 'zh-CN' };
    const list = await t.app.inject({ method: 'GET', url: '/questions', headers: zh });
    const listHrefs = preloads(list.body).map((l) => l.href);
    expect(listHrefs.some((href) => /^\/assets\/question-list-page-[\w-]+\.js$/.test(href))).toBe(true);
    expect(listHrefs.filter((href) => /en_US|zh_CN/.test(href))).toEqual([]);
    expect(CJK.test(inlineStrings(list.body) ?? '')).toBe(true);
    expect(inlineStrings(list.body)).toContain('无法连接到站点，请检查网络后重试。');

    // Login checks its form as it is sent, so its language's whole catalog comes first.
    const login = await t.app.inject({ method: 'GET', url: '/users/login', headers: zh });
    const loginHrefs = preloads(login.body).map((l) => l.href);
    expect(loginHrefs.some((href) => /^\/assets\/zh_CN-[\w-]+\.js$/.test(href))).toBe(true);
    expect(loginHrefs.some((href) => /en_US/.test(href))).toBe(false);
    expect(inlineStrings(login.body)).toBeUndefined();
  });
});
