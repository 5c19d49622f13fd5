import {
  adminAnswersQuery,
  adminAnswerStatusSchema,
  adminQuestionsQuery,
  adminQuestionStatusSchema,
} from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../infra/envelope.js';
import { requireAdmin } from '../../infra/guards.js';
import { getRead } from '../../infra/reads.js';
import { parseInput } from '../../infra/validate.js';
import { AdminContentService } from './admin-content.service.js';
import { AdminDashboardService } from './admin-dashboard.service.js';

const API = '/answer/admin/api';

/** The origin of the site's configured URL: a duplicate's link must point here. */
function originOf(siteUrl: string): string {
  try {
    return new URL(siteUrl).origin;
  } catch {
    return '';
  }
}

/** The admin dashboard and the questions and answers lists with their status changes (peer facts 12.2). */
export async function adminContentRoutes(app: FastifyInstance): Promise<void> {
  const dashboard = new AdminDashboardService(app.site, app.services.siteinfo);
  const content = new AdminContentService(app.site, app.services.operations, app.services.siteinfo);

  getRead(app, `${API}/dashboard`, async (request) => {
    requireAdmin(request);
    return await dashboard.dashboard();
  });

  getRead(app, `${API}/question/page`, async (request, query) => {
    requireAdmin(request);
    return await content.questions(parseInput(adminQuestionsQuery, query));
  });

  getRead(app, `${API}/answer/page`, async (request, query) => {
    requireAdmin(request);
    return await content.answers(parseInput(adminAnswersQuery, query));
  });

  app.put(`${API}/question/status`, async (request, reply) => {
    const actor = requireAdmin(request);
    await content.countChange(actor);
    const { general } = await app.services.siteinfo.settings();
    const input = parseInput(adminQuestionStatusSchema(originOf(general.site_url)), request.body);
    await content.setQuestionStatus(actor, input);
    return ok(request, reply, null);
  });

  app.put(`${API}/answer/status`, async (request, reply) => {
    const actor = requireAdmin(request);
    await content.countChange(actor);
    await content.setAnswerStatus(actor, parseInput(adminAnswerStatusSchema, request.body));
    return ok(request, reply, null);
  });
}
