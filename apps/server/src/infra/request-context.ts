import { isLanguage, pickLanguage } from '@inquire/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'inquire_token';
export const LANG_COOKIE = 'inquire_lang';

/**
 * Reads the token: the Authorization header (optionally "Bearer ..."), or, for safe reads
 * only, the session cookie. Anything that changes state needs the header, which no other site
 * can make a browser send: a cross-site form, or an image in a post pointing at an API
 * address, carries only the cookie and so acts as a guest. The one GET that changes state
 * (`user/logout`, kept as GET for the peer's clients) marks itself `changesState`.
 */
export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization?.trim();
  if (header) return header.replace(/^Bearer\s+/i, '') || null;
  return isSafeRead(request) ? (request.cookies[SESSION_COOKIE] ?? null) : null;
}

function isSafeRead(request: FastifyRequest): boolean {
  const safeMethod = request.method === 'GET' || request.method === 'HEAD';
  return safeMethod && request.routeOptions.config.changesState !== true;
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
