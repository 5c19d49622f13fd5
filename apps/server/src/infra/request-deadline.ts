import { REASONS } from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { envelope } from './envelope.js';

/** How long any request may take, from its first byte to the answer. */
export const REQUEST_DEADLINE_MS = 30_000;

/**
 * Answers 503 when a handler has not answered within the deadline, so one stuck query or
 * upstream can never hold a client (and its socket) indefinitely. The handler's late answer
 * is dropped. Receiving the request is bounded separately by the server's `requestTimeout`.
 */
export function registerRequestDeadline(app: FastifyInstance, deadlineMs = REQUEST_DEADLINE_MS): void {
  const timers = new WeakMap<object, NodeJS.Timeout>();
  app.addHook('onRequest', async (request, reply) => {
    const timer = setTimeout(() => {
      if (reply.sent) return;
      request.log.warn({ reqId: request.id, deadlineMs }, 'request deadline passed');
      void reply.code(503).send(envelope(request.lang, 503, REASONS.requestTimeout, null));
    }, deadlineMs);
    timer.unref();
    timers.set(request, timer);
  });
  app.addHook('onResponse', async (request) => {
    clearTimeout(timers.get(request));
  });
}
