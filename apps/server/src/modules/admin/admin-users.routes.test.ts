import { ROLE, SUSPENDED_FOREVER_UNTIL, USER_STATUS, type AdminUserItem, type Paged } from '@inquire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../lib/clock.js';
import { buildUser, loginAs } from '../../../test/factories.js';
import { ADMIN, buildTestApp, call, type TestApp } from '../../../test/harness.js';

/**
 * Admin user management (issue 13, item 4): the users list with its filters and search, the
 * member's admin view, and the status, role and password actions, each refused on oneself.
 */
const API = '/answer/admin/api';
type Fields = { error_field: string; error_msg: string }[];

describe('admin user management', () => {
  let t: TestApp;
  let admin = '';
  let adminId = '';

  beforeAll(async () => {
    t = await buildTestApp({ app: { writeLimits: false } });
    const row = await t.app.site.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', ADMIN.name)
      .executeTakeFirstOrThrow();
    adminId = row.id;
    admin = await loginAs(t.app, adminId);
  }, 60_000);
  afterAll(async () => t?.close());

  const put = <T = AdminUserItem>(path: string, body: unknown, token = admin) =>
    call<T>(t.app, 'PUT', `${API}/${path}`, body, { token });
  const list = async (query: Record<string, string>) => {
    const res = await call<Paged<AdminUserItem>>(t.app, 'GET', `${API}/users/page`, undefined, {
      token: admin,
      query: { page_size: '100', ...query },
    });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const ids = async (query: Record<string, string>) => (await list(query)).list.map((u) => u.user_id);
  const sessionCount = async (userId: string) => {
    const row = await t.app.site.db
      .selectFrom('user_sessions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const userRow = (id: string) =>
    t.app.site.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const member = async (overrides = {}) => {
    const user = await buildUser(t.app, overrides);
    return { ...user, token: await loginAs(t.app, user.id) };
  };

  it('[A-4] [S7-012] users/page filters all, staff, inactive, suspended and deleted', async () => {
    const plain = await buildUser(t.app);
    const moderator = await buildUser(t.app, { role_id: ROLE.moderator });
    const inactive = await buildUser(t.app, { mail_status: 2 });
    const suspended = await buildUser(t.app, { status: USER_STATUS.suspended, suspended_until: nowSeconds() + 3600 });
    const expired = await buildUser(t.app, { status: USER_STATUS.suspended, suspended_until: nowSeconds() - 10 });
    const deleted = await buildUser(t.app, { status: USER_STATUS.deleted });

    const all = await ids({});
    expect(all).toEqual(expect.arrayContaining([plain.id, moderator.id, inactive.id, suspended.id, expired.id]));
    expect(all).not.toContain(deleted.id);
    const staff = await ids({ filter: 'staff' });
    expect(staff).toEqual(expect.arrayContaining([moderator.id, adminId]));
    expect(staff).not.toContain(plain.id);
    expect(await ids({ filter: 'inactive' })).toEqual([inactive.id]);
    // A suspension past its end is over by itself: listed as normal, not as suspended.
    expect(await ids({ filter: 'suspended' })).toEqual([suspended.id]);
    expect((await list({ query: `user:${expired.id}` })).list[0]?.status).toBe('normal');
    expect(await ids({ filter: 'deleted' })).toEqual([deleted.id]);
  });

  it('[A-4] users/page searches by name fragment, email or id, and pages', async () => {
    const target = await buildUser(t.app, { username: 'findme_zebra', display_name: 'Zebra Person' });
    expect(await ids({ query: 'zebra' })).toEqual([target.id]);
    expect(await ids({ query: 'ZEBRA PERS' })).toEqual([target.id]);
    expect(await ids({ query: target.email })).toEqual([target.id]);
    expect(await ids({ query: target.id })).toEqual([target.id]);
    expect(await ids({ query: `user:${target.id}` })).toEqual([target.id]);
    expect(await ids({ query: 'zebra%' })).toEqual([]);
    expect(await ids({ query: 'findme_' })).toEqual([target.id]);
    expect(await ids({ query: 'findme%zebra' })).toEqual([]);

    for (let i = 0; i < 4; i += 1) await buildUser(t.app);
    const total = (await list({})).count;
    const first = await list({ page: '1', page_size: '2' });
    const second = await list({ page: '2', page_size: '2' });
    expect(first.count).toBe(total);
    expect(first.list).toHaveLength(2);
    expect(second.list).toHaveLength(2);
    expect(second.list.map((u) => u.user_id)).not.toContain(first.list[0]?.user_id);
  });

  it('[A-4] user shows one member to the admin; an unknown id is 404', async () => {
    const target = await buildUser(t.app, { rank: 42 });
    const res = await call<AdminUserItem>(t.app, 'GET', `${API}/user`, undefined, {
      token: admin,
      query: { user_id: target.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ user_id: target.id, rank: 42, role_name: 'user', status: 'normal' });
    const missing = await call(t.app, 'GET', `${API}/user`, undefined, { token: admin, query: { user_id: '999999' } });
    expect(missing.status).toBe(404);
  });

  it('[A-4][S3-002][S4-050][S7-042] suspend for 7 days with a reason: the member reads it in their session; normal restores', async () => {
    const m = await member();
    const before = nowSeconds();
    const res = await put('user/status', {
      user_id: m.id,
      status: 'suspended',
      suspend_duration: '7d',
      suspend_reason: 'Spam in answers',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('suspended');
    expect(res.body.data.suspended_until).toBeGreaterThanOrEqual(before + 7 * 86400);
    expect(res.body.data.suspended_until).toBeLessThanOrEqual(nowSeconds() + 7 * 86400);

    const info = await call<{ status: string; suspended_reason: string; suspended_until: number }>(
      t.app,
      'GET',
      '/answer/api/v1/user/info',
      undefined,
      { token: m.token },
    );
    expect(info.body.data).toMatchObject({ status: 'suspended', suspended_reason: 'Spam in answers' });
    const write = await call(t.app, 'PUT', '/answer/api/v1/user/interface', { language: 'en_US' }, { token: m.token });
    expect(write.status).toBe(403);

    const restored = await put('user/status', { user_id: m.id, status: 'normal' });
    expect(restored.body.data).toMatchObject({ status: 'normal', suspended_until: 0, suspended_reason: '' });
    expect((await userRow(m.id)).suspended_reason).toBe('');
  });

  it('[A-4] suspend forever ends on 2099-12-31; an unknown duration is refused beside its field', async () => {
    const m = await buildUser(t.app);
    const bad = await put<Fields>('user/status', { user_id: m.id, status: 'suspended', suspend_duration: '5y' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.map((f) => f.error_field)).toEqual(['suspend_duration']);
    expect((await userRow(m.id)).status).toBe(USER_STATUS.normal);
    const res = await put('user/status', { user_id: m.id, status: 'suspended', suspend_duration: 'forever' });
    expect(res.body.data.suspended_until).toBe(SUSPENDED_FOREVER_UNTIL);
  });

  it('[A-4] [S4-047] inactive marks the email unverified; normal activates (+1 for a rank-0 member)', async () => {
    const m = await buildUser(t.app, { rank: 0 });
    expect((await put('user/status', { user_id: m.id, status: 'inactive' })).body.data.status).toBe('inactive');
    expect((await userRow(m.id)).mail_status).toBe(2);
    const res = await put('user/status', { user_id: m.id, status: 'normal' });
    expect(res.body.data).toMatchObject({ status: 'normal', rank: 1 });
  });

  it('[A-4] [S4-049] [S4-058] deleted frees the email, ends the sessions, removes the content when asked, and is final', async () => {
    const m = await member({ rank: 1000 });
    const asked = await call<{ id: string }>(
      t.app,
      'POST',
      '/answer/api/v1/question',
      {
        title: 'A question about deleting users',
        content: 'Body long enough to be posted.',
        tags: [{ slug_name: 'support' }],
      },
      { token: m.token },
    );
    expect(asked.status).toBe(200);
    const res = await put('user/status', { user_id: m.id, status: 'deleted', remove_all_content: true });
    expect(res.status).toBe(200);
    const row = await userRow(m.id);
    expect(row.status).toBe(USER_STATUS.deleted);
    expect(row.e_mail).toMatch(new RegExp(`^${m.email.replace(/\./g, '\\.')}\\.\\d+$`));
    expect(await sessionCount(m.id)).toBe(0);
    const question = await t.app.site.db
      .selectFrom('questions')
      .select('status')
      .where('id', '=', asked.body.data.id)
      .executeTakeFirstOrThrow();
    expect(question.status).toBe(10);
    const again = await put('user/status', { user_id: m.id, status: 'normal' });
    expect(again.status).toBe(400);
    expect(again.body.reason).toBe('error.user.deleted_cannot_change');
  });

  it('[A-4] [S7-043] change role ends the member’s sessions; the unchanged role changes nothing', async () => {
    const m = await member();
    const same = await put('user/role', { user_id: m.id, role_id: ROLE.user });
    expect(same.status).toBe(200);
    expect(await sessionCount(m.id)).toBe(1);
    const res = await put('user/role', { user_id: m.id, role_id: ROLE.moderator });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ role_id: ROLE.moderator, role_name: 'moderator' });
    expect(await sessionCount(m.id)).toBe(0);
    const old = await call(t.app, 'GET', '/answer/api/v1/user/info', undefined, { token: m.token });
    expect(old.body.data).toBeNull();
    const bad = await put<Fields>('user/role', { user_id: m.id, role_id: 7 });
    expect(bad.body.data.map((f) => f.error_field)).toEqual(['role_id']);
  });

  it('[A-4] [S4-054] set a new password (8-32): sessions end and the new one signs in', async () => {
    const m = await member();
    const short = await put<Fields>('user/password', { user_id: m.id, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.data).toEqual([
      { error_field: 'password', error_msg: 'Password must be at 8-32 characters in length.' },
    ]);
    expect(await sessionCount(m.id)).toBe(1);
    const res = await put('user/password', { user_id: m.id, password: 'brand-new-pass' });
    expect(res.status).toBe(200);
    expect(await sessionCount(m.id)).toBe(0);
    const login = await call(t.app, 'POST', '/answer/api/v1/user/login/email', {
      e_mail: m.email,
      pass: 'brand-new-pass',
    });
    expect(login.status).toBe(200);
  });

  it('[A-4] [S7-046] edit profile: username 3-30 and a free email, which is then verified; taken names are refused beside their fields', async () => {
    const m = await buildUser(t.app, { mail_status: 2 });
    const other = await buildUser(t.app);
    const short = await put<Fields>('user/profile', {
      user_id: m.id,
      display_name: 'Fern',
      username: 'ab',
      email: 'x@example.com',
    });
    expect(short.status).toBe(400);
    expect(short.body.data).toEqual([{ error_field: 'username', error_msg: 'Username must be 3 to 30 characters.' }]);
    const taken = await put<Fields>('user/profile', {
      user_id: m.id,
      display_name: 'Fern',
      username: other.username,
      email: other.email,
    });
    expect(taken.status).toBe(400);
    expect(taken.body.data.map((f) => f.error_field).sort()).toEqual(['email', 'username']);
    expect((await userRow(m.id)).username).toBe(m.username);

    const res = await put('user/profile', {
      user_id: m.id,
      display_name: 'Fern Grower',
      username: 'fern.grower',
      email: 'Fern.New@Example.com',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      display_name: 'Fern Grower',
      username: 'fern.grower',
      e_mail: 'fern.new@example.com',
      status: 'normal',
    });
    const unchanged = await put('user/profile', {
      user_id: m.id,
      display_name: 'Fern Grower',
      username: 'fern.grower',
      email: 'fern.new@example.com',
    });
    expect(unchanged.status).toBe(200);
  });

  it('[A-4] [S8-040] every action on one’s own account: "Forbidden to operate on yourself", nothing changes', async () => {
    const attempts: [string, object][] = [
      ['user/status', { user_id: adminId, status: 'suspended', suspend_duration: '24h' }],
      ['user/status', { user_id: adminId, status: 'deleted' }],
      ['user/role', { user_id: adminId, role_id: ROLE.user }],
      ['user/password', { user_id: adminId, password: 'another-pass-1' }],
      ['user/profile', { user_id: adminId, display_name: 'Me', username: 'me-again', email: 'me@example.com' }],
    ];
    const before = await userRow(adminId);
    for (const [path, body] of attempts) {
      const res = await put(path, body);
      expect(res.status).toBe(400);
      expect(res.body.reason).toBe('error.admin.cannot_modify_self');
      expect(res.body.msg).toBe('Forbidden to operate on yourself.');
      expect(res.body.data).toEqual({ err_type: 'toast' });
    }
    expect(await userRow(adminId)).toEqual(before);
    expect(await sessionCount(adminId)).toBeGreaterThan(0);
  });

  it('[A-4] members and moderators get 403 from every admin user call', async () => {
    const moderator = await member({ role_id: ROLE.moderator });
    const target = await buildUser(t.app);
    const calls = [
      call(t.app, 'GET', `${API}/users/page`, undefined, { token: moderator.token }),
      call(t.app, 'GET', `${API}/user`, undefined, { token: moderator.token, query: { user_id: target.id } }),
      put('user/status', { user_id: target.id, status: 'deleted' }, moderator.token),
      put('user/role', { user_id: target.id, role_id: ROLE.admin }, moderator.token),
      put('user/password', { user_id: target.id, password: 'taken-over-1' }, moderator.token),
      put(
        'user/profile',
        { user_id: target.id, display_name: 'X', username: 'xxx', email: 'x@example.com' },
        moderator.token,
      ),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
    expect((await userRow(target.id)).status).toBe(USER_STATUS.normal);
  });

  it('[S5-011] [S9-026] the admin’s new password is 8 to 32 characters: 7 and 33 are refused with the message, 8 and 32 sign in', async () => {
    // An admin of its own: the shared one has spent much of its 30 actions a minute above.
    const boss = (await member({ role_id: ROLE.admin })).token;
    const m = await member();
    for (const password of ['p'.repeat(7), 'p'.repeat(33)]) {
      const res = await put<Fields>('user/password', { user_id: m.id, password }, boss);
      expect(res.status).toBe(400);
      expect(res.body.data).toEqual([
        { error_field: 'password', error_msg: 'Password must be at 8-32 characters in length.' },
      ]);
    }
    expect(await sessionCount(m.id)).toBe(1);
    for (const password of ['p'.repeat(8), 'q'.repeat(32)]) {
      expect((await put('user/password', { user_id: m.id, password }, boss)).status).toBe(200);
      const login = await call(t.app, 'POST', '/answer/api/v1/user/login/email', { e_mail: m.email, pass: password });
      expect(login.status).toBe(200);
    }
  });

  it('[S5-012] [S9-027] the admin’s username edit is 3 to 30 characters: 2 and 31 are refused with the message, 3 and 30 are saved', async () => {
    const boss = (await member({ role_id: ROLE.admin })).token;
    const m = await buildUser(t.app);
    const profile = (username: string) => ({ user_id: m.id, display_name: 'Fern', username, email: m.email });
    for (const username of ['ab', 'a'.repeat(31)]) {
      const res = await put<Fields>('user/profile', profile(username), boss);
      expect(res.status).toBe(400);
      expect(res.body.data).toEqual([{ error_field: 'username', error_msg: 'Username must be 3 to 30 characters.' }]);
    }
    expect((await userRow(m.id)).username).toBe(m.username);
    for (const username of ['f.3', `fern_${'x'.repeat(25)}`]) {
      const res = await put('user/profile', profile(username), boss);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ username });
      expect((await userRow(m.id)).username).toBe(username);
    }
  });

  it('[S5-013] the admin’s email edit must look like local@domain: "foo" is refused with "Invalid Email Address."', async () => {
    const boss = (await member({ role_id: ROLE.admin })).token;
    const m = await buildUser(t.app);
    const res = await put<Fields>(
      'user/profile',
      {
        user_id: m.id,
        display_name: 'Fern',
        username: m.username,
        email: 'foo',
      },
      boss,
    );
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual([{ error_field: 'email', error_msg: 'Invalid Email Address.' }]);
    expect((await userRow(m.id)).e_mail).toBe(m.email);
  });
});
