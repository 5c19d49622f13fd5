import { smtpSchema } from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../infra/envelope.js';
import { requireAdmin } from '../../infra/guards.js';
import { parseInput } from '../../infra/validate.js';
import { getRead } from '../../infra/reads.js';

/** Admin SMTP settings (peer facts section 9): password masked on GET, test email on PUT. */
export async function smtpRoutes(app: FastifyInstance): Promise<void> {
  const { mail, siteinfo } = app.services;

  getRead(app, '/answer/admin/api/setting/smtp', async (request) => {
    requireAdmin(request);
    return await mail.smtpSettings();
  });

  app.put('/answer/admin/api/setting/smtp', async (request, reply) => {
    requireAdmin(request);
    const input = parseInput(smtpSchema, request.body);
    const { general } = await siteinfo.settings();
    await mail.updateSmtp(input, request.lang, general.name);
    return ok(request, reply, null);
  });
}
