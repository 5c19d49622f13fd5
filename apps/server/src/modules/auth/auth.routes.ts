import { loginSchema, TIMING } from '@inquire/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../infra/envelope.js';
import { SESSION_COOKIE } from '../../infra/request-context.js';
import { parseInput } from '../../infra/validate.js';

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: TIMING.tokenTtlSeconds,
  });
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { auth, accounts } = app.services;

  app.post('/answer/api/v1/user/login/email', async (request, reply) => {
    const input = parseInput(loginSchema, request.body);
    // Through the accounts service: rate limits and the captcha strategy wrap the sign-in.
    const result = await accounts.login(input, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
      lang: request.lang,
    });
    setSessionCookie(request, reply, result.access_token);
    // Answer's login reply is its user/info without the avatar object.
    return ok(request, reply, result);
  });

  app.get('/answer/api/v1/user/logout', { config: { changesState: true } }, async (request, reply) => {
    // Without the Authorization header (an image or link from a post carries only the cookie)
    // nothing happens: not even the cookie is cleared.
    if (request.token) {
      await auth.logout(request.token);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    }
    return ok(request, reply, null);
  });

  // Signed in means a stored token (spec S4-001): a page whose reader removed it (or whose
  // storage was cleared) still carries the HttpOnly cookie, which only the server can drop.
  // The web app asks for that on load. It needs no token and changes nothing stored (the
  // token stays valid for whoever still holds it), and as a DELETE no other site can make a
  // browser send it without a preflight this server never grants.
  app.delete('/answer/api/v1/user/session-cookie', async (request, reply) => {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return ok(request, reply, null);
  });
}
