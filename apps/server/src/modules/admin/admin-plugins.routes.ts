import { translate } from '@inquire/i18n';
import {
  adminPluginConfigQuery,
  adminPluginConfigSchema,
  adminPluginsQuery,
  adminPluginStatusSchema,
  LANGUAGE_OPTIONS,
  ROLE,
  type RoleItem,
} from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../infra/envelope.js';
import { requireAdmin } from '../../infra/guards.js';
import { getRead } from '../../infra/reads.js';
import { parseInput } from '../../infra/validate.js';
import { AdminSettingsService } from './admin-settings.service.js';

const API = '/answer/admin/api';

const reasonsQuery = z.object({
  object_type: z.string().min(1, 'form.invalid_value'),
  action: z.string().min(1, 'form.invalid_value'),
});

const ROLES = [
  { id: ROLE.user, name: 'user' },
  { id: ROLE.admin, name: 'admin' },
  { id: ROLE.moderator, name: 'moderator' },
] as const;

/**
 * Installed plugins (`plugins`, `plugin/status`, `plugin/config`) and the admin's supporting
 * reads (`roles`, `language/options`, `reasons`, `user-center/agent`), peer facts 12.2.
 * Plugin writes count as settings saves (30 a minute per admin).
 */
export async function adminPluginsRoutes(app: FastifyInstance): Promise<void> {
  const plugins = app.services.plugins;
  const settings = new AdminSettingsService(app.site, app.services.siteinfo);

  getRead(app, `${API}/plugins`, async (request, query) => {
    requireAdmin(request);
    return await plugins.list(parseInput(adminPluginsQuery, query).status, request.lang);
  });

  app.put(`${API}/plugin/status`, async (request, reply) => {
    const actor = requireAdmin(request);
    await settings.countSave(actor);
    await plugins.setStatus(parseInput(adminPluginStatusSchema, request.body));
    return ok(request, reply, null);
  });

  getRead(app, `${API}/plugin/config`, async (request, query) => {
    requireAdmin(request);
    return await plugins.config(parseInput(adminPluginConfigQuery, query).plugin_slug_name, request.lang);
  });

  app.put(`${API}/plugin/config`, async (request, reply) => {
    const actor = requireAdmin(request);
    await settings.countSave(actor);
    await plugins.saveConfig(parseInput(adminPluginConfigSchema, request.body));
    return ok(request, reply, null);
  });

  getRead(app, `${API}/roles`, async (request): Promise<RoleItem[]> => {
    requireAdmin(request);
    return ROLES.map((role) => ({
      id: role.id,
      name: translate(request.lang, `ui.admin.users.roles.${role.name}`),
      description: translate(request.lang, `ui.admin.roles.${role.name}`),
    }));
  });

  getRead(app, `${API}/language/options`, async (request) => {
    requireAdmin(request);
    return LANGUAGE_OPTIONS;
  });

  getRead(app, `${API}/reasons`, async (request, query) => {
    requireAdmin(request);
    const { object_type, action } = parseInput(reasonsQuery, query);
    return app.services.operations.reasons(object_type, action, request.lang);
  });

  // The user center (an external account system) is not enabled: the admin's view of it says so.
  getRead(app, `${API}/user-center/agent`, async (request) => {
    requireAdmin(request);
    return { enabled: false, agent_info: null };
  });
}
