import { gunzipSync } from 'node:zlib';
import { QUESTION_SHOW, QUESTION_STATUS, shortId, slugify } from '@inquire/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser, loginAs } from '../../../test/factories.js';
import { ADMIN, buildTestApp, call, type TestApp } from '../../../test/harness.js';
import { SITEMAP_REBUILD_MS, SitemapService } from './sitemap.service.js';

/**
 * `/sitemap.xml` and `/sitemap/{n}` (issue 13, item 5, SEO): listed questions only, at the
 * permalink form of the SEO setting, an index when there are more than a file holds, and the
 * robots text's sitemap line.
 */
const SETTINGS = '/answer/admin/api/siteinfo';
const SITE = 'http://localhost:9080';

describe('sitemap', () => {
  let t: TestApp;
  let admin = '';
  const ids: Record<'listed' | 'closed' | 'hidden' | 'deleted' | 'pending', string> = {
    listed: '',
    closed: '',
    hidden: '',
    deleted: '',
    pending: '',
  };
  const titles: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp({ app: { writeLimits: false } });
    const row = await t.app.site.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', ADMIN.name)
      .executeTakeFirstOrThrow();
    admin = await loginAs(t.app, row.id);
    const author = await buildUser(t.app, { rank: 1000 });
    const token = await loginAs(t.app, author.id);
    for (const kind of Object.keys(ids) as (keyof typeof ids)[]) {
      const title = `Sitemap question that is ${kind} & <quoted>`;
      const res = await call<{ id: string }>(
        t.app,
        'POST',
        '/answer/api/v1/question',
        { title, content: 'Body long enough to be posted.', tags: [{ slug_name: 'sitemap' }] },
        { token },
      );
      expect(res.status).toBe(200);
      ids[kind] = res.body.data.id;
      titles[kind] = title;
    }
    const set = (id: string, values: { status?: number; show?: number }) =>
      t.app.site.db.updateTable('questions').set(values).where('id', '=', id).execute();
    await set(ids.closed, { status: QUESTION_STATUS.closed });
    await set(ids.hidden, { show: QUESTION_SHOW.hidden });
    await set(ids.deleted, { status: QUESTION_STATUS.deleted });
    await set(ids.pending, { status: QUESTION_STATUS.pending });
  }, 60_000);
  afterAll(async () => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const seo = async (permalink: number, robots?: string) => {
    const current = await call<{ robots: string }>(t.app, 'GET', `${SETTINGS}/seo`, undefined, { token: admin });
    const res = await call(
      t.app,
      'PUT',
      `${SETTINGS}/seo`,
      { permalink, robots: robots ?? current.body.data.robots },
      { token: admin },
    );
    expect(res.status).toBe(200);
  };

  it('[A-5] /sitemap.xml lists open and closed listed questions only, at the permalink form', async () => {
    await seo(1);
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const xml = res.body;
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    for (const kind of ['listed', 'closed'] as const) {
      expect(xml).toContain(`<loc>${SITE}/questions/${ids[kind]}/${slugify(titles[kind] ?? '')}</loc>`);
    }
    for (const kind of ['hidden', 'deleted', 'pending'] as const) expect(xml).not.toContain(ids[kind]);
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    // The title's & and < never reach the XML raw (the slug drops them; nothing is unescaped).
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it('[A-5] a new permalink setting rewrites the sitemap: id only (2), short id and title (3), short id (4)', async () => {
    await seo(2);
    expect((await get('/sitemap.xml')).body).toContain(`<loc>${SITE}/questions/${ids.listed}</loc>`);
    await seo(3);
    const slug = slugify(titles.listed ?? '');
    expect((await get('/sitemap.xml')).body).toContain(`<loc>${SITE}/questions/${shortId(ids.listed)}/${slug}</loc>`);
    await seo(4);
    expect((await get('/sitemap.xml')).body).toContain(`<loc>${SITE}/questions/${shortId(ids.listed)}</loc>`);
    await seo(1);
  });

  it('[A-5] the sitemap comes gzipped to readers that take it; a page past the last is 404', async () => {
    const zipped = await get('/sitemap.xml', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toContain(ids.listed);
    expect((await get('/sitemap/1')).body).toContain(ids.listed);
    for (const page of ['2', '0', 'x', '1.xml']) expect((await get(`/sitemap/${page}`)).statusCode).toBe(404);
  });

  it('[A-5] past the file size the root is an index of files, each a range of ids, every question once', async () => {
    // One URL a file instead of 50,000: the same code, at a size a test can fill.
    const small = new SitemapService(t.app.site, t.app.services.siteinfo, 1);
    const listed = await t.app.site.db
      .selectFrom('questions')
      .select('id')
      .where('status', 'in', [QUESTION_STATUS.normal, QUESTION_STATUS.closed])
      .where('show', '=', QUESTION_SHOW.shown)
      .execute();
    expect(listed.length).toBeGreaterThanOrEqual(2);
    const index = (await small.root()).xml;
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(await small.fileCount()).toBe(listed.length);
    for (let n = 1; n <= listed.length; n += 1)
      expect(index).toContain(`<sitemap><loc>${SITE}/sitemap/${n}</loc></sitemap>`);
    const files: string[] = [];
    for (let n = 1; n <= listed.length; n += 1) files.push((await small.page(n)).xml);
    for (const { id } of listed) expect(files.filter((xml) => xml.includes(id))).toHaveLength(1);
    for (const kind of ['hidden', 'deleted', 'pending'] as const) expect(files.join('')).not.toContain(ids[kind]);
  });

  it('[A-5] the sitemap is kept an hour: a question listed since shows only after the hourly rebuild', async () => {
    const service = new SitemapService(t.app.site, t.app.services.siteinfo);
    const before = (await service.root()).xml;
    expect(before).not.toContain(ids.hidden);
    await t.app.site.db
      .updateTable('questions')
      .set({ show: QUESTION_SHOW.shown })
      .where('id', '=', ids.hidden)
      .execute();
    expect((await service.root()).xml).toBe(before);
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + SITEMAP_REBUILD_MS + 1000);
    try {
      // The first request past the hour starts the rebuild (answered from the old plan meanwhile).
      await service.root();
      await vi.waitFor(async () => expect((await service.root()).xml).toContain(ids.hidden));
    } finally {
      clock.mockRestore();
      await t.app.site.db
        .updateTable('questions')
        .set({ show: QUESTION_SHOW.hidden })
        .where('id', '=', ids.hidden)
        .execute();
    }
  });

  it('[A-5] the default robots text names the sitemap; an admin’s own text is served as written', async () => {
    const robots = await get('/robots.txt');
    expect(robots.body).toContain(`Sitemap: ${SITE}/sitemap.xml\n`);
    await seo(1, 'User-agent: *\nDisallow: /private');
    expect((await get('/robots.txt')).body).toBe('User-agent: *\nDisallow: /private\n');
  });

  it('[A-5] a private site has no sitemap', async () => {
    const login = await call<Record<string, unknown>>(t.app, 'GET', `${SETTINGS}/login`, undefined, { token: admin });
    const put = (required: boolean) =>
      call(t.app, 'PUT', `${SETTINGS}/login`, { ...login.body.data, login_required: required }, { token: admin });
    expect((await put(true)).status).toBe(200);
    expect((await get('/sitemap.xml')).statusCode).toBe(404);
    expect((await get('/sitemap/1')).statusCode).toBe(404);
    expect((await put(false)).status).toBe(200);
    expect((await get('/sitemap.xml')).statusCode).toBe(200);
  });
});
