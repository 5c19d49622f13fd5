import { commentEditSchema, commentIdSchema, commentSchema } from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../infra/envelope.js';
import { requireActive, requirePrivilege, requireReader } from '../../infra/guards.js';
import { parseInput } from '../../infra/validate.js';
import { getRead } from '../../infra/reads.js';
import { originOf } from '../../infra/request-origin.js';

const pageQuery = z.object({
  object_id: z.string().min(1, 'form.invalid_value'),
  page: z.coerce.number().int().min(1).catch(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).catch(20).default(20),
});

export async function commentsRoutes(app: FastifyInstance): Promise<void> {
  const { comments } = app.services;

  getRead(app, '/answer/api/v1/comment/page', async (request, params) => {
    await requireReader(request);
    const query = parseInput(pageQuery, params);
    return await comments.page(query.object_id, request.actor, query.page, query.page_size);
  });

  app.post('/answer/api/v1/comment', async (request, reply) => {
    const actor = requirePrivilege(request, 'comment.add');
    const input = parseInput(commentSchema, request.body);
    await app.services.writeLimits.guard('comment', request, request.body);
    const { comment_id } = await comments.create(input, actor, originOf(request));
    // Answer's reply is the whole comment, as comment/page lists it.
    return ok(request, reply, await comments.item(comment_id, actor));
  });

  app.put('/answer/api/v1/comment', async (request, reply) => {
    const actor = requireActive(request);
    const input = parseInput(commentEditSchema, request.body);
    await app.services.writeLimits.guard('edit', request, request.body);
    await comments.edit(input.comment_id, input.original_text, actor);
    // Answer's reply to an edit: the comment's id, source and rendered text.
    const { comment_id, original_text, parsed_text } = await comments.item(input.comment_id, actor);
    return ok(request, reply, { comment_id, original_text, parsed_text });
  });

  app.delete('/answer/api/v1/comment', async (request, reply) => {
    const actor = requireActive(request);
    await comments.remove(parseInput(commentIdSchema, request.body).comment_id, actor);
    return ok(request, reply, null);
  });
}
