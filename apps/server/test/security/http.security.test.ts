import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/infra/log-redaction.js';
import { buildUser, loginAs } from '../factories.js';
import { buildTestApp, call, type TestApp } from '../harness.js';
import { V1 } from './accounts-helpers.js';

/** A log destination the test can read. */
function memoryLog(): { stream: Writable; text(): string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}

describe('headers, limits and logs on every route', () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it('[H-15][SEC-12] API answers carry nosniff, the referrer policy, same-origin framing and no-store; no HSTS on an http site', async () => {
    t = await buildTestApp();
    const user = await buildUser(t.app);
    const token = await loginAs(t.app, user.id);
    for (const res of [
      await call(t.app, 'GET', `${V1}/user/info`, undefined, { token }),
      await call(t.app, 'GET', `${V1}/question/page`),
      await call(t.app, 'GET', `${V1}/question/info`, undefined, { query: { id: '10010000000000999' } }),
    ]) {
      const h = res.response.headers;
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(h['x-frame-options']).toBe('SAMEORIGIN');
      expect(h['cache-control']).toBe('no-store');
      expect(h['strict-transport-security']).toBeUndefined();
    }
  });

  it('[H-15][SEC-12] HSTS when the site address is https', async () => {
    t = await buildTestApp({ baseInfo: { site_url: 'https://qa.example.org' } });
    const res = await call(t.app, 'GET', `${V1}/siteinfo`);
    expect(res.response.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
  });

  it('[H-16][SEC-25] a body over 1 MiB is refused with 413 in the envelope, before any handler', async () => {
    t = await buildTestApp();
    const user = await buildUser(t.app);
    const token = await loginAs(t.app, user.id);
    const res = await call(t.app, 'POST', `${V1}/post/render`, { content: 'x'.repeat(1024 * 1024 + 1) }, { token });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 413, reason: 'base.payload_too_large', data: null });
  });

  it('[H-16][SEC-25] a request that outlives the deadline is answered 503 in the envelope', async () => {
    t = await buildTestApp({ app: { requestDeadlineMs: 200 } });
    let release: () => void = () => {};
    t.app.get('/answer/api/v1/test/stuck', () => new Promise<string>((done) => (release = () => done('late'))));
    const started = Date.now();
    const res = await call(t.app, 'GET', `${V1}/test/stuck`);
    release();
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 503, reason: 'base.request_timeout' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('[H-16] prototype-poisoning JSON is refused, not merged', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({
      method: 'POST',
      url: `${V1}/user/login/email`,
      headers: { 'content-type': 'application/json' },
      payload: '{"e_mail":"a@example.com","pass":"x","__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(400);
  });

  it('[H-11] request logs never carry email codes or tokens from the query string', async () => {
    const log = memoryLog();
    t = await buildTestApp({ app: { logger: { level: 'info', stream: log.stream } } });
    await t.app.inject({ method: 'GET', url: `${V1}/user/info?code=SECRET-CODE-1&token=SECRET-TOKEN-2&page=3` });
    await t.app.inject({ method: 'GET', url: `/users/account-activation?code=SECRET-CODE-3` });
    const text = log.text();
    expect(text).toContain('/answer/api/v1/user/info?code=[redacted]&token=[redacted]&page=3');
    expect(text).not.toMatch(/SECRET-/);
  });

  it('[H-11] redacts every secret-looking query value and keeps the rest', () => {
    expect(redactUrl('/a?code=1&x=2&access_token=3&captcha_code=4&PASS=5')).toBe(
      '/a?code=[redacted]&x=2&access_token=[redacted]&captcha_code=[redacted]&PASS=[redacted]',
    );
    expect(redactUrl('/a?c%6Fde=1')).toBe('/a?c%6Fde=[redacted]');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });
});
