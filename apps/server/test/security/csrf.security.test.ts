import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/lib/markdown.js';
import { buildUser, loginAs } from '../factories.js';
import { buildTestApp, call, type TestApp } from '../harness.js';
import { V1 } from './accounts-helpers.js';

/** A concrete URL for a registered route (path parameters filled in). */
const concrete = (url: string) => url.replace(/:[^/]+/g, '1').replace(/\*$/, 'x');

describe('cross-site requests and state-changing GETs', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => t.close());

  it('[H-2][SEC-14] GET user/logout with only the cookie (an image in a post) ends nothing and clears nothing', async () => {
    const user = await buildUser(t.app);
    const token = await loginAs(t.app, user.id);
    const byImage = await call(t.app, 'GET', `${V1}/user/logout`, undefined, { cookie: `inquire_token=${token}` });
    expect(byImage.status).toBe(200);
    expect(byImage.response.headers['set-cookie']).toBeUndefined();
    const info = await call<{ username: string } | null>(t.app, 'GET', `${V1}/user/info`, undefined, { token });
    expect(info.body.data?.username).toBe(user.username);

    const byClient = await call(t.app, 'GET', `${V1}/user/logout`, undefined, { token });
    expect(String(byClient.response.headers['set-cookie'])).toMatch(/inquire_token=;/);
    expect((await call(t.app, 'GET', `${V1}/user/info`, undefined, { token })).body.data).toBeNull();
  });

  it("[S4-001] [SEC-14] DELETE user/session-cookie drops the caller's cookie and nothing stored: the token still works", async () => {
    const user = await buildUser(t.app);
    const token = await loginAs(t.app, user.id);
    for (const headers of [{ cookie: `inquire_token=${token}` }, {}]) {
      const dropped = await call(t.app, 'DELETE', `${V1}/user/session-cookie`, undefined, headers);
      expect(dropped.status).toBe(200);
      expect(String(dropped.response.headers['set-cookie'])).toMatch(/inquire_token=;.*Path=\//);
    }
    // It needs no token (the page asking has none) and so may end nothing: a session ends only by
    // user/logout with the token itself.
    const info = await call<{ username: string } | null>(t.app, 'GET', `${V1}/user/info`, undefined, { token });
    expect(info.body.data?.username).toBe(user.username);
    // No other site can make a browser send a DELETE without the CORS preflight this server never grants.
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `${V1}/user/session-cookie`,
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'DELETE' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('[H-2][SEC-14] only user/logout is a GET that changes state, and it does not take the cookie', () => {
    const flagged = t.app.routeTable.filter((r) => r.config.changesState);
    // Fastify answers HEAD for every GET: the flag travels with it.
    expect([...new Set(flagged.map((r) => r.url))]).toEqual([`${V1}/user/logout`]);
    expect(flagged.every((r) => r.method === 'GET' || r.method === 'HEAD')).toBe(true);
    // The other GET that writes is the OAuth callback, which the protocol makes a GET; it writes
    // only once its state cookie matched (connectors.routes.test.ts and connectors.security.test.ts).
    const callbacks = t.app.routeTable.filter((r) => r.config.oauthCallback);
    expect([...new Set(callbacks.map((r) => r.url))]).toEqual([`${V1}/connector/redirect/:name`]);
  });

  it('[H-2][SEC-14] every write route answers a cookie-only request exactly as it answers a guest', async () => {
    const admin = await buildUser(t.app, { role_id: 2 });
    const token = await loginAs(t.app, admin.id);
    const writes = t.app.routeTable.filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method));
    expect(writes.length).toBeGreaterThan(30);
    for (const route of writes) {
      const url = concrete(route.url);
      const method = route.method as 'POST' | 'PUT' | 'DELETE';
      const guest = await call(t.app, method, url, {});
      const withCookie = await call(t.app, method, url, {}, { cookie: `inquire_token=${token}` });
      expect(`${method} ${url} → ${withCookie.status}`).toBe(`${method} ${url} → ${guest.status}`);
    }
    // The admin's session is still there: none of those requests acted as them.
    expect((await call(t.app, 'GET', `${V1}/user/info`, undefined, { token })).body.data).not.toBeNull();
  });

  it("[H-2][SEC-14] images in posts load only from /uploads/ or another site, never the site's own routes", () => {
    const html = (src: string) => renderMarkdown(`![x](${src})`);
    expect(html('/answer/api/v1/user/logout')).not.toContain('src=');
    expect(html('answer/api/v1/user/logout')).not.toContain('src=');
    expect(html('../answer/api/v1/user/logout')).not.toContain('src=');
    expect(html('/uploads/../answer/api/v1/user/logout')).not.toContain('src=');
    expect(html('/users/logout')).not.toContain('src=');
    expect(html('//evil.example/x.png')).not.toContain('src=');
    expect(html('/uploads/post/0123456789abcdef0123456789abcdef.png')).toContain(
      'src="/uploads/post/0123456789abcdef0123456789abcdef.png"',
    );
    expect(html('https://images.example.org/cat.png')).toContain('src="https://images.example.org/cat.png"');
    // Raw HTML is not markdown here: it is text, never an element.
    expect(renderMarkdown('<img src="/answer/api/v1/user/logout">')).not.toContain('<img');
  });
});
