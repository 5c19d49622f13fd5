import { ROLE } from '@inquire/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from '../fake-oauth-provider.js';
import { buildUser, loginAs } from '../factories.js';
import { buildTestApp, call, type TestApp } from '../harness.js';
import { linkCode, outboxTo, V1 } from './accounts-helpers.js';

/**
 * External sign-in: the OAuth state (login CSRF), an IdP that names somebody else's address
 * (ASVS 6.8.1), the emailed binding link (only the address's owner can follow it; cf. Answer's
 * CVE-2026-48911), escaping in that email, and the limits on the new write routes.
 */
const SLUG = 'connector_basic';

describe('external sign-in security', () => {
  let t: TestApp;
  let provider: FakeProvider;

  beforeEach(async () => {
    t = await buildTestApp();
    provider = await startFakeProvider();
    const admin = await loginAs(t.app, (await buildUser(t.app, { role_id: ROLE.admin })).id);
    const res = await call(
      t.app,
      'PUT',
      '/answer/admin/api/plugin/config',
      {
        plugin_slug_name: SLUG,
        config_fields: {
          name: '<b>Evil</b> & co',
          client_id: 'client-1',
          authorize_url: `${provider.url}/authorize`,
          token_url: `${provider.url}/token`,
          user_json_url: `${provider.url}/user`,
        },
      },
      { token: admin },
    );
    expect(res.status).toBe(200);
  });
  afterEach(async () => {
    await t.close();
    await provider.close();
  });

  const stateCookie = async () => {
    const res = await t.app.inject({ method: 'GET', url: `${V1}/connector/login/${SLUG}` });
    const state = new URL(String(res.headers.location)).searchParams.get('state') ?? '';
    return { state, cookie: `inquire_connector_state=${state}.login.${SLUG}` };
  };
  const callback = async (query: Record<string, string>, cookie: string, remoteAddress = '127.0.0.1') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${V1}/connector/redirect/${SLUG}`,
      query,
      headers: { cookie },
      remoteAddress,
    });
    return String(res.headers.location);
  };
  const sessions = async () =>
    Number(
      (
        await t.app.site.db
          .selectFrom('user_sessions')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("a callback planted in another browser (the attacker's code and state, the victim's own flow cookie) signs nobody in", async () => {
    const attacker = await stateCookie();
    const victim = await stateCookie();
    const before = await sessions();
    const landing = await callback({ code: provider.code, state: attacker.state }, victim.cookie);
    expect(landing).toBe('/users/auth-landing?error=login_failed');
    expect(await sessions()).toBe(before);
    expect(provider.tokenRequests).toHaveLength(0);
  });

  it('an address the provider vouches for never signs in to the account that has it: the owner links it from settings', async () => {
    await buildUser(t.app, { e_mail: 'ada@provider.example' });
    const flow = await stateCookie();
    const before = await sessions();
    expect(await callback({ code: provider.code, state: flow.state }, flow.cookie)).toBe(
      '/users/auth-landing?error=email_exists',
    );
    expect(await sessions()).toBe(before);
  });

  it('the binding link goes only to the address owner, names the provider escaped, works only on the activation endpoint and only in the browser that asked', async () => {
    const owner = await buildUser(t.app, {
      e_mail: 'victim@example.com',
      display_name: '<img src=x onerror=alert(1)>',
    });
    provider.user = { id: 'attacker-1', name: 'Attacker' };
    const flow = await stateCookie();
    const key = new URL(
      await callback({ code: provider.code, state: flow.state }, flow.cookie),
      'http://x',
    ).searchParams.get('binding_key');
    const asked = await t.app.inject({
      method: 'POST',
      url: `${V1}/connector/binding/email`,
      payload: { binding_key: key, email: 'victim@example.com', must: true },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().data).toEqual({});
    const [mail, ...more] = await outboxTo(t, 'victim@example.com');
    expect(more).toHaveLength(0);
    expect(mail?.html).toContain('&lt;b&gt;Evil&lt;/b&gt; &amp; co');
    expect(mail?.html).not.toContain('<b>Evil');
    expect(mail?.html).not.toContain('<img src=x');
    const code = linkCode(mail?.text ?? '', 'account-activation');
    // The one who asked never sees the code.
    expect(asked.body).not.toContain(code);
    // A binding code is no reset or email-change code.
    const reset = await call(t.app, 'POST', `${V1}/user/password/replacement`, { code, pass: 'new-password-1' });
    expect(reset.status).toBe(403);
    const change = await call(t.app, 'PUT', `${V1}/user/email`, { code });
    expect(change.status).toBe(403);
    // The owner clicks the link in their own browser: the login the attacker started is not
    // theirs, and nothing is connected (the peer connected it: account takeover).
    const clicked = await call(t.app, 'POST', `${V1}/user/email/verification`, { code });
    expect(clicked.status).toBe(403);
    expect(await t.app.site.db.selectFrom('user_external_logins').selectAll().execute()).toEqual([]);
    const guessed = await call(
      t.app,
      'POST',
      `${V1}/user/email/verification`,
      { code },
      { cookie: 'inquire_link_proof=forged' },
    );
    expect(guessed.status).toBe(403);
    // Only the browser that asked (it holds the key) connects it, and only with the owner's code.
    const proof = /inquire_link_proof=([^;]+)/.exec(String(asked.headers['set-cookie']))?.[1] ?? '';
    expect(proof).toBe(key);
    const followed = await call<{ username: string }>(
      t.app,
      'POST',
      `${V1}/user/email/verification`,
      { code },
      { cookie: `inquire_link_proof=${proof}` },
    );
    expect(followed.body.data.username).toBe(owner.username);
  });

  it('the new write routes are rate limited: email binding per IP, unlinking per account, callbacks per IP', async () => {
    const ip = '203.0.113.77';
    const bind = () =>
      t.app.inject({
        method: 'POST',
        url: `${V1}/connector/binding/email`,
        remoteAddress: ip,
        payload: { binding_key: 'unknown-key', email: 'someone@example.com' },
      });
    for (let i = 0; i < 20; i += 1) expect((await bind()).statusCode).toBe(400);
    expect((await bind()).statusCode).toBe(429);

    const member = await buildUser(t.app);
    const token = await loginAs(t.app, member.id);
    const unbind = () => call(t.app, 'DELETE', `${V1}/connector/user/unbinding`, { external_id: 'x' }, { token });
    for (let i = 0; i < 20; i += 1) expect((await unbind()).status).toBe(404);
    expect((await unbind()).status).toBe(429);

    const flow = await stateCookie();
    for (let i = 0; i < 30; i += 1) await callback({ code: 'wrong', state: flow.state }, flow.cookie, ip);
    const calls = provider.tokenRequests.length;
    expect(await callback({ code: provider.code, state: flow.state }, flow.cookie, ip)).toBe(
      '/users/auth-landing?error=login_failed',
    );
    // Refused before the provider is called.
    expect(provider.tokenRequests).toHaveLength(calls);
  });
});
