import { pageQuery } from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireActive, requireReader } from '../../infra/guards.js';
import { parseInput } from '../../infra/validate.js';
import { getRead } from '../../infra/reads.js';

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

  getRead(app, `${V1}/personal/user/info`, async (request, params) => {
    await requireReader(request);
    const { username } = parseInput(usernameQuery, params);
    return await people.profile(username, request.lang);
  });

  getRead(app, `${V1}/personal/qa/top`, async (request, params) => {
    await requireReader(request);
    const { username } = parseInput(usernameQuery, params);
    return await people.top(username);
  });

  getRead(app, `${V1}/user/info/search`, async (request, params) => {
    const actor = requireActive(request);
    const { username } = parseInput(usernameQuery, params);
    return await people.search(username, actor.user.id);
  });

  getRead(app, `${V1}/user/staff`, async (request, params) => {
    await requireReader(request);
    const query = parseInput(staffQuery, params);
    return await people.staff(query.username, query.page_size);
  });

  const pagedQuery = usernameQuery.extend(pageQuery.shape).extend({
    order: z.enum(['newest', 'score']).catch('newest').default('newest'),
  });

  getRead(app, `${V1}/personal/question/page`, async (request, params) => {
    await requireReader(request);
    const q = parseInput(pagedQuery, params);
    return await people.questions(q.username, q.order, q);
  });

  getRead(app, `${V1}/personal/answer/page`, async (request, params) => {
    await requireReader(request);
    const q = parseInput(pagedQuery, params);
    return await people.answers(q.username, q.order, q);
  });

  getRead(app, `${V1}/personal/rank/page`, async (request, params) => {
    await requireReader(request);
    const q = parseInput(pagedQuery, params);
    return await people.reputation(q.username, q, request.lang);
  });

  getRead(app, `${V1}/personal/comment/page`, async (request, params) => {
    await requireReader(request);
    const q = parseInput(pagedQuery, params);
    return await people.comments(q.username, q);
  });

  // Bookmarks and votes are the caller's own (peer facts 12.1: active tier, no username).
  getRead(app, `${V1}/personal/collection/page`, async (request, params) => {
    const actor = requireActive(request);
    return await people.bookmarks(actor.user.id, parseInput(pageQuery, params));
  });

  getRead(app, `${V1}/personal/vote/page`, async (request, params) => {
    const actor = requireActive(request);
    return await people.votes(actor.user.id, parseInput(pageQuery, params));
  });

  getRead(app, `${V1}/user/ranking`, async (request) => {
    await requireReader(request);
    return await people.ranking();
  });
}
