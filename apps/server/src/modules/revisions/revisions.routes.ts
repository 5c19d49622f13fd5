import {
  auditSchema,
  editAnswerSchema,
  editQuestionSchema,
  editTagSchema,
  rollbackSchema,
  unreviewedRevisionsQuery,
} from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../infra/envelope.js';
import { requireActive, requireLogin, requireReader } from '../../infra/guards.js';
import { parseInput } from '../../infra/validate.js';
import { getRead } from '../../infra/reads.js';

const idQuery = z.object({ id: z.string().min(1, 'form.invalid_value') });
const objectQuery = z.object({ object_id: z.string().min(1, 'form.invalid_value') });

/** Edits (PUT question / answer / tag), revision history, suggested-edit review and rollback. */
export async function revisionsRoutes(app: FastifyInstance): Promise<void> {
  const { revisions } = app.services;

  app.put('/answer/api/v1/question', async (request, reply) => {
    const actor = requireActive(request);
    const input = parseInput(editQuestionSchema, request.body);
    await app.services.writeLimits.guard('edit', request, request.body);
    const edited = await revisions.editQuestion(input, actor);
    // Answer answers an applied edit with the question as question/info shows it.
    if (edited.wait_for_review) return ok(request, reply, edited);
    return ok(request, reply, { ...(await app.services.questions.info(input.id, actor)), ...edited });
  });

  app.put('/answer/api/v1/answer', async (request, reply) => {
    const actor = requireActive(request);
    const input = parseInput(editAnswerSchema, request.body);
    await app.services.writeLimits.guard('edit', request, request.body);
    const edited = await revisions.editAnswer(input, actor);
    // Answer answers an applied edit with the answer and its question, as answer/info does.
    if (edited.wait_for_review) return ok(request, reply, edited);
    return ok(request, reply, { ...(await revisions.answerInfo(input.id, actor)), ...edited });
  });

  app.put('/answer/api/v1/tag', async (request, reply) => {
    const actor = requireActive(request);
    const input = parseInput(editTagSchema, request.body);
    await app.services.writeLimits.guard('edit', request, request.body);
    return ok(request, reply, await revisions.editTag(input, actor));
  });

  getRead(app, '/answer/api/v1/answer/info', async (request, params) => {
    await requireReader(request);
    const { id } = parseInput(idQuery, params);
    return await revisions.answerInfo(id, request.actor);
  });

  getRead(app, '/answer/api/v1/revisions', async (request, params) => {
    // A private site's posts are for members in good standing only, however they are reached.
    await requireReader(request);
    const actor = requireLogin(request);
    const { object_id } = parseInput(objectQuery, params);
    return await revisions.history(object_id, actor);
  });

  getRead(app, '/answer/api/v1/revisions/edit/check', async (request, params) => {
    const actor = requireActive(request);
    const { id } = parseInput(idQuery, params);
    return await revisions.editCheck(id, actor);
  });

  getRead(app, '/answer/api/v1/revisions/unreviewed', async (request, params) => {
    const actor = requireActive(request);
    const { page, object_type } = parseInput(unreviewedRevisionsQuery, params);
    return await revisions.unreviewed(page, actor, object_type);
  });

  app.put('/answer/api/v1/revisions/audit', async (request, reply) => {
    const actor = requireActive(request);
    const input = parseInput(auditSchema, request.body);
    await revisions.audit(input.id, input.operation, actor);
    return ok(request, reply, null);
  });

  /** Not in the peer (its rollback activity is never written): roll back to an earlier revision. */
  app.post('/answer/api/v1/revisions/rollback', async (request, reply) => {
    const actor = requireActive(request);
    const input = parseInput(rollbackSchema, request.body);
    await app.services.writeLimits.guard('edit', request, request.body);
    await revisions.rollback(input.revision_id, input.edit_summary, actor);
    return ok(request, reply, null);
  });
}
