import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { ApiTransport, RenderFunction } from '@inquire/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';
import { newNonce, pageCsp } from '../infra/security-headers.js';
import { compileTemplate, composeDocument } from './document.js';

export interface PageOptions {
  /** The web app's build output (client/ and server/); defaults to apps/web/dist. */
  webDist?: string;
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
  const templateFile = join(dist, 'client', 'index.html');
  const entryFile = join(dist, 'server', 'entry-server.js');
  if (!existsSync(templateFile) || !existsSync(entryFile)) {
    throw new Error(`The web app is not built (${dist}). Run "npm run build" first.`);
  }
  const template = compileTemplate(readFileSync(templateFile, 'utf8'));
  const { render } = (await import(pathToFileURL(entryFile).href)) as { render: RenderFunction };

  await app.register(fastifyStatic, {
    root: join(dist, 'client', 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
  });

  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isApiPath(path)) throw AppError.notFound();
    const installed = await app.site.isInstalled();
    if (!installed && path !== '/install') return reply.redirect('/install', 302);

    const nonce = newNonce();
    const result = await render({
      url: `${request.protocol}://${request.host}${request.url}`,
      lang: request.lang,
      api: injectTransport(app, request),
      nonce,
    });
    if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
    const site = await app.services.siteinfo.siteInfo();
    const html = composeDocument({
      template,
      lang: request.lang,
      head: result.head,
      appHtml: result.html,
      site,
      userScheme: result.userScheme,
      nonce,
    });
    return reply
      .code(result.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', pageCsp(nonce))
      .send(html);
  });
}

/** Calls the API in-process, as the reader: same cookies, same language. */
function injectTransport(app: FastifyInstance, request: FastifyRequest): ApiTransport {
  return {
    async request(method, path, body) {
      const response = await app.inject({
        method,
        url: path,
        headers: {
          cookie: request.headers.cookie ?? '',
          'accept-language': request.headers['accept-language'] ?? '',
          'user-agent': request.headers['user-agent'] ?? '',
        },
        // The reader's address (as the proxy setting resolved it), so per-visitor counts and
        // limits see the reader and not this process. Never a header: that would be believed
        // only with trust_proxy on, and could be forged by the reader if it were.
        remoteAddress: request.ip,
        ...(body === undefined ? {} : { payload: body as object }),
      });
      return { status: response.statusCode, body: response.json() };
    },
  };
}
