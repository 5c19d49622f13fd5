import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../infra/envelope.js';
import { requireReader } from '../../infra/guards.js';
import { parseInput } from '../../infra/validate.js';

const query = z.object({ question_id: z.string().min(1, 'form.question_id.required') });

/** GET question/similar/tag: the question page's related questions. */
export async function relatedRoutes(app: FastifyInstance): Promise<void> {
  const { related } = app.services;
  app.get('/answer/api/v1/question/similar/tag', async (request, reply) => {
    await requireReader(request);
    const { question_id } = parseInput(query, request.query);
    return ok(request, reply, await related.byTags(question_id, request.actor));
  });
}
