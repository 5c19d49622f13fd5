import type { FastifyInstance } from 'fastify';
import { requireActive } from '../../infra/guards.js';
import { getRead } from '../../infra/reads.js';

const V1 = '/answer/api/v1';

/**
 * Reads Answer's clients make on every page or screen, for features Inquire has not built:
 * each answers Answer's shape with what is true here (the built-in plugins only, no user
 * center), so such a client draws its screens instead of failing on a 404. (`connector/info`
 * is real now: the connectors module answers it.)
 */
export async function answerCompatRoutes(app: FastifyInstance): Promise<void> {
  // The installed plugins and whether each is on (spec: a client sets its plugins' activated
  // flags from this), read through the same service as the admin's installed-plugins page.
  const plugins = app.services.plugins;
  getRead(app, `${V1}/plugin/status`, async (request) =>
    (await plugins.list('all', request.lang)).map((plugin) => ({
      slug_name: plugin.slug_name,
      enabled: plugin.enabled,
    })),
  );

  // The user center (an external account system) is not enabled.
  getRead(app, `${V1}/user-center/agent`, async () => ({ enabled: false, agent_info: null }));

  // Per-member plugin settings: no plugin has any (signed-in members only, as in Answer).
  getRead(app, `${V1}/user/plugin/configs`, async (request) => {
    requireActive(request);
    return [];
  });

  // The admin's custom CSS as a stylesheet (empty when unset).
  app.get('/custom.css', async (_request, reply) => {
    const { custom_css_html: custom } = await app.services.siteinfo.settings();
    return reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(custom.custom_css);
  });
}
