import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok } from './envelope.js';

/**
 * A read: what a GET route answers, as a function of the request (its actor, language and
 * address) and its query. The same function serves the public API and the server render,
 * which calls it in-process with the page's own request: no HTTP, no second session lookup.
 */
export type ReadHandler = (request: FastifyRequest, query: Record<string, string>) => Promise<unknown>;

/** Every read by its API path, filled as the modules register their routes. */
export type ReadTable = Map<string, ReadHandler>;

/** Registers a read as a GET route (answering the envelope) and in the app's read table. */
export function getRead(app: FastifyInstance, path: string, handler: ReadHandler): void {
  app.reads.set(app.prefix + path, handler);
  app.get(path, async (request: FastifyRequest, reply: FastifyReply) =>
    ok(request, reply, await handler(request, request.query as Record<string, string>)),
  );
}

/**
 * A read the peer's clients call with POST and an empty body (the installer's config check):
 * a POST route for them, and a read for the server render.
 */
export function postRead(app: FastifyInstance, path: string, handler: ReadHandler): void {
  app.reads.set(app.prefix + path, handler);
  app.post(path, async (request: FastifyRequest, reply: FastifyReply) =>
    ok(request, reply, await handler(request, {})),
  );
}

/** Calls a read in-process as the page's reader; a path without a read is a programming error. */
export async function callRead(
  request: FastifyRequest,
  path: string,
  query: Record<string, string | number | undefined> = {},
): Promise<unknown> {
  const handler = request.server.reads.get(path);
  if (!handler) throw new Error(`no read is registered for ${path}`);
  const strings: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined) strings[key] = String(value);
  return handler(request, strings);
}
