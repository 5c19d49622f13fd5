import { afterEach, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../src/config/trust-proxy.js';
import { buildTestApp, type TestApp } from '../harness.js';
import { setCaptcha, V1 } from './accounts-helpers.js';

/** Sign-up from the socket address `remote`, claiming `forwarded` in X-Forwarded-For. */
async function register(t: TestApp, n: number, remote: string, forwarded?: string): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: `${V1}/user/register/email`,
    remoteAddress: remote,
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    payload: { name: `proxy${n}`, e_mail: `proxy${n}@example.com`, pass: 'a-long-password' },
  });
  return response.statusCode;
}

describe('client address and the proxy setting', () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it('[H-1][SEC-18] with trust_proxy off (the default), X-Forwarded-For cannot pick the address: the 11th sign-up in an hour is refused', async () => {
    t = await buildTestApp();
    await setCaptcha(t, false);
    const statuses = [];
    for (let n = 0; n < 11; n += 1) statuses.push(await register(t, n, '203.0.113.7', `198.51.100.${n}`));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });

  it('[H-1][SEC-18] behind one trusted proxy, each client is its own address and a client cannot forge one further left', async () => {
    t = await buildTestApp({ app: { trustProxy: 1 } });
    await setCaptcha(t, false);
    // Eleven real clients behind the proxy each get their own allowance.
    for (let n = 0; n < 11; n += 1) expect(await register(t, n, '127.0.0.1', `198.51.100.${n}`)).toBe(200);
    // One client prepending made-up addresses is still seen as its own address (the right-most).
    const forged = [];
    for (let n = 11; n < 22; n += 1) forged.push(await register(t, n, '127.0.0.1', `10.9.9.${n}, 192.0.2.50`));
    expect(forged.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(forged[10]).toBe(429);
  });

  it('[H-1] trusts only the listed proxy addresses: a direct client sending the header is taken at its socket address', async () => {
    t = await buildTestApp({ app: { trustProxy: ['10.0.0.0/8'] } });
    await setCaptcha(t, false);
    const direct = [];
    for (let n = 0; n < 11; n += 1) direct.push(await register(t, n, '192.0.2.99', `198.51.100.${n}`));
    expect(direct[10]).toBe(429);
    expect(await register(t, 50, '10.1.2.3', '198.51.100.200')).toBe(200);
  });

  it('[H-1] reads the setting: off, hop counts, address lists; refuses "true" and junk', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('off')).toBe(false);
    expect(parseTrustProxy(false)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(1)).toBe(1);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(parseTrustProxy(['192.168.0.0/16'])).toEqual(['192.168.0.0/16']);
    expect(() => parseTrustProxy('true')).toThrow(/hop|addresses/);
    expect(() => parseTrustProxy(true)).toThrow();
    expect(() => parseTrustProxy('10.0.0.0/40')).toThrow(/not an address/);
    expect(() => parseTrustProxy('nginx')).toThrow(/not an address/);
  });
});
