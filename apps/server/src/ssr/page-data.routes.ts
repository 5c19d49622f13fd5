import { pageDataQuery } from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { ok } from '../infra/envelope.js';
import { parseInput } from '../infra/validate.js';
import { readerOf, type WebApp } from './render-page.js';

/**
 * `GET page-data`: what a client-side navigation asks for instead of one API call per post.
 * The web app's loaders of the named routes run here, as in a server render, and their data
 * comes back in one envelope.
 */
export function pageDataRoute(app: FastifyInstance, web: WebApp): void {
  app.get('/answer/api/v1/page-data', async (request, reply) => {
    const { url, routes } = parseInput(pageDataQuery, request.query);
    const result = await web.loadPageData({
      url: `${request.protocol}://${request.host}${url}`,
      lang: request.lang,
      reader: readerOf(request),
      routeIds: routes,
    });
    return ok(request, reply, result);
  });
}
