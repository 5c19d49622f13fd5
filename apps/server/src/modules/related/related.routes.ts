import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireReader } from '../../infra/guards.js';
import { parseInput } from '../../infra/validate.js';
import { getRead } from '../../infra/reads.js';

const query = z.object({ question_id: z.string().min(1, 'form.question_id.required') });

/** GET question/similar/tag: the question page's related questions. */
export async function relatedRoutes(app: FastifyInstance): Promise<void> {
  const { related } = app.services;
  getRead(app, '/answer/api/v1/question/similar/tag', async (request, params) => {
    await requireReader(request);
    const { question_id } = parseInput(query, params);
    // Answer's clients read a page ({list, count}); the question page reads the list itself.
    const list = await related.forQuestion(question_id, request.actor);
    return { list, count: list.length };
  });
}
