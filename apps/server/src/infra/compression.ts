import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** What a response may be sent as, best first when the reader accepts both equally. */
export type Encoding = 'br' | 'gzip';
const SUPPORTED: readonly Encoding[] = ['br', 'gzip'];

/**
 * Below this a response goes as it is: the framing and the compressor's start-up cost more
 * than the bytes saved.
 */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * Levels for bodies made per request (pages, API answers). Measured on a question page of
 * 89 KB on this project's 2-core machine: brotli 4 takes ~0.6 ms for 10.2 KB, brotli 5 ~1.1+ ms
 * for 9.4 KB, gzip 6 ~0.7 ms for 11.9 KB. Built assets are compressed once at build time at the
 * highest levels instead (apps/web/vite.config.ts) and served as files.
 */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

/**
 * The encoding to answer with for an Accept-Encoding header: the highest q-value among br
 * and gzip (br on a tie), `*` standing for any encoding not named; none when neither is
 * acceptable (absent header, identity only, or q=0).
 */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const named = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) named.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  let best: Encoding | undefined;
  let bestQ = 0;
  for (const encoding of SUPPORTED) {
    const q = named.get(encoding) ?? named.get('*') ?? 0;
    if (q > bestQ) [best, bestQ] = [encoding, q];
  }
  return best;
}

/** Compresses one body at the per-request levels. */
export function compressBody(body: Buffer | string, encoding: Encoding): Buffer {
  const input = typeof body === 'string' ? Buffer.from(body) : body;
  if (encoding === 'gzip') return gzipSync(input, { level: GZIP_LEVEL });
  return brotliCompressSync(input, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
    },
  });
}

/** Adds Accept-Encoding to Vary, keeping what the route said the response varies on. */
function varyOnEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.includes('*') || values.some((v) => v.toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...values, 'Accept-Encoding'].join(', '));
}

/** Whether this reply's body is text worth compressing; streams (static files) are left alone. */
function isCompressible(reply: FastifyReply, payload: unknown): payload is string | Buffer {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return false;
  if (reply.statusCode < 200 || reply.statusCode === 204 || reply.statusCode === 304) return false;
  if (reply.hasHeader('content-encoding')) return false;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return false;
  // A string of that many UTF-16 units is at least that many bytes: a page's 80 KB are not
  // measured byte by byte on every response.
  if (typeof payload === 'string' && payload.length >= MIN_COMPRESS_BYTES) return true;
  return Buffer.byteLength(payload) >= MIN_COMPRESS_BYTES;
}

/**
 * Compresses pages and API answers made per request (brotli or gzip, as the reader accepts),
 * on the way out, once the route has chosen its body and headers. Built assets are not
 * compressed here: they are served precompressed from disk (ssr/pages.ts). A route that sets
 * Content-Encoding itself (a cache holding compressed copies) is left as it is.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isCompressible(reply, payload)) return payload;
    // The same address answers differently by Accept-Encoding, compressed or not this time.
    varyOnEncoding(reply);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressBody(payload, encoding);
  });
}
