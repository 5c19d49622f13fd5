import {
  appealReviewSchema,
  appealSchema,
  MAIL_STATUS,
  pendingReviewSchema,
  REASONS,
  reportReviewSchema,
  reportSchema,
  reviewPageQuery,
} from '@inquire/shared';
import { AppError } from '../../lib/errors.js';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../infra/envelope.js';
import { requireActive, requireLogin } from '../../infra/guards.js';
import { getRead } from '../../infra/reads.js';
import { parseInput } from '../../infra/validate.js';
import { countDecision } from './decision-limit.js';

/** The origin of the site's configured URL: a duplicate's link must point here. */
function originOf(siteUrl: string): string {
  try {
    return new URL(siteUrl).origin;
  } catch {
    return '';
  }
}

/** Flags, the review queues and decisions (issue 12; peer facts 5). */
export async function moderationRoutes(app: FastifyInstance): Promise<void> {
  const { appeals, flags, heldPosts, reviewTypes, siteinfo, writeLimits } = app.services;
  const siteOrigin = async () => originOf((await siteinfo.settings()).general.site_url);

  app.post('/answer/api/v1/report', async (request, reply) => {
    const actor = requireActive(request);
    const input = parseInput(reportSchema(await siteOrigin()), request.body);
    await writeLimits.guard('report', request, request.body);
    await flags.report(input, actor);
    return ok(request, reply, null);
  });

  getRead(app, '/answer/api/v1/reviewing/type', async (request) => {
    return reviewTypes.list(requireActive(request), request.lang);
  });

  getRead(app, '/answer/api/v1/report/unreviewed/post', async (request, params) => {
    const actor = requireActive(request);
    return flags.unreviewedPosts(parseInput(reviewPageQuery, params).page, actor, request.lang);
  });

  getRead(app, '/answer/api/v1/report/unreviewed/user', async (request, params) => {
    const actor = requireActive(request);
    return flags.unreviewedUsers(parseInput(reviewPageQuery, params).page, actor, request.lang);
  });

  app.put('/answer/api/v1/report/review', async (request, reply) => {
    const actor = requireActive(request);
    const input = parseInput(reportReviewSchema(await siteOrigin()), request.body);
    await countDecision(app.site.db, actor);
    await flags.review(input, actor);
    return ok(request, reply, null);
  });

  getRead(app, '/answer/api/v1/review/pending/post/page', async (request, params) => {
    const actor = requireActive(request);
    const query = parseInput(reviewPageQuery, params);
    return heldPosts.page(query.page, query.object_id, actor, request.lang);
  });

  app.put('/answer/api/v1/review/pending/post', async (request, reply) => {
    const actor = requireActive(request);
    const input = parseInput(pendingReviewSchema, request.body);
    await countDecision(app.site.db, actor);
    await heldPosts.decide(input, actor);
    return ok(request, reply, null);
  });

  /**
   * POST moderation/appeal {decision_id, content} (ours): the affected member asks staff to
   * look again. Suspended members may appeal their suspension, so this needs only an
   * activated session, not an active account.
   */
  app.post('/answer/api/v1/moderation/appeal', async (request, reply) => {
    const actor = requireLogin(request);
    if (actor.user.mail_status !== MAIL_STATUS.activated) throw AppError.forbidden(REASONS.userInactive, 'inactive');
    return ok(request, reply, await appeals.file(parseInput(appealSchema, request.body), actor));
  });

  getRead(app, '/answer/api/v1/moderation/appeal/page', async (request, params) => {
    const actor = requireActive(request);
    return appeals.page(parseInput(reviewPageQuery, params).page, actor);
  });

  app.put('/answer/api/v1/moderation/appeal', async (request, reply) => {
    const actor = requireActive(request);
    const input = parseInput(appealReviewSchema, request.body);
    await countDecision(app.site.db, actor);
    await appeals.answer(input, actor);
    return ok(request, reply, null);
  });
}
