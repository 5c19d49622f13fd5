import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, DEFAULT_PASSWORD, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';
import { readToken } from '../../infra/request-context.js';

const LOGIN = '/answer/api/v1/user/login/email';
const INFO = '/answer/api/v1/user/info';

describe('sign-in, sign-out and the current user', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => t.close());

  it('[S6-001] [S7-110] signs in with email and password, returning the user and a token, and sets an HttpOnly cookie', async () => {
    const user = await buildUser(t.app);
    const res = await call<{ access_token: string; username: string; mail_status: number; role_id: number }>(
      t.app,
      'POST',
      LOGIN,
      {
        e_mail: user.email.toUpperCase(),
        pass: user.password,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, reason: 'base.success', msg: 'Success.' });
    expect(res.body.data).toMatchObject({ username: user.username, mail_status: 1, role_id: 1 });
    expect(res.body.data.access_token).toMatch(/^[\w-]{40,}$/);
    const cookie = String(res.response.headers['set-cookie']);
    expect(cookie).toMatch(/inquire_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // Only a hash of the token is stored.
    const stored = await t.app.site.db.selectFrom('user_sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(res.body.data.access_token);
  });

  it('[S3-001] the signed-in user carries its token, names, profile, is_admin and have_password, at login and in user/info', async () => {
    const fields = ['access_token', 'username', 'avatar', 'rank', 'bio', 'bio_html', 'display_name', 'location'];
    const more = ['website', 'is_admin', 'have_password'];
    for (const role of [1, 2, 3] as const) {
      const user = await buildUser(t.app, { role_id: role });
      const login = await call<Record<string, unknown>>(t.app, 'POST', LOGIN, {
        e_mail: user.email,
        pass: user.password,
      });
      const token = String(login.body.data.access_token);
      const info = await call<Record<string, unknown>>(t.app, 'GET', INFO, undefined, { token });
      for (const body of [login.body.data, info.body.data]) {
        expect(Object.keys(body)).toEqual(expect.arrayContaining([...fields, ...more]));
        expect(body).toMatchObject({
          role_id: role,
          is_admin: role === 2,
          have_password: true,
          username: user.username,
        });
      }
    }
  });

  it('answers a wrong password and an unknown email alike, on the e_mail field', async () => {
    const user = await buildUser(t.app);
    const wrong = await call<{ error_field: string; error_msg: string }[]>(t.app, 'POST', LOGIN, {
      e_mail: user.email,
      pass: 'not-it-at-all',
    });
    const unknown = await call<{ error_field: string; error_msg: string }[]>(t.app, 'POST', LOGIN, {
      e_mail: 'nobody@example.com',
      pass: 'whatever-1',
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(400);
      expect(res.body.reason).toBe('error.object.email_or_password_incorrect');
      expect(res.body.data).toEqual([{ error_field: 'e_mail', error_msg: 'Email and password do not match.' }]);
    }
  });

  it('names both empty fields at once, in Chinese when asked', async () => {
    const res = await call<{ error_field: string; error_msg: string }[]>(
      t.app,
      'POST',
      LOGIN,
      { e_mail: '', pass: '' },
      { lang: 'zh-CN' },
    );
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual([
      { error_field: 'e_mail', error_msg: '邮箱不能为空。' },
      { error_field: 'pass', error_msg: '密码不能为空。' },
    ]);
  });

  it('refuses deleted accounts like unknown ones', async () => {
    const user = await buildUser(t.app, { status: 10 });
    const res = await call(t.app, 'POST', LOGIN, { e_mail: user.email, pass: DEFAULT_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('error.object.email_or_password_incorrect');
  });

  it('lets a suspended member sign in and reports the suspension', async () => {
    const until = Math.floor(Date.now() / 1000) + 3600;
    const user = await buildUser(t.app, { status: 9, suspended_until: until });
    const res = await call<{ status: string; suspended_until: number }>(t.app, 'POST', LOGIN, {
      e_mail: user.email,
      pass: DEFAULT_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'suspended', suspended_until: until });
  });

  it('refuses password sign-in when the site turned it off', async () => {
    const user = await buildUser(t.app);
    await t.app.services.siteinfo.update('login', { allow_password_login: false });
    const res = await call(t.app, 'POST', LOGIN, { e_mail: user.email, pass: DEFAULT_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ err_type: 'toast' });
    expect(res.body.msg).toBe('Password login is not allowed on this site.');
  });

  it('[S7-115] answers user/info with null for guests and the user for a token, with or without "Bearer "', async () => {
    const user = await buildUser(t.app);
    const token = await loginAs(t.app, user.id);
    expect((await call(t.app, 'GET', INFO)).body.data).toBeNull();
    for (const header of [token, `Bearer ${token}`]) {
      const res = await call<{ username: string }>(t.app, 'GET', INFO, undefined, { token: header });
      expect(res.body.data.username).toBe(user.username);
    }
  });

  it('[H-2] accepts the session cookie for safe reads only', async () => {
    const user = await buildUser(t.app);
    const token = await loginAs(t.app, user.id);
    const res = await call<{ username: string }>(t.app, 'GET', INFO, undefined, { cookie: `inquire_token=${token}` });
    expect(res.body.data.username).toBe(user.username);
    const request = (method: string, changesState = false) =>
      ({ method, headers: {}, cookies: { inquire_token: token }, routeOptions: { config: { changesState } } }) as never;
    expect(readToken(request('GET'))).toBe(token);
    expect(readToken(request('POST'))).toBeNull();
    expect(readToken(request('PUT'))).toBeNull();
    // The one GET that changes state (logout) is not authenticated by the cookie either.
    expect(readToken(request('GET', true))).toBeNull();
  });

  it('[S7-112] signs out: the token stops working and the cookie is cleared', async () => {
    const user = await buildUser(t.app);
    const token = await loginAs(t.app, user.id);
    const out = await call(t.app, 'GET', '/answer/api/v1/user/logout', undefined, { token });
    expect(out.status).toBe(200);
    expect(String(out.response.headers['set-cookie'])).toMatch(/inquire_token=;/);
    expect((await call(t.app, 'GET', INFO, undefined, { token })).body.data).toBeNull();
  });

  it('treats an expired session as a guest', async () => {
    const user = await buildUser(t.app);
    const token = await loginAs(t.app, user.id);
    await t.app.site.db.updateTable('user_sessions').set({ expires_at: 1 }).execute();
    expect((await call(t.app, 'GET', INFO, undefined, { token })).body.data).toBeNull();
  });
});
