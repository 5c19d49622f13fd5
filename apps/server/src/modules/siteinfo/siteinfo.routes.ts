import { REASONS } from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireReader } from '../../infra/guards.js';
import { parseInput } from '../../infra/validate.js';
import { AppError } from '../../lib/errors.js';
import { getRead } from '../../infra/reads.js';
import { answerCompatRoutes } from './answer-compat.routes.js';

const legalQuery = z.object({ info_type: z.enum(['tos', 'privacy'], 'form.invalid_value') });

export async function siteinfoRoutes(app: FastifyInstance): Promise<void> {
  const siteinfo = app.services.siteinfo;

  await answerCompatRoutes(app);

  // Public even on a private site: the login page needs the site's name, theme and rules.
  getRead(app, '/answer/api/v1/siteinfo', async () => await siteinfo.siteInfo());

  getRead(app, '/answer/api/v1/siteinfo/legal', async (request, params) => {
    await requireReader(request);
    const query = parseInputOr404(params);
    const { legal } = await siteinfo.settings();
    return query.info_type === 'tos'
      ? {
          terms_of_service_original_text: legal.terms_of_service_original_text,
          terms_of_service_parsed_text: legal.terms_of_service_parsed_text,
        }
      : {
          privacy_policy_original_text: legal.privacy_policy_original_text,
          privacy_policy_parsed_text: legal.privacy_policy_parsed_text,
        };
  });
}

function parseInputOr404(query: unknown): z.infer<typeof legalQuery> {
  try {
    return parseInput(legalQuery, query);
  } catch {
    throw AppError.badRequest(REASONS.legalTypeInvalid);
  }
}
