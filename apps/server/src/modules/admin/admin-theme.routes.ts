import { themeSettingsSchema } from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../infra/envelope.js';
import { requireAdmin } from '../../infra/guards.js';
import { parseInput } from '../../infra/validate.js';
import { getRead } from '../../infra/reads.js';

/** Admin: the site's theme (spec section 7, admin siteinfo/theme). */
export async function adminThemeRoutes(app: FastifyInstance): Promise<void> {
  const { siteinfo } = app.services;

  getRead(app, '/answer/admin/api/siteinfo/theme', async (request) => {
    requireAdmin(request);
    return (await siteinfo.settings()).theme;
  });

  app.put('/answer/admin/api/siteinfo/theme', async (request, reply) => {
    requireAdmin(request);
    const input = parseInput(themeSettingsSchema, request.body);
    await siteinfo.update('theme', {
      theme: input.theme,
      color_scheme: input.color_scheme,
      theme_config: input.theme_config,
    });
    return ok(request, reply, (await siteinfo.settings()).theme);
  });
}
