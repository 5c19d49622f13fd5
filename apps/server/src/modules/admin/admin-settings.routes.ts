import {
  brandingSettingsSchema,
  customCssHtmlSettingsSchema,
  generalSettingsSchema,
  interfaceSettingsSchema,
  legalSettingsSchema,
  loginSettingsSchema,
  privilegesSettingsSchema,
  seoSettingsSchema,
  usersSettingsSchema,
  writeSettingsSchema,
  type AdminSettingsPath,
} from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ok } from '../../infra/envelope.js';
import { requireAdmin } from '../../infra/guards.js';
import { getRead } from '../../infra/reads.js';
import { parseInput } from '../../infra/validate.js';
import { AdminPrivilegesService } from './admin-privileges.service.js';
import { AdminSettingsService, type AdminSettingsInputs } from './admin-settings.service.js';

/** Each settings page's path under the admin API and the shared schema its form uses too. */
const SCHEMAS: { [P in AdminSettingsPath]: z.ZodType<AdminSettingsInputs[P], unknown> } = {
  general: generalSettingsSchema,
  interface: interfaceSettingsSchema,
  legal: legalSettingsSchema,
  login: loginSettingsSchema,
  users: usersSettingsSchema,
  write: writeSettingsSchema,
  seo: seoSettingsSchema,
  branding: brandingSettingsSchema,
  'custom-css-html': customCssHtmlSettingsSchema,
};

/**
 * Admin settings sections (spec section 7: `GET/PUT siteinfo/<section>`). A save takes effect
 * on the next request: `SiteinfoService.update` drops the settings cache and the cached pages.
 */
export async function adminSettingsRoutes(app: FastifyInstance): Promise<void> {
  const settings = new AdminSettingsService(app.site, app.services.siteinfo);

  for (const path of Object.keys(SCHEMAS) as AdminSettingsPath[]) {
    const url = `/answer/admin/api/siteinfo/${path}`;

    getRead(app, url, async (request) => {
      requireAdmin(request);
      return await settings.read(path);
    });

    app.put(url, async (request, reply) => {
      const actor = requireAdmin(request);
      await settings.countSave(actor);
      await settings.save(path, parseInput(SCHEMAS[path], request.body));
      return ok(request, reply, await settings.read(path));
    });
  }

  // Privileges (peer facts 2.2): the same admin guard and save limit as the sections above.
  const privileges = new AdminPrivilegesService(app.services.siteinfo);
  const privilegesUrl = '/answer/admin/api/setting/privileges';
  getRead(app, privilegesUrl, async (request) => {
    requireAdmin(request);
    return await privileges.read(request.lang);
  });
  app.put(privilegesUrl, async (request, reply) => {
    const actor = requireAdmin(request);
    await settings.countSave(actor);
    await privileges.save(parseInput(privilegesSettingsSchema, request.body));
    return ok(request, reply, await privileges.read(request.lang));
  });
}
