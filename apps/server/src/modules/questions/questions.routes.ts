import { questionPageQuery } from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../infra/envelope.js';
import { requireReader } from '../../infra/guards.js';
import { parseInput } from '../../infra/validate.js';

export async function questionsRoutes(app: FastifyInstance): Promise<void> {
  const { questions } = app.services;

  app.get('/answer/api/v1/question/page', async (request, reply) => {
    await requireReader(request);
    return ok(request, reply, await questions.page(parseInput(questionPageQuery, request.query)));
  });
}
