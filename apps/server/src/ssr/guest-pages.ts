import { isSearchCacheAddress, longId, objectTypeOf } from '@inquire/shared';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../infra/request-context.js';
import { newNonce, pageCsp } from '../infra/security-headers.js';
import { visitorOf } from '../infra/visitor.js';
import {
  cutAtNonce,
  gzipWithNonce,
  PageCache,
  withNonce,
  type CachedPage,
  type PageCacheLimits,
} from './page-cache.js';
import type { PageRenderer } from './render-page.js';

/**
 * Guests' pages may be kept by the browser, a proxy or a CDN, which must ask again each time
 * (a 304 costs us almost nothing), so a write shows at once. Members' pages are never kept.
 */
const GUEST_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
const MEMBER_CACHE_CONTROL = 'no-store';
/** What a page depends on besides its address: the session, the language, the compression. */
const VARY = 'Cookie, Authorization, Accept-Language, Accept-Encoding';

export interface PageServerOptions {
  /** Keep guests' pages in memory (on unless a test measures renders). */
  cache: boolean;
  limits?: PageCacheLimits;
}

export type PageServer = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * A guest: no session at all (no token cookie, no Authorization header). A reader with an
 * expired cookie is rendered fresh like a member; the page then tells them they are out.
 */
export function isGuest(request: FastifyRequest): boolean {
  return request.actor === null && !request.headers.authorization && request.cookies[SESSION_COOKIE] === undefined;
}

/**
 * What a guest's page depends on: its address (host and scheme included, as canonical links
 * and absolute URLs are built from them) and the language. Guests have no scheme or account
 * settings, and the site's settings are the same for all (a change clears the cache).
 */
export function cacheKeyOf(request: FastifyRequest): string {
  return `${request.lang} ${request.protocol}://${request.host}${request.url}`;
}

/** The question a page address shows (`/questions/{id}[/…]`, long or short id), if any. */
export function questionIdOfPath(path: string): string | undefined {
  const qid = /^\/questions\/([^/?#]+)/.exec(path)?.[1];
  const id = qid === undefined ? undefined : longId(qid);
  return id !== undefined && objectTypeOf(id) === 'question' ? id : undefined;
}

/** Whether the reader takes gzip (named with a q-value above 0, or through `*`). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (name.trim() === 'gzip') gzip = weight;
    if (name.trim() === '*') any = weight;
  }
  return (gzip ?? any ?? 0) > 0;
}

/** Whether the reader's copy (If-None-Match) is this page, compared weakly as RFC 9110 says. */
function matchesIfNoneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === bare;
  });
}

/**
 * Serves pages: guests from the cache (filled by an address's second render, cleared whenever
 * the content generation moves), members always rendered fresh. Every response carries a fresh
 * CSP nonce; the cache keeps the HTML cut at the render's nonce and joins it with a new one.
 * Only 200 pages without cookies are kept: never redirects, errors or 404s.
 */
export function createPageServer(
  app: FastifyInstance,
  renderPage: PageRenderer,
  options: PageServerOptions,
): PageServer {
  const cache = options.cache ? new PageCache(options.limits) : undefined;
  if (cache) app.contentGeneration.onChange(() => cache.clear());

  /** A hit shows the page like a render: a question's view counts the same way, once a day. */
  async function countView(request: FastifyRequest, page: CachedPage): Promise<void> {
    if (page.questionId) await app.services.questions.countView(page.questionId, visitorOf(request));
  }

  return async (request, reply) => {
    if (!isGuest(request)) {
      const page = await renderPage(request);
      if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
      return sendFresh(reply, page.status, page.html, page.nonce);
    }
    // The installer's page belongs to no site yet: nothing is kept before installation.
    const store = cache && (await app.site.isInstalled()) ? cache : undefined;
    const key = cacheKeyOf(request);
    // A visit from a search engine's cached copy is rendered fresh: the /search guard sends it
    // away by its Referer, which the key does not hold (such a redirect is never stored).
    const hit = isSearchCacheAddress(request.headers.referer) ? undefined : store?.get(key);
    if (hit) {
      await countView(request, hit);
      const nonce = newNonce();
      // Compressed from the cache's deflated pieces: compressing per hit would cost more than the hit.
      if (acceptsGzip(request.headers['accept-encoding'])) {
        return sendGuestPage(request, reply, hit, nonce, () => gzipWithNonce(hit, nonce), 'gzip');
      }
      return sendGuestPage(request, reply, hit, nonce, () => withNonce(hit, nonce));
    }
    const epoch = store?.epoch ?? 0;
    const page = await renderPage(request);
    if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
    if (page.status !== 200) return sendFresh(reply, page.status, page.html, page.nonce);
    const path = request.url.split('?')[0] ?? '/';
    const entry = cutAtNonce(page.html, page.nonce, page.status, questionIdOfPath(path), Date.now());
    if (!reply.hasHeader('set-cookie')) store?.set(key, entry, epoch);
    return sendGuestPage(request, reply, entry, page.nonce, () => page.html);
  };
}

/**
 * A page for one reader only (members, and guests' error pages). Sent encoded: a string body
 * is read once for its length and encoded again as it is written (a tenth of a member's
 * question page render went there), where a Buffer is encoded once and its length is known.
 */
function sendFresh(reply: FastifyReply, status: number, html: string, nonce: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', MEMBER_CACHE_CONTROL)
    .header('vary', VARY)
    .header('content-security-policy', pageCsp(nonce))
    .send(Buffer.from(html));
}

/**
 * A guest's page with its validator; 304 when the reader already holds it. A 304 carries no
 * CSP: the reader keeps the policy stored with its copy, whose scripts carry that nonce.
 */
function sendGuestPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  nonce: string,
  body: () => Buffer[] | string,
  encoding?: 'gzip',
): FastifyReply {
  reply.header('cache-control', GUEST_CACHE_CONTROL).header('vary', VARY).header('etag', page.etag);
  if (matchesIfNoneMatch(request, page.etag)) return reply.code(304).send();
  if (encoding) reply.header('content-encoding', encoding);
  reply
    .code(page.status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', pageCsp(nonce));
  const made = body();
  return typeof made === 'string' ? reply.send(made) : reply.send(partsBody(reply, made));
}

/**
 * A cached page's parts as the body, written as they are. Joining them cost a page-sized
 * Buffer per hit, outside V8's heap: with the workers' young generation at 8 MB those piled
 * up between scavenges and set off full collections (67 against 17 in 8 s of a list page's
 * hits), and the page's rate fell by a third.
 */
function partsBody(reply: FastifyReply, parts: Buffer[]): Readable {
  const bytes = parts.reduce((sum, part) => sum + part.length, 0);
  reply.header('content-length', bytes);
  return Readable.from(parts, { objectMode: false });
}
