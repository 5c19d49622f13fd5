import { catalogs } from '@inquire/i18n';
import { isLanguage, LANGUAGE_OPTIONS } from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../infra/envelope.js';
import { getRead } from '../../infra/reads.js';

export async function languageRoutes(app: FastifyInstance): Promise<void> {
  getRead(app, '/answer/api/v1/language/options', async () => LANGUAGE_OPTIONS);

  /** The UI translation bundle of a language (the `ui` section of its catalog). */
  app.get<{ Querystring: { lang?: string } }>('/answer/api/v1/language/config', async (request, reply) => {
    const lang = isLanguage(request.query.lang) ? request.query.lang : request.lang;
    // Answer's layout: the bundle under a `ui` key.
    return ok(request, reply, { ui: catalogs[lang].ui });
  });
}
