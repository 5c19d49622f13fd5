import { objectIdQuery, reactionSchema } from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../infra/envelope.js';
import { requireActive, requireReader } from '../../infra/guards.js';
import { parseInput } from '../../infra/validate.js';
import { getRead } from '../../infra/reads.js';

/** GET and PUT meta/reaction: guests read, active members react. */
export async function reactionsRoutes(app: FastifyInstance): Promise<void> {
  const { reactions } = app.services;

  getRead(app, '/answer/api/v1/meta/reaction', async (request, params) => {
    await requireReader(request);
    const { object_id } = parseInput(objectIdQuery, params);
    return await reactions.summary(object_id, request.actor);
  });

  app.put('/answer/api/v1/meta/reaction', async (request, reply) => {
    const actor = requireActive(request);
    return ok(request, reply, await reactions.react(parseInput(reactionSchema, request.body), actor));
  });
}
