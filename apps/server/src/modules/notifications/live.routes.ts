import cluster from 'node:cluster';
import { notificationStreamQuery, REASONS } from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { changesState } from '../../infra/content-generation.js';
import { requireActive } from '../../infra/guards.js';
import { parseInput } from '../../infra/validate.js';
import { AppError } from '../../lib/errors.js';
import { serveStream } from './live-stream.js';

const V1 = '/answer/api/v1';
/** Open streams per process: each holds a socket and a little memory; beyond this, 503. */
export const MAX_STREAMS_PER_PROCESS = 2000;
/** Open streams per member and process (tabs): beyond this, 429. */
export const MAX_STREAMS_PER_MEMBER = 10;
/** How often old events are swept. */
const SWEEP_MS = 10 * 60_000;
/** The worker-to-worker message that says "a write committed here" (relayed by the primary, workers.ts). */
export const LIVE_WAKE_MESSAGE = { inquire: 'live-wake' } as const;

const LAST_EVENT_ID = /^1\d{16}$/;

/**
 * `GET notification/stream`: the signed-in reader's live events as text/event-stream (issue 11
 * item 4). A read: the token header or the page's cookie, nothing written. Guests get the
 * 401 envelope; a malformed question id the 400 envelope.
 */
export async function liveRoutes(app: FastifyInstance, options: { heartbeatMs?: number }): Promise<void> {
  const { live } = app.services;
  app.get(`${V1}/notification/stream`, { config: { eventStream: true } }, async (request, reply) => {
    const actor = requireActive(request);
    const { question_id: questionId = '' } = parseInput(notificationStreamQuery, request.query);
    if (live.hub.heldStreams() >= MAX_STREAMS_PER_PROCESS) throw new AppError(503, REASONS.tooManyRequests);
    if (live.hub.heldStreams(actor.user.id) >= MAX_STREAMS_PER_MEMBER) {
      throw new AppError(429, REASONS.tooManyRequests);
    }
    const header = request.headers['last-event-id'];
    const resumeAfter = typeof header === 'string' && LAST_EVENT_ID.test(header.trim()) ? header.trim() : '';
    const joined = live.hub.reserve(actor.user.id);
    serveStream(reply, live, {
      actor,
      lang: request.lang,
      questionId,
      resumeAfter,
      heartbeatMs: options.heartbeatMs,
      joined,
    });
  });
}

/**
 * What wakes this process's hub (the stream's transport besides PostgreSQL's LISTEN, which the
 * hub opens itself): on SQLite, every state-changing request answered 2xx here (its transaction
 * has committed by then), the same relayed from the other `--workers` through the primary, and
 * the content generation poll for other processes on the same file. Also housekeeping and close.
 */
export function registerLiveWakeups(app: FastifyInstance): void {
  const { live } = app.services;
  live.reportErrorsTo((error) => app.log.warn({ err: error }, 'live events'));
  const onSqlite = () => app.site.driver === 'sqlite';
  app.addHook('onSend', async (request, reply, payload) => {
    if (onSqlite() && reply.statusCode >= 200 && reply.statusCode < 300 && changesState(request)) {
      live.hub.wake();
      if (cluster.isWorker) process.send?.(LIVE_WAKE_MESSAGE);
    }
    return payload;
  });
  app.contentGeneration.onChange(() => {
    if (onSqlite()) live.hub.wake();
    live.hub.siteChanged();
  });
  const onMessage = (message: unknown) => {
    if ((message as { inquire?: string } | null)?.inquire === LIVE_WAKE_MESSAGE.inquire) live.hub.wake();
  };
  if (cluster.isWorker) process.on('message', onMessage);
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweeper = setInterval(() => {
      live.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'live events housekeeping'));
    }, SWEEP_MS);
    sweeper.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(sweeper);
    process.off('message', onMessage);
    await live.hub.close();
  });
}
