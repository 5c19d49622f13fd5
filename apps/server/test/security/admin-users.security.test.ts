import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_USER_ACTION_LIMIT } from '../../src/modules/admin/admin-users.service.js';
import { buildUser } from '../factories.js';
import { ADMIN, buildTestApp, call, type TestApp } from '../harness.js';

/**
 * Admin user actions are limited per admin (issue 13, item 4): a script or a stolen admin
 * session cannot suspend, demote or reset the passwords of the whole membership at machine speed.
 */
describe('[A-4] admin user actions are rate limited', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => t.close());

  it('[A-4][S7-044][S7-048] past 30 actions a minute (status, role, password, profile, bulk add and activation alike) an admin gets 429 and nothing changes', async () => {
    const login = await call<{ access_token: string }>(t.app, 'POST', '/answer/api/v1/user/login/email', {
      e_mail: ADMIN.email,
      pass: ADMIN.password,
    });
    const token = login.body.data.access_token;
    const target = await buildUser(t.app);
    const calls = [
      () => call(t.app, 'PUT', '/answer/admin/api/user/role', { user_id: target.id, role_id: 1 }, { token }),
      () => call(t.app, 'PUT', '/answer/admin/api/user/status', { user_id: target.id, status: 'normal' }, { token }),
      () =>
        call(
          t.app,
          'PUT',
          '/answer/admin/api/user/password',
          { user_id: target.id, password: 'password-9' },
          { token },
        ),
    ];
    for (let i = 0; i < ADMIN_USER_ACTION_LIMIT.max; i += 1) {
      expect((await calls[i % calls.length]!()).status).toBe(200);
    }
    for (const path of ['user/status', 'user/role', 'user/password', 'user/profile']) {
      const body = {
        user_id: target.id,
        status: 'suspended',
        suspend_duration: '1y',
        role_id: 2,
        password: 'hijacked-1',
      };
      const over = await call(t.app, 'PUT', `/answer/admin/api/${path}`, body, { token });
      expect(over.status).toBe(429);
      expect(over.body.reason).toBe('base.too_many_requests');
    }
    // Bulk add and the activation link and mail count against the same limit.
    const bulk = await call(
      t.app,
      'POST',
      '/answer/admin/api/users',
      { users: 'Flood One, flood1@example.com, password-1' },
      { token },
    );
    expect(bulk.status).toBe(429);
    const link = await call(t.app, 'GET', '/answer/admin/api/user/activation', undefined, {
      token,
      query: { user_id: target.id },
    });
    expect(link.status).toBe(429);
    const resend = await call(t.app, 'POST', '/answer/admin/api/user/activation', { user_id: target.id }, { token });
    expect(resend.status).toBe(429);
    const row = await t.app.site.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect([row.status, row.role_id]).toEqual([1, 1]);
    const flood = await t.app.site.db
      .selectFrom('users')
      .select('id')
      .where('e_mail', '=', 'flood1@example.com')
      .execute();
    expect(flood).toEqual([]);
    const mails = await t.app.site.db
      .selectFrom('email_outbox')
      .select('id')
      .where('to_address', '=', target.email)
      .execute();
    expect(mails).toEqual([]);
  });
});
