import { translate } from '@inquire/i18n';
import { CONNECTOR_REASONS, PLUGIN_SECRET_MASK, ROLE } from '@inquire/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from '../../../test/fake-oauth-provider.js';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';
import { codeFromMail, mailToSink, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js';

const V1 = '/answer/api/v1';
const SLUG = 'connector_basic';
type Fields = { error_field: string; error_msg: string; email_exists?: boolean }[];
type InfoItem = { name: string; icon: string; link: string };
type UserInfoItem = InfoItem & { binding: boolean; external_id: string };

async function configureSmtp(t: TestApp, sink: SmtpSink): Promise<void> {
  await mailToSink(t.app.services.mail, sink, 'Test site');
}

/** Sets the connector up through the admin's plugin config API, as an admin would. */
async function configure(t: TestApp, admin: string, fields: Record<string, string>) {
  const res = await call(
    t.app,
    'PUT',
    '/answer/admin/api/plugin/config',
    { plugin_slug_name: SLUG, config_fields: fields },
    { token: admin },
  );
  expect(res.status).toBe(200);
}

const providerFields = (provider: FakeProvider) => ({
  name: 'Fake',
  client_id: 'client-1',
  client_secret: 'secret-1',
  authorize_url: `${provider.url}/authorize`,
  token_url: `${provider.url}/token`,
  user_json_url: `${provider.url}/user`,
  scope: 'read:user user:email',
});

/** The rows external sign-in may write, and the accounts and sessions. */
async function rowCounts(t: TestApp) {
  const db = t.app.site.db;
  const count = async (
    table: 'users' | 'user_sessions' | 'user_external_logins' | 'connector_bindings' | 'email_codes',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: await count('users'),
    sessions: await count('user_sessions'),
    logins: await count('user_external_logins'),
    bindings: await count('connector_bindings'),
    codes: await count('email_codes'),
  };
}

const get = (t: TestApp, url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** `connector/login`: the provider address and the state cookie it set. */
async function startLogin(t: TestApp, sessionCookie?: string) {
  const res = await get(t, `${V1}/connector/login/${SLUG}`, sessionCookie);
  expect(res.statusCode).toBe(302);
  const setCookie = String(res.headers['set-cookie']);
  const value = /inquire_connector_state=([^;]+)/.exec(setCookie)?.[1] ?? '';
  const location = new URL(String(res.headers.location));
  return {
    location,
    setCookie,
    cookie: `inquire_connector_state=${value}`,
    state: location.searchParams.get('state') ?? '',
  };
}

/** The provider's redirect back to the callback, with the browser's cookies. */
async function callback(t: TestApp, query: Record<string, string>, cookie?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${V1}/connector/redirect/${SLUG}`,
    query,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode).toBe(302);
  return { res, location: new URL(String(res.headers.location), 'http://localhost:9080') };
}

/** A whole consenting round trip; returns where the browser lands. */
async function roundTrip(t: TestApp, provider: FakeProvider, sessionCookie?: string) {
  const flow = await startLogin(t, sessionCookie);
  const cookie = [flow.cookie, sessionCookie].filter(Boolean).join('; ');
  return await callback(t, { code: provider.code, state: flow.state }, cookie);
}

describe('external sign-in (connector_basic)', () => {
  let t: TestApp;
  let provider: FakeProvider;
  let sink: SmtpSink;
  let admin: string;
  const tick = () => t.app.services.mail.runOnce();

  beforeEach(async () => {
    t = await buildTestApp();
    provider = await startFakeProvider();
    sink = await startSmtpSink();
    await configureSmtp(t, sink);
    admin = await loginAs(t.app, (await buildUser(t.app, { role_id: ROLE.admin })).id);
  });
  afterEach(async () => {
    await t.close();
    await provider.close();
    await sink.close();
  });

  it('[S1-034] [S7-160] [S3-038] connector/info lists the connector only while it is switched on and configured', async () => {
    const list = async () => (await call<InfoItem[]>(t.app, 'GET', `${V1}/connector/info`)).body.data;
    expect(await list()).toEqual([]);
    // The admin's form is drawn from the declared fields, titled in the admin's language.
    const form = await call<{ name: string; config_fields: { name: string; title: string; value: unknown }[] }>(
      t.app,
      'GET',
      '/answer/admin/api/plugin/config',
      undefined,
      { token: admin, query: { plugin_slug_name: SLUG } },
    );
    expect(form.body.data.name).toBe('OAuth2 sign-in');
    expect(form.body.data.config_fields.slice(0, 2)).toEqual([
      expect.objectContaining({ name: 'name', title: 'Button name', value: 'OAuth' }),
      expect.objectContaining({ name: 'client_id', title: 'Client ID', value: '' }),
    ]);
    expect(form.body.data.config_fields.map((f) => f.name)).toContain('email_verified_json_path');
    await configure(t, admin, { ...providerFields(provider), user_json_url: '' });
    expect(await list()).toEqual([]);
    await configure(t, admin, providerFields(provider));
    const [item] = await list();
    expect(item).toEqual({
      name: 'Fake',
      icon: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
      link: `http://localhost:9080${V1}/connector/login/${SLUG}`,
    });
    expect(Buffer.from(item?.icon ?? '', 'base64').toString()).toContain('<svg');
    const logo = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64');
    await configure(t, admin, { logo_svg: logo });
    expect((await list())[0]?.icon).toBe(logo);

    const off = await call(
      t.app,
      'PUT',
      '/answer/admin/api/plugin/status',
      { plugin_slug_name: SLUG, enabled: false },
      { token: admin },
    );
    expect(off.status).toBe(200);
    expect(await list()).toEqual([]);
  });

  it('the client secret is never read back: the admin form gets a mask, and saving the mask keeps the secret', async () => {
    await configure(t, admin, providerFields(provider));
    const read = async () =>
      (
        await call<{ config_fields: { name: string; value: unknown; secret?: boolean }[] }>(
          t.app,
          'GET',
          '/answer/admin/api/plugin/config',
          undefined,
          { token: admin, query: { plugin_slug_name: SLUG } },
        )
      ).body.data.config_fields;
    const secret = (await read()).find((f) => f.name === 'client_secret');
    expect(secret).toMatchObject({ value: PLUGIN_SECRET_MASK, secret: true });
    expect(JSON.stringify(await read())).not.toContain('secret-1');
    // The form sends everything back as it read it, the mask included: the secret stays.
    const fields = Object.fromEntries((await read()).map((f) => [f.name, f.value as string]));
    await configure(t, admin, { ...fields, name: 'Renamed' });
    await roundTrip(t, provider);
    expect(provider.tokenRequests.at(-1)?.get('client_secret')).toBe('secret-1');
    // A new secret replaces it; an emptied one reads back empty, not as the mask.
    await configure(t, admin, { ...fields, client_secret: 'secret-2' });
    await roundTrip(t, provider);
    expect(provider.tokenRequests.at(-1)?.get('client_secret')).toBe('secret-2');
    await configure(t, admin, { ...fields, client_secret: '' });
    expect((await read()).find((f) => f.name === 'client_secret')?.value).toBe('');
  });

  it('connector/login redirects to the provider with a state kept only in an HttpOnly cookie, and writes nothing', async () => {
    const missing = await get(t, `${V1}/connector/login/${SLUG}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404, reason: CONNECTOR_REASONS.notFound });
    expect((await get(t, `${V1}/connector/login/nope`)).statusCode).toBe(404);

    await configure(t, admin, providerFields(provider));
    const before = await rowCounts(t);
    const flow = await startLogin(t);
    expect(`${flow.location.origin}${flow.location.pathname}`).toBe(`${provider.url}/authorize`);
    expect(Object.fromEntries(flow.location.searchParams)).toEqual({
      client_id: 'client-1',
      redirect_uri: `http://localhost:9080${V1}/connector/redirect/${SLUG}`,
      response_type: 'code',
      scope: 'read:user user:email',
      state: flow.state,
    });
    expect(flow.state.length).toBeGreaterThanOrEqual(43);
    expect(flow.cookie).toBe(`inquire_connector_state=${flow.state}.login.${SLUG}`);
    expect(flow.setCookie).toMatch(/Max-Age=600/);
    expect(flow.setCookie).toMatch(/Path=\/answer\/api\/v1\/connector/);
    expect(flow.setCookie).toMatch(/HttpOnly/);
    expect(flow.setCookie).toMatch(/SameSite=Lax/);
    expect(await rowCounts(t)).toEqual(before);
  });

  it('a new external id with a free, vouched-for email becomes an activated member, bound and signed in', async () => {
    await configure(t, admin, providerFields(provider));
    const { res, location } = await roundTrip(t, provider);
    expect(location.pathname).toBe('/users/auth-landing');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(String(res.headers['set-cookie'])).toMatch(/inquire_connector_state=;/);
    const token = location.searchParams.get('access_token') ?? '';
    const info = await call<{
      username: string;
      e_mail: string;
      mail_status: number;
      rank: number;
      display_name: string;
    }>(t.app, 'GET', `${V1}/user/info`, undefined, { token });
    expect(info.body.data).toMatchObject({
      username: 'ada',
      e_mail: 'ada@provider.example',
      display_name: 'Ada Lovelace',
      mail_status: 1,
      rank: 1,
    });
    const login = await t.app.site.db.selectFrom('user_external_logins').selectAll().executeTakeFirstOrThrow();
    expect(login).toMatchObject({ provider: SLUG, external_id: '4242' });
    // The code went to the token endpoint with the client's credentials; the token to the user endpoint.
    expect(Object.fromEntries(provider.tokenRequests[0] ?? [])).toEqual({
      grant_type: 'authorization_code',
      code: provider.code,
      redirect_uri: `http://localhost:9080${V1}/connector/redirect/${SLUG}`,
      client_id: 'client-1',
      client_secret: 'secret-1',
    });
    expect(provider.userRequests).toEqual(['Bearer provider-access-token']);

    // The next sign-in with the same external id is the same member.
    const again = await roundTrip(t, provider);
    const second = await call<{ username: string }>(t.app, 'GET', `${V1}/user/info`, undefined, {
      token: again.location.searchParams.get('access_token') ?? '',
    });
    expect(second.body.data.username).toBe('ada');
    expect((await rowCounts(t)).users).toBe(3);
  });

  it('a known external id signs its member in, whatever email the provider now gives', async () => {
    await configure(t, admin, providerFields(provider));
    const member = await buildUser(t.app, { pass: '' });
    await t.app.site.db
      .insertInto('user_external_logins')
      .values({ user_id: member.id, provider: SLUG, external_id: '4242', created_at: 1 })
      .execute();
    provider.user = { id: '4242', name: 'Ada', login: 'ada' };
    const { location } = await roundTrip(t, provider);
    const token = location.searchParams.get('access_token') ?? '';
    const info = await call<{ username: string }>(t.app, 'GET', `${V1}/user/info`, undefined, { token });
    expect(info.body.data.username).toBe(member.username);
  });

  it('[S8-054] a new external id whose email has an account is refused (error=email_exists) and nothing is created', async () => {
    await configure(t, admin, providerFields(provider));
    await buildUser(t.app, { e_mail: 'ada@provider.example' });
    const before = await rowCounts(t);
    const { location } = await roundTrip(t, provider);
    expect(location.pathname + location.search).toBe('/users/auth-landing?error=email_exists');
    expect(await rowCounts(t)).toEqual(before);
  });

  it('[S2-087] a new external id without an email waits in a binding; the browser goes to confirm-email', async () => {
    await configure(t, admin, { ...providerFields(provider), email_verified_json_path: 'verified' });
    provider.user = { id: 7, name: 'No Mail', login: 'nomail', email: 'unverified@provider.example', verified: false };
    const before = await rowCounts(t);
    const { location } = await roundTrip(t, provider);
    expect(location.pathname).toBe('/users/confirm-email');
    const key = location.searchParams.get('binding_key') ?? '';
    expect(key.length).toBeGreaterThanOrEqual(43);
    expect(await rowCounts(t)).toEqual({ ...before, bindings: before.bindings + 1 });
    const binding = await t.app.site.db.selectFrom('connector_bindings').selectAll().executeTakeFirstOrThrow();
    // Only the key's hash is kept; the unverified address is not.
    expect(binding).toMatchObject({ provider: SLUG, external_id: '7', username: 'nomail', email: '' });
    expect(binding.key_hash).not.toContain(key);
    expect(binding.expires_at - binding.created_at).toBe(600);
  });

  it('[S8-056] a declined consent lands on error=email_permission', async () => {
    await configure(t, admin, providerFields(provider));
    const flow = await startLogin(t);
    const before = await rowCounts(t);
    const { location } = await callback(t, { error: 'access_denied', state: flow.state }, flow.cookie);
    expect(location.pathname + location.search).toBe('/users/auth-landing?error=email_permission');
    expect(await rowCounts(t)).toEqual(before);
    expect(translate('en_US', CONNECTOR_REASONS.emailPermission)).toBe(
      'Login failed, please allow this app to access your email information before try again',
    );
  });

  it('a missing or mismatched state cookie, a failing provider or a user JSON without an id: error=login_failed, nothing written', async () => {
    await configure(t, admin, providerFields(provider));
    const before = await rowCounts(t);
    const failedOnly = '/users/auth-landing?error=login_failed';
    const flow = await startLogin(t);
    const landing = async (query: Record<string, string>, cookie?: string) => {
      const { location } = await callback(t, query, cookie);
      return location.pathname + location.search;
    };
    expect(await landing({ code: provider.code, state: flow.state })).toBe(failedOnly);
    expect(await landing({ code: provider.code, state: `${flow.state.slice(0, -1)}x` }, flow.cookie)).toBe(failedOnly);
    expect(await landing({ code: provider.code }, flow.cookie)).toBe(failedOnly);
    const otherFlow = `inquire_connector_state=${flow.state}.login.other_slug`;
    expect(await landing({ code: provider.code, state: flow.state }, otherFlow)).toBe(failedOnly);
    // None of those reached the provider.
    expect(provider.tokenRequests).toHaveLength(0);

    expect(await landing({ code: 'wrong-code', state: flow.state }, flow.cookie)).toBe(failedOnly);
    provider.tokenStatus = 500;
    expect(await landing({ code: provider.code, state: flow.state }, flow.cookie)).toBe(failedOnly);
    provider.tokenStatus = 200;
    provider.user = null;
    expect(await landing({ code: provider.code, state: flow.state }, flow.cookie)).toBe(failedOnly);
    provider.user = { name: 'No id', email: 'noid@provider.example' };
    expect(await landing({ code: provider.code, state: flow.state }, flow.cookie)).toBe(failedOnly);
    expect(await landing({ error: 'server_error', state: flow.state }, flow.cookie)).toBe(failedOnly);
    expect(await rowCounts(t)).toEqual(before);
  });

  it('a provider that does not answer within 10 seconds fails the sign-in (error=login_failed), nothing written', async () => {
    await configure(t, admin, providerFields(provider));
    const before = await rowCounts(t);
    provider.hang = true;
    const started = Date.now();
    const { location } = await roundTrip(t, provider);
    expect(location.pathname + location.search).toBe('/users/auth-landing?error=login_failed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_500);
    expect(await rowCounts(t)).toEqual(before);
  });

  it('a new member is not created while registrations are closed or the domain is not allowed', async () => {
    await configure(t, admin, providerFields(provider));
    const before = await rowCounts(t);
    await t.app.services.siteinfo.update('login', { allow_email_domains: ['corp.example'] });
    expect((await roundTrip(t, provider)).location.search).toBe('?error=login_failed');
    await t.app.services.siteinfo.update('login', { allow_email_domains: [], allow_new_registrations: false });
    expect((await roundTrip(t, provider)).location.search).toBe('?error=login_failed');
    expect(await rowCounts(t)).toEqual(before);
  });

  describe('[S7-161] connector/binding/email', () => {
    let key: string;
    beforeEach(async () => {
      await configure(t, admin, providerFields(provider));
      provider.user = { id: 'ext-9', name: 'Grace Hopper', login: 'grace' };
      key = (await roundTrip(t, provider)).location.searchParams.get('binding_key') ?? '';
      expect(key).not.toBe('');
    });

    const bind = (body: object, lang?: string) =>
      call<Fields | Record<string, never>>(t.app, 'POST', `${V1}/connector/binding/email`, body, { lang });

    it('refuses an unknown key and bad input with field errors naming every failing field, changing nothing', async () => {
      const before = await rowCounts(t);
      const unknown = await bind({ binding_key: 'no-such-key', email: 'grace@example.com' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.data).toEqual([{ error_field: 'binding_key', error_msg: expect.any(String) }]);
      const bad = await bind({ binding_key: '', email: 'not-an-address' });
      expect(bad.status).toBe(400);
      expect((bad.body.data as Fields).map((f) => f.error_field)).toEqual(['binding_key', 'email']);
      // An unknown key tells nothing about addresses: the same answer for a taken one.
      const taken = await bind({ binding_key: 'no-such-key', email: 'admin@example.com' });
      expect(taken.body.data).toEqual(unknown.body.data);
      expect(await rowCounts(t)).toEqual(before);
    });

    it('[S8-054] [S8-055] a taken email answers "Email already exists" with data.email_exists, and nothing changes', async () => {
      const owner = await buildUser(t.app, { e_mail: 'grace@example.com' });
      const before = await rowCounts(t);
      const res = await bind({ binding_key: key, email: 'Grace@Example.com' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ reason: 'error.email.already_exists', msg: 'Email already exists' });
      expect(res.body.data).toEqual([{ error_field: 'email', error_msg: 'Email already exists', email_exists: true }]);
      const zh = await bind({ binding_key: key, email: 'grace@example.com' }, 'zh-CN');
      expect(zh.body.msg).toBe('邮箱已存在');
      expect(await rowCounts(t)).toEqual(before);
      expect(owner.id).not.toBe('');
    });

    it('[S8-055] with must, the owner is mailed a link that connects the login and signs in, once', async () => {
      const owner = await buildUser(t.app, { e_mail: 'grace@example.com' });
      const res = await bind({ binding_key: key, email: 'grace@example.com', must: true });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({});
      // The asking browser keeps the key as its proof, for the activation endpoint only.
      const proofCookie = String(res.response.headers['set-cookie']);
      expect(proofCookie).toMatch(
        /inquire_link_proof=[^;]+; Max-Age=600; Path=\/answer\/api\/v1\/user\/email\/verification; HttpOnly; SameSite=Lax/,
      );
      const proof = /inquire_link_proof=([^;]+)/.exec(proofCookie)?.[1] ?? '';
      // Nothing is bound before the owner follows the link.
      expect(await rowCounts(t)).toMatchObject({ logins: 0, bindings: 1 });
      const mail = await sink.waitFor('grace@example.com', tick);
      expect(mail.subject).toBe('[Test site] Connect a sign-in to your account');
      expect(mail.text).toContain('Fake');
      const code = codeFromMail(mail, 'account-activation');
      // Opened in another browser (no proof): refused, and the code still works where it was asked for.
      const elsewhere = await call(t.app, 'POST', `${V1}/user/email/verification`, { code });
      expect(elsewhere.status).toBe(403);
      expect(elsewhere.body.reason).toBe('error.connector.binding_other_browser');
      expect(await rowCounts(t)).toMatchObject({ logins: 0, bindings: 1 });
      const followed = await call<{ username: string; access_token: string }>(
        t.app,
        'POST',
        `${V1}/user/email/verification`,
        { code },
        { cookie: `inquire_link_proof=${proof}` },
      );
      expect(followed.status).toBe(200);
      expect(String(followed.response.headers['set-cookie'])).toMatch(/inquire_link_proof=;/);
      expect(followed.body.data.username).toBe(owner.username);
      expect(followed.body.data.access_token).not.toBe('');
      const login = await t.app.site.db.selectFrom('user_external_logins').selectAll().executeTakeFirstOrThrow();
      expect(login).toMatchObject({ user_id: owner.id, provider: SLUG, external_id: 'ext-9' });
      expect(await rowCounts(t)).toMatchObject({ logins: 1, bindings: 0 });
      const again = await call(
        t.app,
        'POST',
        `${V1}/user/email/verification`,
        { code },
        { cookie: `inquire_link_proof=${proof}` },
      );
      expect(again.status).toBe(403);
      // From now on the provider signs in to the owner's account.
      const { location } = await roundTrip(t, provider);
      const info = await call<{ username: string }>(t.app, 'GET', `${V1}/user/info`, undefined, {
        token: location.searchParams.get('access_token') ?? '',
      });
      expect(info.body.data.username).toBe(owner.username);
    });

    it('a free email becomes a new member bound to the login; the activation email activates and signs in', async () => {
      const res = await bind({ binding_key: key, email: 'grace@example.com' });
      expect(res.status).toBe(200);
      const user = await t.app.site.db
        .selectFrom('users')
        .selectAll()
        .where('e_mail', '=', 'grace@example.com')
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({ username: 'grace', display_name: 'Grace Hopper', mail_status: 2, pass: '' });
      expect(await rowCounts(t)).toMatchObject({ logins: 1, bindings: 0 });
      // The key is used up.
      expect((await bind({ binding_key: key, email: 'other@example.com' })).status).toBe(400);

      // Signing in with the provider before activating lands as an inactive member (S4-025 is the page's).
      const early = await roundTrip(t, provider);
      const inactive = await call<{ mail_status: number }>(t.app, 'GET', `${V1}/user/info`, undefined, {
        token: early.location.searchParams.get('access_token') ?? '',
      });
      expect(inactive.body.data.mail_status).toBe(2);

      const code = codeFromMail(await sink.waitFor('grace@example.com', tick), 'account-activation');
      const activated = await call<{ mail_status: number; username: string }>(
        t.app,
        'POST',
        `${V1}/user/email/verification`,
        {
          code,
        },
      );
      expect(activated.status).toBe(200);
      expect(activated.body.data).toMatchObject({ mail_status: 1, username: 'grace' });
    });
  });

  describe('[S7-162] my logins', () => {
    beforeEach(async () => {
      await configure(t, admin, providerFields(provider));
    });

    const userInfo = async (token: string) =>
      (await call<UserInfoItem[]>(t.app, 'GET', `${V1}/connector/user/info`, undefined, { token })).body.data;
    const unbind = (token: string, externalId: string) =>
      call(t.app, 'DELETE', `${V1}/connector/user/unbinding`, { external_id: externalId }, { token });

    it('lists the connectors with the binding, and unlinks one', async () => {
      expect((await call(t.app, 'GET', `${V1}/connector/user/info`)).status).toBe(401);
      const member = await buildUser(t.app);
      const token = await loginAs(t.app, member.id);
      const link = `http://localhost:9080${V1}/connector/login/${SLUG}`;
      expect(await userInfo(token)).toEqual([
        { name: 'Fake', icon: expect.any(String), link, binding: false, external_id: '' },
      ]);
      await t.app.site.db
        .insertInto('user_external_logins')
        .values({ user_id: member.id, provider: SLUG, external_id: '4242', created_at: 1 })
        .execute();
      expect(await userInfo(token)).toEqual([
        { name: 'Fake', icon: expect.any(String), link, binding: true, external_id: '4242' },
      ]);
      expect((await unbind(token, 'someone-else')).status).toBe(404);
      const res = await unbind(token, '4242');
      expect(res.status).toBe(200);
      expect((await userInfo(token))[0]).toMatchObject({ binding: false, external_id: '' });
    });

    it('refuses to unlink the last login of an account without a password', async () => {
      const member = await buildUser(t.app, { pass: '' });
      const token = await loginAs(t.app, member.id);
      await t.app.site.db
        .insertInto('user_external_logins')
        .values({ user_id: member.id, provider: SLUG, external_id: '4242', created_at: 1 })
        .execute();
      const res = await unbind(token, '4242');
      expect(res.status).toBe(400);
      expect(res.body.reason).toBe(CONNECTOR_REASONS.unbindingLastLogin);
      expect((await userInfo(token))[0]).toMatchObject({ binding: true, external_id: '4242' });
      const bad = await call<Fields>(t.app, 'DELETE', `${V1}/connector/user/unbinding`, {}, { token });
      expect(bad.body.data.map((f) => f.error_field)).toEqual(['external_id']);
    });

    it('a signed-in member following the link binds the provider to the account and returns to settings', async () => {
      const member = await buildUser(t.app);
      const session = `inquire_token=${await loginAs(t.app, member.id)}`;
      const flow = await startLogin(t, session);
      expect(flow.cookie).toBe(`inquire_connector_state=${flow.state}.bind.${SLUG}`);
      const { location } = await callback(t, { code: provider.code, state: flow.state }, `${flow.cookie}; ${session}`);
      expect(location.pathname).toBe('/users/settings/account');
      const login = await t.app.site.db.selectFrom('user_external_logins').selectAll().executeTakeFirstOrThrow();
      expect(login).toMatchObject({ user_id: member.id, external_id: '4242' });
      expect((await rowCounts(t)).users).toBe(3);

      // Bound to that member, the external id cannot be linked to another.
      const other = await buildUser(t.app);
      const otherSession = `inquire_token=${await loginAs(t.app, other.id)}`;
      const refused = await roundTrip(t, provider, otherSession);
      expect(refused.location.search).toBe('?error=login_failed');
      const rows = await t.app.site.db.selectFrom('user_external_logins').select('user_id').execute();
      expect(rows).toEqual([{ user_id: member.id }]);
    });

    it("deleting a member removes the member's external logins", async () => {
      const member = await buildUser(t.app);
      await t.app.site.db
        .insertInto('user_external_logins')
        .values({ user_id: member.id, provider: SLUG, external_id: '4242', created_at: 1 })
        .execute();
      const res = await call(
        t.app,
        'PUT',
        '/answer/admin/api/user/status',
        { user_id: member.id, status: 'deleted' },
        { token: admin },
      );
      expect(res.status).toBe(200);
      expect((await rowCounts(t)).logins).toBe(0);
    });
  });
});
