import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../infra/envelope.js';
import { requireActive } from '../../infra/guards.js';
import { parseInput } from '../../infra/validate.js';

const voteBody = z.object({
  object_id: z.string().min(1, 'form.invalid_value'),
  is_cancel: z.boolean().default(false),
});

export async function votesRoutes(app: FastifyInstance): Promise<void> {
  const { votes } = app.services;
  for (const direction of ['up', 'down'] as const) {
    app.post(`/answer/api/v1/vote/${direction}`, async (request, reply) => {
      const actor = requireActive(request);
      const input = parseInput(voteBody, request.body);
      return ok(request, reply, await votes.vote(input.object_id, direction, input.is_cancel, actor));
    });
  }
}
