import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, DEFAULT_PASSWORD, loginAs } from '../factories.js';
import { buildTestApp, call, type TestApp } from '../harness.js';
import { from, linkCode, outboxTo, setCaptcha, V1 } from './accounts-helpers.js';

const alive = async (t: TestApp, token: string) =>
  (await call(t.app, 'GET', `${V1}/user/info`, undefined, { token })).body.data !== null;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('account security: recovery, revocation, enumeration, email change', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
    await setCaptcha(t, false);
  });
  afterEach(async () => t.close());

  // Extends [S7-118] in accounts.routes.test.ts (one link used twice, sessions end) with the
  // lifecycle of two links.
  it('[SEC-1] a second reset link retires the first; the second works once; the answer never carries a code; other sessions end', async () => {
    const user = await buildUser(t.app);
    const session = await loginAs(t.app, user.id);
    const answers = [
      await call(t.app, 'POST', `${V1}/user/password/reset`, { e_mail: user.email }),
      await call(t.app, 'POST', `${V1}/user/password/reset`, { e_mail: user.email }),
    ];
    const [first, second] = (await outboxTo(t, user.email)).map((mail) => linkCode(mail.text, 'password-reset'));
    expect(first && second && first !== second).toBe(true);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.data).toBeNull();
      const wire = JSON.stringify(answer.response.headers) + answer.response.body;
      expect(wire).not.toContain(first);
      expect(wire).not.toContain(second);
    }

    const replace = (code: string, pass: string) =>
      call(t.app, 'POST', `${V1}/user/password/replacement`, { code, pass });
    const dead = await replace(first!, 'first-link-pass');
    expect(dead.status).toBe(403);
    expect(dead.body).toMatchObject({ reason: 'error.user.url_expired', data: { type: 'url_expired' } });
    expect((await replace(second!, 'second-link-pass')).status).toBe(200);
    expect((await replace(second!, 'replayed-pass-1')).status).toBe(403);
    expect(await alive(t, session)).toBe(false);
    const signIn = await call(t.app, 'POST', `${V1}/user/login/email`, {
      e_mail: user.email,
      pass: 'second-link-pass',
    });
    expect(signIn.status).toBe(200);
  });

  it('[SEC-2] logout kills its token; a password change ends the other sessions; a suspended admin loses admin powers on the next call', async () => {
    const user = await buildUser(t.app);
    const [leaving, changing, elsewhere] = [
      await loginAs(t.app, user.id),
      await loginAs(t.app, user.id),
      await loginAs(t.app, user.id),
    ];
    expect((await call(t.app, 'GET', `${V1}/user/logout`, undefined, { token: leaving })).status).toBe(200);
    expect(await alive(t, leaving)).toBe(false);
    const write = await call(t.app, 'PUT', `${V1}/user/interface`, { language: 'en_US' }, { token: leaving });
    expect(write.status).toBe(401);

    const changed = await call(
      t.app,
      'PUT',
      `${V1}/user/password`,
      { old_pass: DEFAULT_PASSWORD, pass: 'changed-pass-1' },
      { token: changing },
    );
    expect(changed.status).toBe(200);
    expect(await alive(t, elsewhere)).toBe(false);
    expect(await alive(t, changing)).toBe(true);

    const admin = await buildUser(t.app, { role_id: 2 });
    const token = await loginAs(t.app, admin.id);
    const smtp = `/answer/admin/api/setting/smtp`;
    expect((await call(t.app, 'GET', smtp, undefined, { token })).status).toBe(200);
    // There is no admin call to suspend a member yet: write the row change such a call makes
    // (another admin's action), then the very next call must see it.
    await t.app.site.db
      .updateTable('users')
      .set({ status: 9, suspended_until: Math.floor(Date.now() / 1000) + 3600 })
      .where('id', '=', admin.id)
      .execute();
    const refused = await call(t.app, 'GET', smtp, undefined, { token });
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual({ type: 'suspended' });
  });

  it('[SEC-20] password reset answers a known and an unknown address with the same status and body', async () => {
    const user = await buildUser(t.app);
    const known = await call(t.app, 'POST', `${V1}/user/password/reset`, { e_mail: user.email });
    const unknown = await call(t.app, 'POST', `${V1}/user/password/reset`, { e_mail: 'nobody-here@example.com' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await outboxTo(t, 'nobody-here@example.com')).toEqual([]);
  });

  it('[SEC-20] sign-in with an unknown email and with a wrong password answer alike and take comparable time', async () => {
    const user = await buildUser(t.app);
    const attempt = async (ip: string, email: string) => {
      const started = performance.now();
      const answer = await from(t, ip, 'POST', 'user/login/email', { e_mail: email, pass: 'not-the-password' });
      return { ...answer, ms: performance.now() - started };
    };
    // Warm both paths (the dummy hash for unknown users is made on first use).
    const warmUnknown = await attempt('10.20.0.1', 'nobody-here@example.com');
    const warmKnown = await attempt('10.21.0.1', user.email);
    expect(warmUnknown.status).toBe(400);
    expect(warmUnknown.body).toEqual(warmKnown.body);
    const times = { unknown: [] as number[], known: [] as number[] };
    // Alternating rounds, each from its own address so no limit or captcha steps in.
    for (let i = 1; i <= 15; i += 1) {
      const unknown = await attempt(`10.20.1.${i}`, 'nobody-here@example.com');
      const known = await attempt(`10.21.1.${i}`, user.email);
      expect([unknown.status, known.status]).toEqual([400, 400]);
      expect(unknown.body).toEqual(known.body);
      times.unknown.push(unknown.ms);
      times.known.push(known.ms);
    }
    // Both paths run one argon2 verification: a generous bound, to stay clear of noise.
    const [a, b] = [median(times.unknown), median(times.known)];
    expect(Math.max(a, b) / Math.min(a, b)).toBeLessThan(2);
  });

  it('[H-13] confirming a new address tells the old one (in its language, names escaped) and ends the other sessions', async () => {
    const user = await buildUser(t.app, { display_name: '<b>Bob & co</b>', language: 'zh_CN' });
    const confirming = await loginAs(t.app, user.id);
    const other = await loginAs(t.app, user.id);
    const asked = await call(
      t.app,
      'POST',
      `${V1}/user/email/change/code`,
      { e_mail: 'moved@example.com', pass: DEFAULT_PASSWORD },
      { token: confirming },
    );
    expect(asked.status).toBe(200);
    const [link] = await outboxTo(t, 'moved@example.com');
    const confirmed = await call<{ access_token: string; e_mail: string }>(
      t.app,
      'PUT',
      `${V1}/user/email`,
      { code: linkCode(link!.text, 'confirm-new-email') },
      { token: confirming },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.e_mail).toBe('moved@example.com');

    const notices = await outboxTo(t, user.email);
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice!.subject).toBe('[Test site] 您的邮箱地址已更改');
    expect(notice!.text).toContain('moved@example.com');
    expect(notice!.html).toContain('&lt;b&gt;Bob &amp; co&lt;/b&gt;');
    expect(notice!.html).not.toContain('<b>Bob');

    expect(await alive(t, other)).toBe(false);
    expect(await alive(t, confirming)).toBe(true);
    expect(await alive(t, confirmed.body.data.access_token)).toBe(true);
  });

  it('[H-13] a confirmation sent without a session ends every session of the account and tells the old address in English', async () => {
    const user = await buildUser(t.app);
    const sessions = [await loginAs(t.app, user.id), await loginAs(t.app, user.id)];
    await call(
      t.app,
      'POST',
      `${V1}/user/email/change/code`,
      { e_mail: 'elsewhere@example.com', pass: DEFAULT_PASSWORD },
      { token: sessions[0] },
    );
    const [link] = await outboxTo(t, 'elsewhere@example.com');
    const code = linkCode(link!.text, 'confirm-new-email');
    const confirmed = await call<{ access_token: string }>(t.app, 'PUT', `${V1}/user/email`, { code });
    expect(confirmed.status).toBe(200);
    for (const token of sessions) expect(await alive(t, token)).toBe(false);
    expect(await alive(t, confirmed.body.data.access_token)).toBe(true);
    const [notice] = await outboxTo(t, user.email);
    expect(notice!.subject).toBe('[Test site] Your email address was changed');
    expect(notice!.html).not.toContain('/users/');
  });
});
