import {
  closeQuestionSchema,
  decisionReasonSchema,
  postIdSchema,
  questionOperationSchema,
  recoverAnswerSchema,
  recoverQuestionSchema,
  reopenSchema,
} from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../infra/envelope.js';
import { requireActive, requireLogin } from '../../infra/guards.js';
import { parseInput } from '../../infra/validate.js';
import { getRead } from '../../infra/reads.js';

const reasonsQuery = z.object({
  object_type: z.string().min(1, 'form.invalid_value'),
  action: z.string().min(1, 'form.invalid_value'),
});

/** The origin of the site's configured URL: a duplicate's link must point here. */
function originOf(siteUrl: string): string {
  try {
    return new URL(siteUrl).origin;
  } catch {
    return '';
  }
}

/** The reason staff may give for deleting or unlisting someone's post (issue 12: its author reads it). */
function reasonOf(body: unknown): { type: number; msg: string } {
  const { reason_type, reason_msg } = parseInput(decisionReasonSchema, body);
  return { type: reason_type, msg: reason_msg };
}

/** Close, reopen, pin/unpin, list/unlist, delete and recover of questions and answers; reasons. */
export async function operationsRoutes(app: FastifyInstance): Promise<void> {
  const { operations, siteinfo } = app.services;

  getRead(app, '/answer/api/v1/reasons', async (request, params) => {
    requireLogin(request);
    const { object_type, action } = parseInput(reasonsQuery, params);
    return operations.reasons(object_type, action, request.lang);
  });

  app.put('/answer/api/v1/question/status', async (request, reply) => {
    const actor = requireActive(request);
    const { general } = await siteinfo.settings();
    await operations.close(parseInput(closeQuestionSchema(originOf(general.site_url)), request.body), actor);
    return ok(request, reply, null);
  });

  app.put('/answer/api/v1/question/reopen', async (request, reply) => {
    const actor = requireActive(request);
    await operations.reopen(parseInput(reopenSchema, request.body).question_id, actor);
    return ok(request, reply, null);
  });

  app.put('/answer/api/v1/question/operation', async (request, reply) => {
    const actor = requireActive(request);
    const input = parseInput(questionOperationSchema, request.body);
    await operations.operate(input.id, input.operation, actor, reasonOf(request.body));
    return ok(request, reply, null);
  });

  app.delete('/answer/api/v1/question', async (request, reply) => {
    const actor = requireActive(request);
    await operations.deleteQuestion(parseInput(postIdSchema, request.body).id, actor, reasonOf(request.body));
    return ok(request, reply, null);
  });

  app.post('/answer/api/v1/question/recover', async (request, reply) => {
    const actor = requireActive(request);
    await operations.recoverQuestion(parseInput(recoverQuestionSchema, request.body).question_id, actor);
    return ok(request, reply, null);
  });

  app.delete('/answer/api/v1/answer', async (request, reply) => {
    const actor = requireActive(request);
    await operations.deleteAnswer(parseInput(postIdSchema, request.body).id, actor, reasonOf(request.body));
    return ok(request, reply, null);
  });

  app.post('/answer/api/v1/answer/recover', async (request, reply) => {
    const actor = requireActive(request);
    await operations.recoverAnswer(parseInput(recoverAnswerSchema, request.body).answer_id, actor);
    return ok(request, reply, null);
  });
}
