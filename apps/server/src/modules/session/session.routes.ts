import type { SessionUser } from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { getRead } from '../../infra/reads.js';
import { nowSeconds } from '../../lib/clock.js';
import { presentUser } from '../users/users.presenter.js';
import { userActions } from './user-actions.js';

/** Who is reading: the account and what it may do, for the page shell and every guard. */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { siteinfo } = app.services;

  /** The caller's own account, or null for guests (never 401: the shell asks on every page). */
  getRead(app, '/answer/api/v1/user/info', async (request): Promise<SessionUser | null> => {
    const actor = request.actor;
    if (!actor) return null;
    const { site_users: users } = await siteinfo.settings();
    return { ...presentUser(actor.user, users, nowSeconds()), actions: userActions(actor, users) };
  });
}
