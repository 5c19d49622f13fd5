import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** A fresh CSP nonce for one page: 128 random bits. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The pages' Content-Security-Policy. Scripts run only when they carry this response's nonce
 * or were loaded by one that does ('strict-dynamic'), so injected markup cannot run script even
 * if it ever got past the sanitizer. Styles and images stay open: posts show images from other
 * sites, and the theme is inline CSS.
 */
export function pageCsp(nonce: string): string {
  return [
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** Paths whose answers are JSON for one caller: never stored by a browser or a proxy. */
function isApiPath(path: string): boolean {
  return path.startsWith('/answer/') || path.startsWith('/installation/');
}

/**
 * Headers on every response: nosniff, a referrer policy that never sends paths to other
 * sites, framing only by ourselves, HSTS when the site's own address is https, and
 * `no-store` on API answers (they carry personal data and errors). Pages set their CSP
 * themselves because it carries the page's nonce.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'sameorigin' },
  });
  app.addHook('onSend', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (isApiPath(path) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (await siteIsHttps(app)) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}

async function siteIsHttps(app: FastifyInstance): Promise<boolean> {
  if (!app.site.hasDatabase) return false;
  try {
    const settings = await app.services.siteinfo.settings();
    return settings.general.site_url.startsWith('https://');
  } catch {
    // Mid-install the settings may not exist yet; no HSTS is the safe answer then.
    return false;
  }
}
