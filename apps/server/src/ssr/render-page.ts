import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageDataFunction, PageReader, RenderFunction } from '@inquire/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callRead } from '../infra/reads.js';
import { newNonce, pageCsp } from '../infra/security-headers.js';
import { chunkPreloads, type ChunkPreloads } from './chunk-preloads.js';
import { compileTemplate, composeDocument, type CompiledTemplate } from './document.js';

/** What a server render answers: a redirect, or a whole HTML document with its headers. */
export type RenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; html: string; nonce: string; contentSecurityPolicy: string };

export type PageRenderer = (request: FastifyRequest) => Promise<RenderedPage>;

/** The built web app: its document template and its server entry. */
export interface WebApp {
  template: CompiledTemplate;
  /** The files of a page's own chunks and strings, to preload with the entry. */
  preloads: ChunkPreloads;
  render: RenderFunction;
  loadPageData: PageDataFunction;
}

/** Loads the built web app once (template cut into slots, server entry imported). */
export async function loadWebApp(dist: string): Promise<WebApp> {
  const templateFile = join(dist, 'client', 'index.html');
  const entryFile = join(dist, 'server', 'entry-server.js');
  if (!existsSync(templateFile) || !existsSync(entryFile)) {
    throw new Error(`The web app is not built (${dist}). Run "npm run build" first.`);
  }
  const entry = (await import(pathToFileURL(entryFile).href)) as Omit<WebApp, 'template'>;
  return {
    template: compileTemplate(readFileSync(templateFile, 'utf8')),
    preloads: chunkPreloads(join(dist, 'client', '.vite', 'manifest.json')),
    render: entry.render,
    loadPageData: entry.loadPageData,
  };
}

/**
 * The web app's loaders read through this: the API's reads called in-process with the page's
 * own request (its actor, language and address), so a render makes no HTTP calls and reads
 * the session once.
 */
export function readerOf(request: FastifyRequest): PageReader {
  return { read: (path, query) => callRead(request, path, query) };
}

/**
 * Returns the function that renders one page for one request: the web app's loaders and
 * guards, then React, then the document around it.
 */
export function createPageRenderer(app: FastifyInstance, web: WebApp): PageRenderer {
  return async (request) => {
    const nonce = newNonce();
    const result = await web.render({
      url: `${request.protocol}://${request.host}${request.url}`,
      lang: request.lang,
      reader: readerOf(request),
      nonce,
      referer: request.headers.referer,
    });
    if (result.kind === 'redirect') return result;
    const site = await app.services.siteinfo.siteInfo();
    const html = composeDocument({
      template: web.template,
      lang: request.lang,
      head: result.head,
      appHtml: result.html,
      site,
      userScheme: result.userScheme,
      nonce,
      preloads: web.preloads(result.chunks ?? []),
    });
    return { kind: 'page', status: result.status, html, nonce, contentSecurityPolicy: pageCsp(nonce) };
  };
}
