import { connectorBindingEmailSchema, connectorUnbindingSchema } from '@inquire/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ok } from '../../infra/envelope.js';
import { requireActive, requireLogin } from '../../infra/guards.js';
import { getRead } from '../../infra/reads.js';
import { parseInput } from '../../infra/validate.js';
import { callerOf } from '../accounts/accounts.routes.js';
import { EMAIL_CODE_TTL_SECONDS, LINK_PROOF_COOKIE, LINK_PROOF_COOKIE_PATH } from '../accounts/accounts.service.js';
import { setSessionCookie } from '../auth/auth.routes.js';
import { landingPath } from './connectors.presenter.js';
import {
  encodeFlowState,
  matchFlowState,
  newFlowState,
  STATE_COOKIE,
  STATE_COOKIE_PATH,
  STATE_TTL_SECONDS,
} from './state-cookie.js';

const V1 = '/answer/api/v1';

/** A redirect no cache keeps and that tells the next page nothing about this address. */
function redirect(reply: FastifyReply, location: string): FastifyReply {
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 302);
}

/** External sign-in (S7-160..S7-162): buttons, the OAuth round trip, the email step, "my logins". */
export async function connectorsRoutes(app: FastifyInstance): Promise<void> {
  const { connectors } = app.services;

  // Public, also on a private site: the login page shows the buttons to guests.
  getRead(app, `${V1}/connector/info`, async () => await connectors.info());

  getRead(app, `${V1}/connector/user/info`, async (request) => await connectors.userInfo(requireLogin(request)));

  // A plain link (full page navigation), so the session comes as the cookie: signed in means
  // the flow links the account instead of signing in. Writes no row; the state is a cookie.
  app.get<{ Params: { name: string } }>(`${V1}/connector/login/:name`, async (request, reply) => {
    const flow = newFlowState(request.actor ? 'bind' : 'login', request.params.name);
    const location = await connectors.startUrl(request.params.name, flow);
    reply.setCookie(STATE_COOKIE, encodeFlowState(flow), {
      path: STATE_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: STATE_TTL_SECONDS,
    });
    return redirect(reply, location);
  });

  // The provider sends the browser back here: the one GET that writes (docs/ARCHITECTURE.md,
  // "External sign-in"), and only once the state cookie matched. Every outcome is a redirect
  // to a web page; the cookie is used up either way.
  app.get<{ Params: { name: string }; Querystring: Record<string, string> }>(
    `${V1}/connector/redirect/:name`,
    { config: { oauthCallback: true } },
    async (request, reply) => {
      const query = Object.fromEntries(Object.entries(request.query).filter(([, v]) => typeof v === 'string'));
      const flow = matchFlowState(request.cookies[STATE_COOKIE], query.state, request.params.name);
      reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH });
      const outcome = await connectors.callback(request.params.name, query, flow, request.actor, callerOf(request));
      if (outcome.kind === 'failed' && outcome.cause) {
        request.log.warn({ err: outcome.cause, connector: request.params.name }, 'external sign-in failed');
      }
      if (outcome.kind === 'signed_in') setSessionCookie(request, reply, outcome.token);
      return redirect(reply, landingPath(outcome));
    },
  );

  app.post(`${V1}/connector/binding/email`, async (request, reply) => {
    const input = parseInput(connectorBindingEmailSchema, request.body);
    const outcome = await connectors.bindByEmail(input, callerOf(request));
    // The owner was mailed a link that connects this login: it works only in this browser
    // (ConnectorsService.followBindingLink), which keeps the binding key as its proof.
    if (outcome === 'owner_mailed') {
      reply.setCookie(LINK_PROOF_COOKIE, input.binding_key, {
        path: LINK_PROOF_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: EMAIL_CODE_TTL_SECONDS,
      });
    }
    return ok(request, reply, {});
  });

  app.delete(`${V1}/connector/user/unbinding`, async (request, reply) => {
    const actor = requireActive(request);
    // The body, as Answer's clients send it; the query for clients that send no DELETE body.
    const input = parseInput(connectorUnbindingSchema, request.body ?? request.query);
    await connectors.unbind(actor, input);
    return ok(request, reply, null);
  });
}
