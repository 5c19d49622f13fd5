import {
  actionRecordQuery,
  captchaOnlySchema,
  changePasswordSchema,
  codeSchema,
  emailChangeSchema,
  interfaceSchema,
  notificationConfigSchema,
  passwordReplacementSchema,
  passwordResetSchema,
  profileSchema,
  registerSchema,
  TIMING,
} from '@inquire/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../infra/envelope.js';
import { requireActive, requireLogin } from '../../infra/guards.js';
import { SESSION_COOKIE } from '../../infra/request-context.js';
import { parseInput } from '../../infra/validate.js';
import { LINK_PROOF_COOKIE, LINK_PROOF_COOKIE_PATH, type Caller } from './accounts.service.js';
import { getRead } from '../../infra/reads.js';

const V1 = '/answer/api/v1';

/** Who is asking, as the account rules see it (limits by IP, emails in the reader's language). */
export function callerOf(request: FastifyRequest): Caller {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '', lang: request.lang };
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: TIMING.tokenTtlSeconds,
  });
}

/** The User calls of spec section 7 beyond sign-in (peer facts 8.3 to 8.6, 13.1). */
export async function accountsRoutes(app: FastifyInstance): Promise<void> {
  const { accounts, captcha } = app.services;

  app.post(`${V1}/user/register/email`, async (request, reply) => {
    const input = parseInput(registerSchema, request.body);
    const result = await accounts.register(input, callerOf(request));
    setSessionCookie(request, reply, result.access_token);
    return ok(request, reply, result);
  });

  app.post(`${V1}/user/email/verification/send`, async (request, reply) => {
    const actor = requireLogin(request);
    const input = parseInput(captchaOnlySchema, request.body);
    await accounts.resendActivation(actor, input, callerOf(request));
    return ok(request, reply, null);
  });

  app.post(`${V1}/user/email/verification`, async (request, reply) => {
    const { code } = parseInput(codeSchema, request.body);
    const proof = request.cookies[LINK_PROOF_COOKIE];
    const result = await accounts.activate(code, callerOf(request), proof);
    if (proof !== undefined) reply.clearCookie(LINK_PROOF_COOKIE, { path: LINK_PROOF_COOKIE_PATH });
    setSessionCookie(request, reply, result.access_token);
    return ok(request, reply, result);
  });

  app.post(`${V1}/user/password/reset`, async (request, reply) => {
    const input = parseInput(passwordResetSchema, request.body);
    await accounts.requestPasswordReset(input, callerOf(request));
    return ok(request, reply, null);
  });

  app.post(`${V1}/user/password/replacement`, async (request, reply) => {
    const input = parseInput(passwordReplacementSchema, request.body);
    await accounts.replacePassword(input);
    return ok(request, reply, null);
  });

  app.put(`${V1}/user/password`, async (request, reply) => {
    const actor = requireActive(request);
    const input = parseInput(changePasswordSchema, request.body);
    await accounts.changePassword(actor, input, callerOf(request));
    return ok(request, reply, null);
  });

  app.post(`${V1}/user/email/change/code`, async (request, reply) => {
    const actor = requireLogin(request);
    const input = parseInput(emailChangeSchema, request.body);
    await accounts.requestEmailChange(actor, input, callerOf(request));
    return ok(request, reply, null);
  });

  app.put(`${V1}/user/email`, async (request, reply) => {
    const { code } = parseInput(codeSchema, request.body);
    const result = await accounts.confirmEmailChange(code, callerOf(request), request.actor);
    setSessionCookie(request, reply, result.access_token);
    return ok(request, reply, result);
  });

  app.put(`${V1}/user/info`, async (request, reply) => {
    const actor = requireActive(request);
    const input = parseInput(profileSchema, request.body);
    return ok(request, reply, await accounts.updateProfile(actor, input));
  });

  app.put(`${V1}/user/interface`, async (request, reply) => {
    const actor = requireActive(request);
    const input = parseInput(interfaceSchema, request.body);
    await accounts.updateInterface(actor, input);
    return ok(request, reply, null);
  });

  getRead(app, `${V1}/user/notification/config`, async (request) => {
    const actor = requireActive(request);
    return await accounts.notificationConfig(actor);
  });

  app.put(`${V1}/user/notification/config`, async (request, reply) => {
    const actor = requireActive(request);
    const input = parseInput(notificationConfigSchema, request.body);
    await accounts.updateNotificationConfig(actor, input);
    return ok(request, reply, null);
  });

  app.put(`${V1}/user/notification/unsubscribe`, async (request, reply) => {
    const { code } = parseInput(codeSchema, request.body);
    await accounts.unsubscribe(code, callerOf(request));
    return ok(request, reply, null);
  });

  // RFC 8058 one-click: a mail client POSTs `List-Unsubscribe=One-Click` as a form to the
  // address of the List-Unsubscribe header, which carries the code; no sign-in, no cookie.
  await app.register(async (oneClick) => {
    oneClick.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    oneClick.post(`${V1}/user/notification/unsubscribe`, async (request, reply) => {
      const { code } = parseInput(codeSchema, request.query);
      await accounts.unsubscribe(code, callerOf(request));
      return ok(request, reply, null);
    });
  });

  getRead(app, `${V1}/user/action/record`, async (request, params) => {
    const { action } = parseInput(actionRecordQuery, params);
    const record = await captcha.actionRecord(action, { ip: request.ip, user: request.actor?.user ?? null });
    return record;
  });
}
