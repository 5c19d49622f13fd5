import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';
import { createPageServer } from './guest-pages.js';
import { pageDataRoute } from './page-data.routes.js';
import { createPageRenderer, loadWebApp } from './render-page.js';

export interface PageOptions {
  /** The web app's build output (client/ and server/); defaults to apps/web/dist. */
  webDist?: string;
  /** Keep guests' pages in memory (ssr/guest-pages.ts); tests that count a render's queries turn it off. */
  cache?: boolean;
}

const DEFAULT_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Paths that belong to the API: never rendered as pages. */
function isApiPath(path: string): boolean {
  return path.startsWith('/answer/') || path.startsWith('/installation/') || path === '/healthz';
}

/**
 * Serves the web app: built assets, and every other GET rendered on the server through
 * the web app's own route table, loaders and guards, then hydrated in the browser.
 */
export async function pageRoutes(app: FastifyInstance, options: PageOptions): Promise<void> {
  const dist = options.webDist ?? DEFAULT_DIST;
  const web = await loadWebApp(dist);
  const renderPage = createPageRenderer(app, web);
  const servePage = createPageServer(app, renderPage, { cache: options.cache ?? true });
  pageDataRoute(app, web);

  await app.register(fastifyStatic, {
    root: join(dist, 'client', 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    // The build writes .br and .gz beside each script and stylesheet (apps/web/vite.config.ts).
    preCompressed: true,
  });

  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isApiPath(path)) throw AppError.notFound();
    const installed = await app.site.isInstalled();
    if (!installed && path !== '/install') return reply.redirect('/install', 302);

    return servePage(request, reply);
  });
}
