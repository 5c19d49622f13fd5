import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, DEFAULT_PASSWORD, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';
import { codeFromMail, mailToSink, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js';
import { hashToken } from '../../infra/tokens.js';
import { nowSeconds } from '../../lib/clock.js';

const V1 = '/answer/api/v1';
type Fields = { error_field: string; error_msg: string }[];

async function configureSmtp(t: TestApp, sink: SmtpSink): Promise<void> {
  await mailToSink(t.app.services.mail, sink, 'Test site');
}

async function setCaptcha(t: TestApp, enabled: boolean): Promise<void> {
  await t.app.site.db
    .insertInto('plugin_state')
    .values({ slug_name: 'captcha-basic', enabled: enabled ? 1 : 0, config: '', updated_at: 0 })
    .onConflict((oc) => oc.column('slug_name').doUpdateSet({ enabled: enabled ? 1 : 0 }))
    .execute();
}

/** A challenge with a known answer, as if the image had been read by a person. */
async function knownChallenge(t: TestApp, id: string, answer: string): Promise<void> {
  const now = nowSeconds();
  await t.app.site.db
    .insertInto('captcha_codes')
    .values({ captcha_id: hashToken(id), answer_hash: hashToken(answer), created_at: now, expires_at: now + 360 })
    .execute();
}

const tick = (t: TestApp) => () => t.app.services.mail.runOnce();

describe('accounts: sign-up, activation, recovery', () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeEach(async () => {
    t = await buildTestApp();
    sink = await startSmtpSink();
    await configureSmtp(t, sink);
    await setCaptcha(t, false);
  });
  afterEach(async () => {
    await t.close();
    await sink.close();
  });

  it('[S3-003] [S7-111] [S7-114] registers, mails a real activation link, and the link activates once (+1 reputation)', async () => {
    const res = await call<{ access_token: string; mail_status: number; username: string; rank: number }>(
      t.app,
      'POST',
      `${V1}/user/register/email`,
      { name: 'New_Member.1', e_mail: 'New@Example.com', pass: 'secret-pass-1' },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ mail_status: 2, username: 'new_member.1', rank: 0 });
    const token = res.body.data.access_token;
    // Signed in but inactive: active-tier calls answer 403 inactive.
    const blocked = await call(t.app, 'GET', `${V1}/user/notification/config`, undefined, { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.data).toEqual({ type: 'inactive' });

    const mail = await sink.waitFor('new@example.com', tick(t));
    expect(mail.subject).toBe('[Test site] Confirm your email address');
    expect(mail.html).toContain('http://localhost:9080/users/account-activation?code=');
    const code = codeFromMail(mail, 'account-activation');
    // Only a hash of the code is stored.
    const stored = await t.app.site.db.selectFrom('email_codes').select('code_hash').execute();
    expect(stored.map((r) => r.code_hash)).toEqual([hashToken(code)]);

    const activated = await call<{ mail_status: number; rank: number; access_token: string }>(
      t.app,
      'POST',
      `${V1}/user/email/verification`,
      { code },
    );
    expect(activated.status).toBe(200);
    expect(activated.body.data).toMatchObject({ mail_status: 1, rank: 1 });
    const again = await call(t.app, 'POST', `${V1}/user/email/verification`, { code });
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ reason: 'error.user.url_expired', data: { type: 'url_expired' } });
  });

  it('[S5-022] [S5-023] [S5-024] [S5-025] names every failing sign-up field at once, in Chinese when asked', async () => {
    const res = await call<Fields>(t.app, 'POST', `${V1}/user/register/email`, {
      name: 'ab c',
      e_mail: '',
      pass: 'short',
    });
    expect(res.status).toBe(400);
    expect(res.body.data.map((f) => f.error_field)).toEqual(['name', 'e_mail', 'pass']);
    const zh = await call<Fields>(
      t.app,
      'POST',
      `${V1}/user/register/email`,
      { name: 'abc', e_mail: 'x@example.com', pass: 'has space 1' },
      { lang: 'zh-CN' },
    );
    expect(zh.body.data).toEqual([
      { error_field: 'name', error_msg: '名称长度须为 4 到 30 个字符。' },
      { error_field: 'pass', error_msg: '密码不能包含空格。' },
    ]);
  });

  it('[S3-042] [S6-029] [S6-031] refuses a taken email on its field, a domain outside the allowed list, and closed registrations', async () => {
    const user = await buildUser(t.app);
    const taken = await call<Fields>(t.app, 'POST', `${V1}/user/register/email`, {
      name: 'someone',
      e_mail: user.email.toUpperCase(),
      pass: 'secret-pass-1',
    });
    expect(taken.status).toBe(400);
    expect(taken.body.data).toEqual([{ error_field: 'e_mail', error_msg: 'Email already exists.' }]);

    await t.app.services.siteinfo.update('login', { allow_email_domains: ['corp.example'] });
    const domain = await call<Fields>(t.app, 'POST', `${V1}/user/register/email`, {
      name: 'someone',
      e_mail: 'a@elsewhere.example',
      pass: 'secret-pass-1',
    });
    expect(domain.body.data[0]?.error_field).toBe('e_mail');

    await t.app.services.siteinfo.update('login', { allow_new_registrations: false });
    const closed = await call(t.app, 'POST', `${V1}/user/register/email`, {
      name: 'someone',
      e_mail: 'a@corp.example',
      pass: 'secret-pass-1',
    });
    expect(closed.status).toBe(400);
    expect(closed.body).toMatchObject({ reason: 'error.user.registration_closed', data: { err_type: 'toast' } });
  });

  it('[S7-113] resends activation: guests get 401, the newest link works and older ones stop', async () => {
    expect((await call(t.app, 'POST', `${V1}/user/email/verification/send`, {})).status).toBe(401);
    const reg = await call<{ access_token: string }>(t.app, 'POST', `${V1}/user/register/email`, {
      name: 'resender',
      e_mail: 'resend@example.com',
      pass: 'secret-pass-1',
    });
    const first = codeFromMail(await sink.waitFor('resend@example.com', tick(t)), 'account-activation');
    sink.mails.length = 0;
    const res = await call(
      t.app,
      'POST',
      `${V1}/user/email/verification/send`,
      {},
      { token: reg.body.data.access_token },
    );
    expect(res.status).toBe(200);
    const second = codeFromMail(await sink.waitFor('resend@example.com', tick(t)), 'account-activation');
    expect(second).not.toBe(first);
    expect((await call(t.app, 'POST', `${V1}/user/email/verification`, { code: first })).status).toBe(403);
    expect((await call(t.app, 'POST', `${V1}/user/email/verification`, { code: second })).status).toBe(200);
  });

  it('expired activation links answer 403 url_expired; a missing code is a field error', async () => {
    await call(t.app, 'POST', `${V1}/user/register/email`, {
      name: 'lateone',
      e_mail: 'late@example.com',
      pass: 'secret-pass-1',
    });
    const code = codeFromMail(await sink.waitFor('late@example.com', tick(t)), 'account-activation');
    await t.app.site.db
      .updateTable('email_codes')
      .set({ expires_at: nowSeconds() - 1 })
      .execute();
    const res = await call(t.app, 'POST', `${V1}/user/email/verification`, { code });
    expect(res.status).toBe(403);
    expect(res.body.data).toEqual({ type: 'url_expired' });
    const empty = await call<Fields>(t.app, 'POST', `${V1}/user/email/verification`, { code: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.data[0]?.error_field).toBe('code');
  });

  it('[S7-118] [S7-119] recovers a password by email: same answer for unknown emails, all sessions end', async () => {
    const user = await buildUser(t.app);
    const session = await loginAs(t.app, user.id);
    const unknown = await call(t.app, 'POST', `${V1}/user/password/reset`, { e_mail: 'nobody@example.com' });
    const known = await call(t.app, 'POST', `${V1}/user/password/reset`, { e_mail: user.email });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const mail = await sink.waitFor(user.email, tick(t));
    expect(sink.mails.some((m) => m.to === 'nobody@example.com')).toBe(false);
    const code = codeFromMail(mail, 'password-reset');

    const bad = await call<Fields>(t.app, 'POST', `${V1}/user/password/replacement`, { code, pass: '1' });
    expect(bad.status).toBe(400);
    expect(bad.body.data[0]?.error_field).toBe('pass');
    const done = await call(t.app, 'POST', `${V1}/user/password/replacement`, { code, pass: 'brand-new-pass' });
    expect(done.status).toBe(200);
    expect((await call(t.app, 'GET', `${V1}/user/info`, undefined, { token: session })).body.data).toBeNull();
    const oldLogin = await call(t.app, 'POST', `${V1}/user/login/email`, {
      e_mail: user.email,
      pass: DEFAULT_PASSWORD,
    });
    expect(oldLogin.status).toBe(400);
    const newLogin = await call(t.app, 'POST', `${V1}/user/login/email`, {
      e_mail: user.email,
      pass: 'brand-new-pass',
    });
    expect(newLogin.status).toBe(200);
    expect(
      (await call(t.app, 'POST', `${V1}/user/password/replacement`, { code, pass: 'another-pass-1' })).status,
    ).toBe(403);
  });

  it('[S7-120] [S7-121] changes email: the link goes to the new address and applies it', async () => {
    const user = await buildUser(t.app);
    const token = await loginAs(t.app, user.id);
    expect((await call(t.app, 'POST', `${V1}/user/email/change/code`, { e_mail: 'n@example.com' })).status).toBe(401);
    const wrong = await call<Fields>(
      t.app,
      'POST',
      `${V1}/user/email/change/code`,
      { e_mail: 'new-address@example.com', pass: 'not-my-password' },
      { token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.data).toEqual([{ error_field: 'pass', error_msg: 'The password is incorrect.' }]);
    const res = await call(
      t.app,
      'POST',
      `${V1}/user/email/change/code`,
      { e_mail: 'New-Address@example.com', pass: DEFAULT_PASSWORD },
      { token },
    );
    expect(res.status).toBe(200);
    const mail = await sink.waitFor('new-address@example.com', tick(t));
    expect(mail.subject).toBe('[Test site] Confirm your new email address');
    const confirmed = await call<{ e_mail: string }>(t.app, 'PUT', `${V1}/user/email`, {
      code: codeFromMail(mail, 'confirm-new-email'),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.e_mail).toBe('new-address@example.com');
  });

  it('[S9-025] [S9-026] sign-up takes a name of 4 to 30 characters and a password of 8 to 32: 31, 7 and 33 are refused beside their fields', async () => {
    const refused = await call<Fields>(t.app, 'POST', `${V1}/user/register/email`, {
      name: 'n'.repeat(31),
      e_mail: 'long@example.com',
      pass: 'p'.repeat(7),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual([
      { error_field: 'name', error_msg: 'Name must be 4 to 30 characters.' },
      { error_field: 'pass', error_msg: 'Password must be at 8-32 characters in length.' },
    ]);
    const tooLong = await call<Fields>(t.app, 'POST', `${V1}/user/register/email`, {
      name: 'name',
      e_mail: 'long@example.com',
      pass: 'p'.repeat(33),
    });
    expect(tooLong.body.data).toEqual([
      { error_field: 'pass', error_msg: 'Password must be at 8-32 characters in length.' },
    ]);
    for (const [name, e_mail, pass] of [
      ['four', 'four@example.com', 'p'.repeat(8)],
      ['t'.repeat(30), 'thirty@example.com', 'q'.repeat(32)],
    ]) {
      const res = await call<{ display_name: string }>(t.app, 'POST', `${V1}/user/register/email`, {
        name,
        e_mail,
        pass,
      });
      expect(res.status).toBe(200);
      expect(res.body.data.display_name).toBe(name);
      expect((await call(t.app, 'POST', `${V1}/user/login/email`, { e_mail, pass })).status).toBe(200);
    }
  });

  it('[S5-063] an email is local@domain: "ab.co" is refused beside its field, "a@b.co" signs up', async () => {
    const refused = await call<Fields>(t.app, 'POST', `${V1}/user/register/email`, {
      name: 'shortmail',
      e_mail: 'ab.co',
      pass: 'secret-pass-1',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual([{ error_field: 'e_mail', error_msg: 'Invalid Email Address.' }]);
    const res = await call<{ e_mail: string }>(t.app, 'POST', `${V1}/user/register/email`, {
      name: 'shortmail',
      e_mail: 'a@b.co',
      pass: 'secret-pass-1',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.e_mail).toBe('a@b.co');
  });

  it('[S6-030] with email sign-up turned off, registering is refused as closed and makes no account', async () => {
    await t.app.services.siteinfo.update('login', { allow_email_registrations: false });
    const closed = await call(t.app, 'POST', `${V1}/user/register/email`, {
      name: 'someone',
      e_mail: 'someone@example.com',
      pass: 'secret-pass-1',
    });
    expect(closed.status).toBe(400);
    expect(closed.body).toMatchObject({ reason: 'error.user.registration_closed', data: { err_type: 'toast' } });
    const rows = await t.app.site.db
      .selectFrom('users')
      .select('id')
      .where('e_mail', '=', 'someone@example.com')
      .execute();
    expect(rows).toEqual([]);
  });

  it('[S8-049] a new-email confirmation link works once: used again it is refused as no longer valid, and the address stays', async () => {
    const user = await buildUser(t.app);
    const token = await loginAs(t.app, user.id);
    const sent = await call(
      t.app,
      'POST',
      `${V1}/user/email/change/code`,
      { e_mail: 'once@example.com', pass: DEFAULT_PASSWORD },
      { token },
    );
    expect(sent.status).toBe(200);
    const code = codeFromMail(await sink.waitFor('once@example.com', tick(t)), 'confirm-new-email');
    expect((await call(t.app, 'PUT', `${V1}/user/email`, { code })).status).toBe(200);
    // Back to the first address by hand, so a second use of the link would show as a change.
    await t.app.site.db.updateTable('users').set({ e_mail: user.email }).where('id', '=', user.id).execute();
    const again = await call(t.app, 'PUT', `${V1}/user/email`, { code });
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ reason: 'error.user.url_expired', data: { type: 'url_expired' } });
    const row = await t.app.site.db
      .selectFrom('users')
      .select('e_mail')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.e_mail).toBe(user.email);
  });
});

describe('accounts: password, profile, interface, notifications, captcha, limits', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => t.close());

  it('[S7-117] [S5-020] changes the password: 401, 403 inactive, wrong old password on its field, other sessions end', async () => {
    await setCaptcha(t, false);
    const body = { old_pass: DEFAULT_PASSWORD, pass: 'changed-pass-1' };
    expect((await call(t.app, 'PUT', `${V1}/user/password`, body)).status).toBe(401);
    const inactive = await buildUser(t.app, { mail_status: 2 });
    const inactiveToken = await loginAs(t.app, inactive.id);
    expect((await call(t.app, 'PUT', `${V1}/user/password`, body, { token: inactiveToken })).status).toBe(403);

    const user = await buildUser(t.app);
    const mine = await loginAs(t.app, user.id);
    const other = await loginAs(t.app, user.id);
    const wrong = await call<Fields>(
      t.app,
      'PUT',
      `${V1}/user/password`,
      { old_pass: 'nope-nope', pass: 'changed-pass-1' },
      { token: mine },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.data).toEqual([{ error_field: 'old_pass', error_msg: 'The current password is incorrect.' }]);
    const short = await call<Fields>(
      t.app,
      'PUT',
      `${V1}/user/password`,
      { old_pass: DEFAULT_PASSWORD, pass: 'short' },
      { token: mine },
    );
    expect(short.body.data[0]?.error_field).toBe('pass');
    const ok = await call(t.app, 'PUT', `${V1}/user/password`, body, { token: mine });
    expect(ok.status).toBe(200);
    expect((await call(t.app, 'GET', `${V1}/user/info`, undefined, { token: other })).body.data).toBeNull();
    expect((await call(t.app, 'GET', `${V1}/user/info`, undefined, { token: mine })).body.data).not.toBeNull();
  });

  it('[S7-116] [S5-016] [S5-017] [S5-018] [S5-019] [S9-024] updates the profile with the admin switches enforced by the server', async () => {
    const profile = (u: { username: string }) => ({
      display_name: u.username,
      username: u.username,
      avatar: { type: 'default' },
      bio: '',
      website: '',
      location: '',
    });
    expect((await call(t.app, 'PUT', `${V1}/user/info`, profile({ username: 'x' }))).status).toBe(401);
    const suspended = await buildUser(t.app, { status: 9, suspended_until: nowSeconds() + 3600 });
    const sToken = await loginAs(t.app, suspended.id);
    const refused = await call(t.app, 'PUT', `${V1}/user/info`, profile(suspended), { token: sToken });
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual({ type: 'suspended' });

    const user = await buildUser(t.app);
    const token = await loginAs(t.app, user.id);
    const invalid = await call<Fields>(
      t.app,
      'PUT',
      `${V1}/user/info`,
      { ...profile(user), username: 'Bad Name!', display_name: 'x'.repeat(31), website: 'not a url' },
      { token },
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.data.map((f) => f.error_field)).toEqual(['display_name', 'username', 'website']);

    // Every allow_update_* switch is off by default: the current values pass, changes do not.
    const same = await call(t.app, 'PUT', `${V1}/user/info`, profile(user), { token });
    expect(same.status).toBe(200);
    const locked = await call<Fields>(
      t.app,
      'PUT',
      `${V1}/user/info`,
      { ...profile(user), display_name: 'New Name', bio: 'hello' },
      { token },
    );
    expect(locked.status).toBe(400);
    expect(locked.body.data).toEqual([
      { error_field: 'display_name', error_msg: 'The site does not allow changing this.' },
      { error_field: 'bio', error_msg: 'The site does not allow changing this.' },
    ]);

    await t.app.services.siteinfo.update('site_users', {
      allow_update_display_name: true,
      allow_update_bio: true,
      allow_update_username: true,
      allow_update_website: true,
      allow_update_location: true,
      allow_update_avatar: true,
    });
    const other = await buildUser(t.app);
    const taken = await call<Fields>(
      t.app,
      'PUT',
      `${V1}/user/info`,
      { ...profile(user), username: other.username },
      { token },
    );
    expect(taken.body.data).toEqual([{ error_field: 'username', error_msg: 'This username is already taken.' }]);
    const saved = await call<{
      display_name: string;
      bio_html: string;
      website: string;
      username: string;
      avatar: string;
    }>(
      t.app,
      'PUT',
      `${V1}/user/info`,
      {
        display_name: 'New Name',
        username: 'good_name-1.x',
        avatar: { type: 'gravatar' },
        bio: 'I like **bold** <script>alert(1)</script>',
        website: 'https://example.com',
        location: 'Berlin',
      },
      { token },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      display_name: 'New Name',
      username: 'good_name-1.x',
      website: 'https://example.com',
    });
    expect(saved.body.data.bio_html).toContain('<strong>bold</strong>');
    expect(saved.body.data.bio_html).not.toContain('<script');
    expect(saved.body.data.avatar).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{64}$/);
  });

  it('[S7-122] [S7-123] [S7-124] saves interface and notification settings', async () => {
    expect((await call(t.app, 'PUT', `${V1}/user/interface`, { language: 'zh_CN' })).status).toBe(401);
    expect((await call(t.app, 'GET', `${V1}/user/notification/config`)).status).toBe(401);
    const user = await buildUser(t.app);
    const token = await loginAs(t.app, user.id);
    const bad = await call<Fields>(
      t.app,
      'PUT',
      `${V1}/user/interface`,
      { language: 'xx', color_scheme: 'dark', time_zone: 'Mars/Base' },
      { token },
    );
    expect(bad.body.data.map((f) => f.error_field)).toEqual(['language', 'time_zone']);
    const res = await call(
      t.app,
      'PUT',
      `${V1}/user/interface`,
      { language: 'zh_CN', color_scheme: 'neon', time_zone: 'Asia/Shanghai' },
      { token },
    );
    expect(res.status).toBe(200);
    const info = await call<{ language: string; color_scheme: string }>(t.app, 'GET', `${V1}/user/info`, undefined, {
      token,
    });
    expect(info.body.data).toMatchObject({ language: 'zh_CN', color_scheme: 'default' });

    const initial = await call(t.app, 'GET', `${V1}/user/notification/config`, undefined, { token });
    expect(initial.body.data).toEqual({
      inbox: { key: 'email', enable: false },
      all_new_question: { key: 'email', enable: false },
      all_new_question_for_following_tags: { key: 'email', enable: false },
    });
    const put = await call(
      t.app,
      'PUT',
      `${V1}/user/notification/config`,
      { inbox: { key: 'email', enable: true }, all_new_question: { key: 'email', enable: true } },
      { token },
    );
    expect(put.status).toBe(200);
    const after = await call<Record<string, { enable: boolean }>>(
      t.app,
      'GET',
      `${V1}/user/notification/config`,
      undefined,
      { token },
    );
    expect(after.body.data.inbox?.enable).toBe(true);
    expect(after.body.data.all_new_question?.enable).toBe(true);
    expect(after.body.data.all_new_question_for_following_tags?.enable).toBe(false);
    const wrong = await call<Fields>(
      t.app,
      'PUT',
      `${V1}/user/notification/config`,
      { inbox: { enable: 'yes' } },
      { token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.data[0]?.error_field).toBe('inbox');
  });

  it('[S7-128] [S5-059] [S4-077] captcha: email actions need one; codes are checked, single use and stored hashed', async () => {
    const record = await call<{ captcha_id: string; captcha_img: string; verify: boolean }>(
      t.app,
      'GET',
      `${V1}/user/action/record`,
      undefined,
      { query: { action: 'email' } },
    );
    expect(record.body.data.verify).toBe(true);
    expect(record.body.data.captcha_img).toMatch(/^data:image\/svg\+xml;base64,/);
    const rows = await t.app.site.db.selectFrom('captcha_codes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.captcha_id).not.toBe(record.body.data.captcha_id);
    const loginRecord = await call<{ verify: boolean }>(t.app, 'GET', `${V1}/user/action/record`, undefined, {
      query: { action: 'password' },
    });
    expect(loginRecord.body.data.verify).toBe(false);
    const unknown = await call(t.app, 'GET', `${V1}/user/action/record`, undefined, { query: { action: 'nope' } });
    expect(unknown.status).toBe(400);

    const body = { name: 'captchaman', e_mail: 'cap@example.com', pass: 'secret-pass-1' };
    const missing = await call<Fields>(t.app, 'POST', `${V1}/user/register/email`, body);
    expect(missing.body.data).toEqual([{ error_field: 'captcha_code', error_msg: 'Captcha cannot be empty.' }]);
    await knownChallenge(t, 'known-id', 'abcd');
    const wrong = await call<Fields>(t.app, 'POST', `${V1}/user/register/email`, {
      ...body,
      captcha_id: 'known-id',
      captcha_code: 'zzzz',
    });
    expect(wrong.body.data).toEqual([{ error_field: 'captcha_code', error_msg: 'Verification code is incorrect.' }]);
    // The wrong guess used the challenge up.
    const reused = await call(t.app, 'POST', `${V1}/user/register/email`, {
      ...body,
      captcha_id: 'known-id',
      captcha_code: 'abcd',
    });
    expect(reused.status).toBe(400);
    await knownChallenge(t, 'fresh-id', 'abcd');
    const right = await call(t.app, 'POST', `${V1}/user/register/email`, {
      ...body,
      captcha_id: 'fresh-id',
      captcha_code: 'ABCD',
    });
    expect(right.status).toBe(200);
  });

  it('a burst of 100 wrong passwords is refused with 429 without locking out the owner on another IP', async () => {
    await setCaptcha(t, false);
    const user = await buildUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${V1}/user/login/email`,
        remoteAddress: '10.0.0.66',
        payload: { e_mail: user.email, pass: `wrong-pass-${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    const limited = await t.app.inject({
      method: 'POST',
      url: `${V1}/user/login/email`,
      remoteAddress: '10.0.0.66',
      headers: { 'accept-language': 'zh-CN' },
      payload: { e_mail: user.email, pass: DEFAULT_PASSWORD },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      reason: 'error.user.rate_limited',
      msg: '尝试次数过多，请稍等几分钟再试。',
    });
    const owner = await t.app.inject({
      method: 'POST',
      url: `${V1}/user/login/email`,
      remoteAddress: '10.0.0.7',
      payload: { e_mail: user.email, pass: DEFAULT_PASSWORD },
    });
    expect(owner.statusCode).toBe(200);
  });

  it('asks for a captcha after 3 failed sign-ins from one IP and clears it on success', async () => {
    const user = await buildUser(t.app);
    for (let i = 0; i < 3; i += 1) {
      await t.app.inject({
        method: 'POST',
        url: `${V1}/user/login/email`,
        remoteAddress: '10.0.0.9',
        payload: { e_mail: user.email, pass: 'wrong-pass' },
      });
    }
    const record = await t.app.inject({
      method: 'GET',
      url: `${V1}/user/action/record?action=password`,
      remoteAddress: '10.0.0.9',
    });
    expect(record.json().data.verify).toBe(true);
    const noCode = await t.app.inject({
      method: 'POST',
      url: `${V1}/user/login/email`,
      remoteAddress: '10.0.0.9',
      payload: { e_mail: user.email, pass: DEFAULT_PASSWORD },
    });
    expect(noCode.json().data).toEqual([{ error_field: 'captcha_code', error_msg: 'Captcha cannot be empty.' }]);
    await knownChallenge(t, 'login-id', 'wxyz');
    const ok = await t.app.inject({
      method: 'POST',
      url: `${V1}/user/login/email`,
      remoteAddress: '10.0.0.9',
      payload: { e_mail: user.email, pass: DEFAULT_PASSWORD, captcha_id: 'login-id', captcha_code: 'wxyz' },
    });
    expect(ok.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: `${V1}/user/action/record?action=password`,
      remoteAddress: '10.0.0.9',
    });
    expect(after.json().data.verify).toBe(false);
  });

  it('writes email to the server log (status logged) when SMTP is not configured', async () => {
    await setCaptcha(t, false);
    const res = await call(t.app, 'POST', `${V1}/user/register/email`, {
      name: 'logreader',
      e_mail: 'log@example.com',
      pass: 'secret-pass-1',
    });
    expect(res.status).toBe(200);
    await t.app.services.mail.runOnce();
    const rows = await t.app.site.db.selectFrom('email_outbox').select(['status', 'to_address']).execute();
    expect(rows).toEqual([{ status: 3, to_address: 'log@example.com' }]);
  });

  it('[S6-024] [S6-025] [S6-027] [S6-028] with their switches off, a member cannot change the username, avatar, website or location', async () => {
    const user = await buildUser(t.app, { website: 'https://old.example', location: 'Lisbon' });
    const token = await loginAs(t.app, user.id);
    const current = {
      display_name: user.username,
      username: user.username,
      avatar: { type: 'default' },
      bio: '',
      website: 'https://old.example',
      location: 'Lisbon',
    };
    const changes: [string, object][] = [
      ['username', { username: 'another_name' }],
      ['avatar', { avatar: { type: 'gravatar' } }],
      ['website', { website: 'https://new.example' }],
      ['location', { location: 'Porto' }],
    ];
    for (const [field, change] of changes) {
      const res = await call<Fields>(t.app, 'PUT', `${V1}/user/info`, { ...current, ...change }, { token });
      expect(res.status).toBe(400);
      expect(res.body.data).toEqual([{ error_field: field, error_msg: 'The site does not allow changing this.' }]);
    }
    const row = await t.app.site.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      username: user.username,
      avatar: '',
      website: 'https://old.example',
      location: 'Lisbon',
    });
    // Each switch on opens its own field.
    await t.app.services.siteinfo.update('site_users', {
      allow_update_username: true,
      allow_update_avatar: true,
      allow_update_website: true,
      allow_update_location: true,
    });
    const saved = await call(
      t.app,
      'PUT',
      `${V1}/user/info`,
      Object.assign({}, current, ...changes.map(([, change]) => change)),
      { token },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      username: 'another_name',
      website: 'https://new.example',
      location: 'Porto',
    });
  });
});

describe('accounts: housekeeping', () => {
  it('drops long-expired email codes, captcha challenges and idle counters', async () => {
    const t = await buildTestApp();
    try {
      const db = t.app.site.db;
      const old = nowSeconds() - 3 * 24 * 60 * 60;
      await db
        .insertInto('email_codes')
        .values({ code_hash: 'h1', user_id: 'u', action: 'activate', created_at: old, expires_at: old + 600 })
        .execute();
      await db
        .insertInto('captcha_codes')
        .values({ captcha_id: 'c', answer_hash: 'a', created_at: old, expires_at: old + 360 })
        .execute();
      await db
        .insertInto('rate_counters')
        .values({ counter_key: 'k', window_start: old, count: 3, last_at: old })
        .execute();
      await knownChallenge(t, 'live', 'abcd');
      await t.app.services.accounts.sweep();
      expect(await db.selectFrom('email_codes').selectAll().execute()).toEqual([]);
      expect((await db.selectFrom('captcha_codes').select('captcha_id').execute()).length).toBe(1);
      expect(await db.selectFrom('rate_counters').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
