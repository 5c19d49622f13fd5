import { ROLE, USER_STATUS } from '@inquire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/infra/request-context.js';
import { nowSeconds } from '../../src/lib/clock.js';
import { buildUser, loginAs } from '../factories.js';
import { ADMIN, buildTestApp, call, type TestApp } from '../harness.js';

/**
 * The admin users pages (issue 13, item 4), rendered by the server from the built web app as
 * `inquire start` serves them: the list and a member's page for admins, the 403 page for others.
 */
describe('admin users pages', () => {
  let t: TestApp;
  let admin = '';
  let target = { id: '', username: '' };

  beforeAll(async () => {
    t = await buildTestApp({ app: { pages: {} } });
    const login = await call<{ access_token: string }>(t.app, 'POST', '/answer/api/v1/user/login/email', {
      e_mail: ADMIN.email,
      pass: ADMIN.password,
    });
    admin = login.body.data.access_token;
    target = await buildUser(t.app, {
      username: 'suspended_fern',
      status: USER_STATUS.suspended,
      suspended_until: nowSeconds() + 86_400,
      suspended_reason: 'Spam links',
    });
  }, 60_000);
  afterAll(async () => t?.close());

  const page = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'user-agent': 'test', cookie: `${SESSION_COOKIE}=${token}` } });

  it('[A-4] an admin gets the list with its filter tabs, and a member’s page with the suspension and its reason', async () => {
    const list = await page('/admin/users?filter=suspended', admin);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('suspended_fern');
    for (const tab of ['All', 'Staff', 'Inactive', 'Suspended', 'Deleted']) expect(list.body).toContain(`>${tab}</a>`);
    const detail = await page(`/admin/users/${target.id}`, admin);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain('Reason: Spam links');
  });

  it('[A-4] members and moderators get the 403 page for the list and a member’s page', async () => {
    for (const role of [ROLE.user, ROLE.moderator]) {
      const token = await loginAs(t.app, (await buildUser(t.app, { role_id: role })).id);
      for (const path of ['/admin/users', `/admin/users/${target.id}`]) {
        expect(`${path} ${(await page(path, token)).statusCode}`).toBe(`${path} 403`);
      }
    }
  });
});
