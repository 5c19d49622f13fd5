import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ApiTransport, RenderFunction } from '@inquire/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newNonce, pageCsp } from '../infra/security-headers.js';
import { compileTemplate, composeDocument } from './document.js';

/** What a server render answers: a redirect, or a whole HTML document with its headers. */
export type RenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; html: string; nonce: string; contentSecurityPolicy: string };

export type PageRenderer = (request: FastifyRequest) => Promise<RenderedPage>;

/**
 * Loads the built web app (template and server entry) once and returns the function that
 * renders one page for one request: the web app's loaders and guards, then React, then the
 * document around it.
 */
export async function createPageRenderer(app: FastifyInstance, dist: string): Promise<PageRenderer> {
  const templateFile = join(dist, 'client', 'index.html');
  const entryFile = join(dist, 'server', 'entry-server.js');
  if (!existsSync(templateFile) || !existsSync(entryFile)) {
    throw new Error(`The web app is not built (${dist}). Run "npm run build" first.`);
  }
  const template = compileTemplate(readFileSync(templateFile, 'utf8'));
  const { render } = (await import(pathToFileURL(entryFile).href)) as { render: RenderFunction };

  return async (request) => {
    const nonce = newNonce();
    const result = await render({
      url: `${request.protocol}://${request.host}${request.url}`,
      lang: request.lang,
      api: injectTransport(app, request),
      nonce,
    });
    if (result.kind === 'redirect') return result;
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
    return { kind: 'page', status: result.status, html, nonce, contentSecurityPolicy: pageCsp(nonce) };
  };
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
