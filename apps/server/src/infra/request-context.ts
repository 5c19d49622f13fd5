import { isLanguage, pickLanguage } from '@inquire/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'inquire_token';
export const LANG_COOKIE = 'inquire_lang';

/**
 * Reads the token: the Authorization header (optionally "Bearer ..."), or, for safe methods
 * only, the session cookie. Writes need the header, which keeps forms safe from
 * cross-site requests while server rendering still knows who is reading.
 */
export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization?.trim();
  if (header) return header.replace(/^Bearer\s+/i, '') || null;
  const safe = request.method === 'GET' || request.method === 'HEAD';
  return safe ? (request.cookies[SESSION_COOKIE] ?? null) : null;
}

/** Decorates every request with its language, token and actor. */
export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('lang', 'en_US');
  app.decorateRequest('actor', null);
  app.decorateRequest('token', null);
  app.addHook('onRequest', async (request) => {
    request.token = readToken(request);
    request.actor = await app.services.auth.resolve(request.token);
    const userLang = request.actor?.user.language;
    const cookieLang = request.cookies[LANG_COOKIE];
    // An explicit switch (cookie) beats the account's stored choice, which beats the browser.
    request.lang = isLanguage(cookieLang)
      ? cookieLang
      : isLanguage(userLang)
        ? userLang
        : pickLanguage(request.headers['accept-language']);
  });
}
