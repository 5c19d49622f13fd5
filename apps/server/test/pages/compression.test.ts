import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_COMPRESS_BYTES, negotiateEncoding } from '../../src/infra/compression.js';
import { buildTestApp, type TestApp } from '../harness.js';

const ASSETS = fileURLToPath(new URL('../../../web/dist/client/assets', import.meta.url));

function get(app: FastifyInstance, url: string, acceptEncoding?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
}

function decoded(response: LightMyRequestResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  return response.rawPayload;
}

function varies(response: LightMyRequestResponse): string[] {
  return String(response.headers.vary ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase());
}

/** The built scripts and stylesheets (the web app is built before the route suites run). */
function builtAssets(): string[] {
  return readdirSync(ASSETS).filter((name) => /\.(js|css)$/.test(name));
}

describe('compression [P-4]', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ app: { pages: {} } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('[P-4] a page comes brotli-compressed when the reader accepts br, gzip when only gzip, and varies on Accept-Encoding', async () => {
    const br = await get(t.app, '/', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br)).toContain('accept-encoding');
    const html = decoded(br).toString('utf8');
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('</html>');

    const gzip = await get(t.app, '/', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip).toString('utf8')).toContain('</html>');
    // Really compressed, and brotli better than gzip (the empty site's home page: ~13 KB to ~4.4).
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(html) / 2.5);
    expect(br.rawPayload.length).toBeLessThan(gzip.rawPayload.length);
    // A refused br (q=0) falls back to gzip.
    expect((await get(t.app, '/', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
  });

  it('[P-4] a page goes uncompressed when the reader asks for no encoding (no header, identity), still varying on it', async () => {
    for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get(t.app, '/', header);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toMatch(/^<!doctype html>/i);
      expect(varies(plain)).toContain('accept-encoding');
      expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length);
    }
  });

  it('[P-4] a large API answer is compressed when asked; a tiny one never is', async () => {
    const large = await get(t.app, '/answer/api/v1/language/config', 'br');
    expect(large.headers['content-encoding']).toBe('br');
    expect(decoded(large).length).toBeGreaterThan(MIN_COMPRESS_BYTES);
    expect(JSON.parse(decoded(large).toString('utf8'))).toMatchObject({ code: 200 });
    expect(large.headers['content-type']).toMatch(/^application\/json/);

    const tiny = await get(t.app, '/healthz', 'br, gzip');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.rawPayload.length).toBeLessThan(MIN_COMPRESS_BYTES);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.json()).toMatchObject({ status: 'ok' });
  });

  it('[P-4] every built script and stylesheet has .br and .gz copies, served by Accept-Encoding with the file as the plain answer', async () => {
    const assets = builtAssets();
    expect(assets.length).toBeGreaterThan(0);
    for (const name of assets) {
      const file = readFileSync(join(ASSETS, name));
      if (file.length < MIN_COMPRESS_BYTES) continue;
      for (const [header, encoding] of [
        ['br', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const response = await get(t.app, `/assets/${name}`, header);
        expect(response.statusCode, name).toBe(200);
        expect(response.headers['content-encoding'], name).toBe(encoding);
        expect(response.headers['content-type'], name).toMatch(name.endsWith('.js') ? /javascript/ : /text\/css/);
        expect(response.headers['cache-control'], name).toContain('immutable');
        expect(varies(response), name).toContain('accept-encoding');
        expect(decoded(response).equals(file), name).toBe(true);
      }
      const plain = await get(t.app, `/assets/${name}`);
      expect(plain.headers['content-encoding'], name).toBeUndefined();
      expect(plain.rawPayload.equals(file), name).toBe(true);
    }
  });

  it('[P-4] Accept-Encoding negotiation: highest q wins, br on a tie, * stands for the rest, q=0 refuses', () => {
    expect(negotiateEncoding(undefined)).toBeUndefined();
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('BR;Q=0.8, gzip;q=0.8')).toBe('br');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('br;q=0, *;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeUndefined();
  });
});
