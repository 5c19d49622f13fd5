import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_SAVE_LIMIT } from '../../src/modules/admin/admin-settings.service.js';
import { ADMIN, buildTestApp, call, type TestApp } from '../harness.js';

/**
 * Admin settings writes are limited per admin (issue 13, item 5): every save clears the
 * site's cached pages, so a script or a stolen session must not be able to hammer them.
 * Admins are exempt from the content limits, not from this one.
 */
describe('[A-5] admin settings saves are rate limited', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => t.close());

  it('[A-5] past 30 saves a minute an admin gets 429 and the section is unchanged', async () => {
    const login = await call<{ access_token: string }>(t.app, 'POST', '/answer/api/v1/user/login/email', {
      e_mail: ADMIN.email,
      pass: ADMIN.password,
    });
    const token = login.body.data.access_token;
    const seo = (n: number) => ({ permalink: 1, robots: `User-agent: *\nDisallow: /n${n}` });
    for (let i = 0; i < ADMIN_SAVE_LIMIT.max; i += 1) {
      expect((await call(t.app, 'PUT', '/answer/admin/api/siteinfo/seo', seo(i), { token })).status).toBe(200);
    }
    const over = await call(t.app, 'PUT', '/answer/admin/api/siteinfo/seo', seo(999), { token });
    expect(over.status).toBe(429);
    expect(over.body.reason).toBe('base.too_many_requests');
    const stored = await call<{ robots: string }>(t.app, 'GET', '/answer/admin/api/siteinfo/seo', undefined, { token });
    expect(stored.body.data.robots).toBe(seo(ADMIN_SAVE_LIMIT.max - 1).robots);
  });

  it('[A-5] branding, CSS & HTML and privileges saves count against the same limit', async () => {
    const login = await call<{ access_token: string }>(t.app, 'POST', '/answer/api/v1/user/login/email', {
      e_mail: ADMIN.email,
      pass: ADMIN.password,
    });
    const token = login.body.data.access_token;
    const saves = [
      () => call(t.app, 'PUT', '/answer/admin/api/siteinfo/branding', { logo: '' }, { token }),
      () => call(t.app, 'PUT', '/answer/admin/api/siteinfo/custom-css-html', { custom_css: '' }, { token }),
      () => call(t.app, 'PUT', '/answer/admin/api/setting/privileges', { level: 2 }, { token }),
    ];
    for (let i = 0; i < ADMIN_SAVE_LIMIT.max; i += 1) expect((await saves[i % 3]!()).status).toBe(200);
    for (const save of saves) expect((await save()).status).toBe(429);
    const privileges = await call(t.app, 'PUT', '/answer/admin/api/setting/privileges', { level: 1 }, { token });
    expect(privileges.status).toBe(429);
    const stored = await call<{ selected_level: number }>(
      t.app,
      'GET',
      '/answer/admin/api/setting/privileges',
      undefined,
      { token },
    );
    expect(stored.body.data.selected_level).toBe(2);
  });
});
