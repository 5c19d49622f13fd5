import type { SessionUser } from '@inquire/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getRead } from '../../infra/reads.js';
import { nowSeconds } from '../../lib/clock.js';
import { avatarInfo, presentUser } from '../users/users.presenter.js';
import { userActions } from './user-actions.js';

/**
 * The caller's token as Answer echoes it (its clients store it from here on every page load),
 * only when the caller sent it in the Authorization header and asked over the API: a token
 * from the HttpOnly cookie is never handed to scripts, nor written into a rendered page.
 */
function echoedToken(request: FastifyRequest): string {
  const fromHeader = Boolean(request.headers.authorization?.trim());
  const overTheApi = request.routeOptions.url === USER_INFO;
  return fromHeader && overTheApi ? (request.token ?? '') : '';
}

const USER_INFO = '/answer/api/v1/user/info';

/** Who is reading: the account and what it may do, for the page shell and every guard. */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { siteinfo } = app.services;

  /** The caller's own account, or null for guests (never 401: the shell asks on every page). */
  getRead(app, USER_INFO, async (request): Promise<SessionUser | null> => {
    const actor = request.actor;
    if (!actor) return null;
    const { site_users: users } = await siteinfo.settings();
    const user = presentUser(actor.user, users, nowSeconds());
    return {
      ...user,
      avatar: avatarInfo(actor.user, users),
      avatar_url: user.avatar,
      access_token: echoedToken(request),
      actions: userActions(actor, users),
    };
  });
}
