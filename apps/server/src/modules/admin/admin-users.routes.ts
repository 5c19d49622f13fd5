import {
  adminBulkUsersSchema,
  adminUserActivationSchema,
  adminUserPasswordSchema,
  adminUserProfileSchema,
  adminUserQuery,
  adminUserRoleSchema,
  adminUsersQuery,
  adminUserStatusSchema,
} from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../infra/envelope.js';
import { requireAdmin } from '../../infra/guards.js';
import { getRead } from '../../infra/reads.js';
import { parseInput } from '../../infra/validate.js';
import { AdminUsersService } from './admin-users.service.js';

const API = '/answer/admin/api';

/** Admin user management (spec section 4, peer facts 8.7). Every write counts against the admin's limit. */
export async function adminUsersRoutes(app: FastifyInstance): Promise<void> {
  const users = new AdminUsersService(app.site, app.services.siteinfo, app.services.accounts);

  getRead(app, `${API}/users/page`, async (request, query) => {
    requireAdmin(request);
    return await users.page(parseInput(adminUsersQuery, query));
  });

  getRead(app, `${API}/user`, async (request, query) => {
    requireAdmin(request);
    return await users.detail(parseInput(adminUserQuery, query).user_id);
  });

  // A GET by the peer's contract (S7-047) that issues a code: admin only, and counted as an action.
  // Not a page read (getRead): no server render may issue a code.
  app.get(`${API}/user/activation`, async (request, reply) => {
    const actor = requireAdmin(request);
    await users.countAction(actor);
    const { user_id } = parseInput(adminUserActivationSchema, request.query);
    return ok(request, reply, await users.activationLink(actor, user_id));
  });

  app.post(`${API}/user/activation`, async (request, reply) => {
    const actor = requireAdmin(request);
    await users.countAction(actor);
    await users.sendActivation(actor, parseInput(adminUserActivationSchema, request.body).user_id, request.lang);
    return ok(request, reply, null);
  });

  app.post(`${API}/users`, async (request, reply) => {
    const actor = requireAdmin(request);
    await users.countAction(actor);
    return ok(request, reply, await users.bulkAdd(parseInput(adminBulkUsersSchema, request.body)));
  });

  app.put(`${API}/user/status`, async (request, reply) => {
    const actor = requireAdmin(request);
    await users.countAction(actor);
    return ok(request, reply, await users.changeStatus(actor, parseInput(adminUserStatusSchema, request.body)));
  });

  app.put(`${API}/user/role`, async (request, reply) => {
    const actor = requireAdmin(request);
    await users.countAction(actor);
    return ok(request, reply, await users.changeRole(actor, parseInput(adminUserRoleSchema, request.body)));
  });

  app.put(`${API}/user/profile`, async (request, reply) => {
    const actor = requireAdmin(request);
    await users.countAction(actor);
    return ok(request, reply, await users.editProfile(actor, parseInput(adminUserProfileSchema, request.body)));
  });

  app.put(`${API}/user/password`, async (request, reply) => {
    const actor = requireAdmin(request);
    await users.countAction(actor);
    await users.setPassword(actor, parseInput(adminUserPasswordSchema, request.body));
    return ok(request, reply, null);
  });
}
