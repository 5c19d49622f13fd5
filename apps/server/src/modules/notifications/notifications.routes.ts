import { notificationPageQuery, notificationReadInput, notificationTypeInput } from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../infra/envelope.js';
import { requireActive } from '../../infra/guards.js';
import { getRead } from '../../infra/reads.js';
import { parseInput } from '../../infra/validate.js';

const V1 = '/answer/api/v1';

/**
 * The inbox and achievements of the signed-in member (peer facts 4.3). Reads go through
 * `getRead` so the notification pages can call them in-process; writes need the token header
 * (the request context never lets the cookie alone act) and are limited per member.
 */
export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const { notifications } = app.services;

  getRead(app, `${V1}/notification/page`, async (request, params) => {
    const actor = requireActive(request);
    return await notifications.page(actor, parseInput(notificationPageQuery, params), request.lang);
  });

  getRead(app, `${V1}/notification/status`, async (request) => {
    return await notifications.status(requireActive(request));
  });

  app.put(`${V1}/notification/status`, async (request, reply) => {
    const actor = requireActive(request);
    const { type } = parseInput(notificationTypeInput, request.body);
    return ok(request, reply, await notifications.clearStatus(actor, type));
  });

  app.put(`${V1}/notification/read/state`, async (request, reply) => {
    const actor = requireActive(request);
    const { id } = parseInput(notificationReadInput, request.body);
    await notifications.markRead(actor, id);
    return ok(request, reply, {});
  });

  app.put(`${V1}/notification/read/state/all`, async (request, reply) => {
    const actor = requireActive(request);
    const { type } = parseInput(notificationTypeInput, request.body);
    await notifications.markAllRead(actor, type);
    return ok(request, reply, {});
  });
}
