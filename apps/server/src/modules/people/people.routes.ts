import { pageQuery } from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../infra/envelope.js';
import { requireActive, requireReader } from '../../infra/guards.js';
import { parseInput } from '../../infra/validate.js';

const V1 = '/answer/api/v1';
const usernameQuery = z.object({
  username: z.string().trim().min(1, 'form.username.required').max(64, 'form.username.too_long'),
});

const staffQuery = z.object({
  username: z.string().trim().max(64, 'form.username.too_long').default(''),
  page_size: z.coerce.number().int().min(1).max(50).catch(10).default(10),
});

/** Personal pages and the member list (guest-readable unless the site is private). */
export async function peopleRoutes(app: FastifyInstance): Promise<void> {
  const { people } = app.services;

  app.get(`${V1}/personal/user/info`, async (request, reply) => {
    await requireReader(request);
    const { username } = parseInput(usernameQuery, request.query);
    return ok(request, reply, await people.profile(username, request.lang));
  });

  app.get(`${V1}/personal/qa/top`, async (request, reply) => {
    await requireReader(request);
    const { username } = parseInput(usernameQuery, request.query);
    return ok(request, reply, await people.top(username));
  });

  app.get(`${V1}/user/info/search`, async (request, reply) => {
    const actor = requireActive(request);
    const { username } = parseInput(usernameQuery, request.query);
    return ok(request, reply, await people.search(username, actor.user.id));
  });

  app.get(`${V1}/user/staff`, async (request, reply) => {
    await requireReader(request);
    const query = parseInput(staffQuery, request.query);
    return ok(request, reply, await people.staff(query.username, query.page_size));
  });

  const pagedQuery = usernameQuery.extend(pageQuery.shape).extend({
    order: z.enum(['newest', 'score']).catch('newest').default('newest'),
  });

  app.get(`${V1}/personal/question/page`, async (request, reply) => {
    await requireReader(request);
    const q = parseInput(pagedQuery, request.query);
    return ok(request, reply, await people.questions(q.username, q.order, q));
  });

  app.get(`${V1}/personal/answer/page`, async (request, reply) => {
    await requireReader(request);
    const q = parseInput(pagedQuery, request.query);
    return ok(request, reply, await people.answers(q.username, q.order, q));
  });

  app.get(`${V1}/personal/rank/page`, async (request, reply) => {
    await requireReader(request);
    const q = parseInput(pagedQuery, request.query);
    return ok(request, reply, await people.reputation(q.username, q));
  });

  app.get(`${V1}/personal/comment/page`, async (request, reply) => {
    await requireReader(request);
    const q = parseInput(pagedQuery, request.query);
    return ok(request, reply, await people.comments(q.username, q));
  });

  // Bookmarks and votes are the caller's own (peer facts 12.1: active tier, no username).
  app.get(`${V1}/personal/collection/page`, async (request, reply) => {
    const actor = requireActive(request);
    return ok(request, reply, await people.bookmarks(actor.user.id, parseInput(pageQuery, request.query)));
  });

  app.get(`${V1}/personal/vote/page`, async (request, reply) => {
    const actor = requireActive(request);
    return ok(request, reply, await people.votes(actor.user.id, parseInput(pageQuery, request.query)));
  });

  app.get(`${V1}/user/ranking`, async (request, reply) => {
    await requireReader(request);
    return ok(request, reply, await people.ranking());
  });
}
