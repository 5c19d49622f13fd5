import { acceptAnswerSchema, answerSchema, renderSchema } from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../infra/envelope.js';
import { requireActive, requirePrivilege, requireReader } from '../../infra/guards.js';
import { parseInput } from '../../infra/validate.js';
import { renderMarkdown } from '../../lib/markdown.js';
import { getRead } from '../../infra/reads.js';
import { originOf } from '../../infra/request-origin.js';

const answerPageQuery = z.object({
  question_id: z.string().min(1, 'form.question_id.required'),
  page: z.coerce.number().int().min(1).catch(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).catch(30).default(30),
});

export async function answersRoutes(app: FastifyInstance): Promise<void> {
  const { answers } = app.services;

  getRead(app, '/answer/api/v1/answer/page', async (request, params) => {
    await requireReader(request);
    const query = parseInput(answerPageQuery, params);
    return await answers.page(query.question_id, request.actor, query.page, query.page_size);
  });

  app.post('/answer/api/v1/answer', async (request, reply) => {
    const actor = requirePrivilege(request, 'answer.add');
    const input = parseInput(answerSchema, request.body);
    await app.services.writeLimits.guard('answer', request, request.body);
    const { id } = await answers.create(input, actor, originOf(request));
    // Answer's reply is the new answer with its question ({info, question}); `id` stays for Inquire's callers.
    return ok(request, reply, { id, ...(await app.services.revisions.answerInfo(id, actor)) });
  });

  app.post('/answer/api/v1/answer/acceptance', async (request, reply) => {
    const actor = requireActive(request);
    const input = parseInput(acceptAnswerSchema, request.body);
    await answers.accept(input.question_id, input.answer_id, actor);
    return ok(request, reply, null);
  });

  /**
   * The editor's preview: exactly the HTML that posting the same text would store. Active
   * members only (peer facts 12.1, tier A): whoever cannot post has nothing to preview.
   */
  app.post('/answer/api/v1/post/render', { config: { keepsPages: true } }, async (request, reply) => {
    requireActive(request);
    const { content } = parseInput(renderSchema, request.body);
    await app.services.writeLimits.guard('render', request, request.body);
    return ok(request, reply, renderMarkdown(content));
  });
}
