import { inviteSchema } from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../infra/envelope.js';
import { requireActive, requireReader } from '../../infra/guards.js';
import { parseInput } from '../../infra/validate.js';
import { getRead } from '../../infra/reads.js';

const idQuery = z.object({ id: z.string().min(1, 'form.question_id.required') });

/** GET question/invite (guest-readable) and PUT question/invite (the invite privilege). */
export async function invitesRoutes(app: FastifyInstance): Promise<void> {
  const { invites } = app.services;

  getRead(app, '/answer/api/v1/question/invite', async (request, params) => {
    await requireReader(request);
    const { id } = parseInput(idQuery, params);
    return await invites.list(id, request.actor);
  });

  app.put('/answer/api/v1/question/invite', async (request, reply) => {
    const actor = requireActive(request);
    return ok(request, reply, await invites.set(parseInput(inviteSchema, request.body), actor));
  });
}
