import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/infra/request-context.js';
import type { ReadHandler } from '../../src/infra/reads.js';
import { ADMIN, buildTestApp, call, type TestApp } from '../harness.js';

const OPTIONS_PATH = '/answer/admin/api/language/options';

/**
 * The admin interface page, rendered by the built web app: its language choices come from the
 * admin's `language/options` read, which the page's loader makes in-process (no browser call).
 */
describe('the admin interface page’s languages', () => {
  let t: TestApp;
  let admin = '';
  let reads = 0;

  beforeAll(async () => {
    t = await buildTestApp({ app: { pages: {} } });
    const login = await call<{ access_token: string }>(t.app, 'POST', '/answer/api/v1/user/login/email', {
      e_mail: ADMIN.email,
      pass: ADMIN.password,
    });
    admin = login.body.data.access_token;
    // The read as registered, counted, and marked so the page shows where its list came from.
    const original = t.app.reads.get(OPTIONS_PATH) as ReadHandler;
    t.app.reads.set(OPTIONS_PATH, async (request, query) => {
      reads += 1;
      const options = (await original(request, query)) as { label: string; value: string }[];
      return options.map((option) => ({ ...option, label: `${option.label} (read)` }));
    });
  }, 60_000);
  afterAll(async () => t?.close());

  const page = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'user-agent': 'test', cookie: `${SESSION_COOKIE}=${admin}` } });

  it('[S7-040] the interface page lists the languages the language/options read answers', async () => {
    const response = await page('/admin/interface');
    expect(response.statusCode).toBe(200);
    expect(reads).toBe(1);
    const select = /<select[^>]*name="language"[^>]*>(.*?)<\/select>/s.exec(response.body)?.[1] ?? '';
    const options = [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);
    expect(options).toEqual([
      ['en_US', 'English (read)'],
      ['zh_CN', '简体中文 (read)'],
    ]);
  });

  it('[S7-040] the other settings pages do not ask for the languages', async () => {
    const before = reads;
    expect((await page('/admin/general')).statusCode).toBe(200);
    expect(reads).toBe(before);
  });
});
