import type { Language } from '@inquire/shared';
import type { FastifyReply } from 'fastify';
import type { Actor } from '../auth/auth.service.js';
import type { LiveSubscriber } from './live-hub.js';
import type { LiveEventRow } from './live-events.repository.js';
import type { LiveMessage, LiveService } from './live.service.js';

/**
 * A comment line every 20 s, so proxies and load balancers do not close a quiet stream; each
 * heartbeat also asks whether the reader still holds the stream (LiveService.stillHeld), so a
 * sign-out, suspension or role change ends it within one heartbeat.
 */
export const HEARTBEAT_MS = 20_000;
/** A stream ends after this long anyway and the browser reconnects (resuming after its last event). */
const LIFETIME_MS = 10 * 60_000;
/** What the browser waits before reconnecting (the `retry:` field). */
const RETRY_MS = 2000;
/** A reader this far behind (unsent bytes) is dropped; it reconnects and replays from the database. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface StreamRequest {
  actor: Actor;
  lang: Language;
  /** The open question page, or ''. */
  questionId: string;
  /** Last-Event-ID of a reconnect, or '' for a fresh stream. */
  resumeAfter: string;
  heartbeatMs?: number;
  /** Called once the stream has joined the hub or ended first (LiveHub.reserve's release). */
  joined?: () => void;
}

/**
 * Serves one reader's text/event-stream on a hijacked reply: the red dots first, then (when
 * resuming) what the reader missed after Last-Event-ID, then every new event as the hub reads
 * it. Events go out one at a time in id order and never twice: each is sent only when its id is
 * beyond the last one sent. Reads only; ends and unsubscribes when the client goes away.
 */
export function serveStream(reply: FastifyReply, live: LiveService, request: StreamRequest): void {
  const { actor, lang, questionId, resumeAfter } = request;
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    // nginx and similar proxies would otherwise hold events back in their buffers.
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  let closed = false;
  let lastSent = resumeAfter;
  /** The red dots as last sent, so a reviewer's refresh sends only a change. */
  let lastStatus = '';

  const write = (text: string) => {
    if (closed) return;
    raw.write(text);
    if (raw.writableLength > MAX_BUFFERED_BYTES) end();
  };
  const sendMessage = (message: LiveMessage, id?: string) => {
    const idLine = id ? `id: ${id}\n` : '';
    // JSON has no raw newlines, so one data line carries it whole.
    write(`${idLine}event: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`);
  };
  const send = async (event: LiveEventRow) => {
    if (closed || event.id <= lastSent) return;
    lastSent = event.id;
    const message = await live.messageFor(actor, lang, event);
    if (message) sendMessage(message, event.id);
  };
  const replay = async () => {
    for (;;) {
      const missed = await live.missed(actor, questionId, lastSent);
      for (const event of missed) await send(event);
      if (closed || missed.length < live.replayBatch) return;
    }
  };

  // Every step runs after the one before, so events leave in id order.
  let chain: Promise<void> = Promise.resolve();
  const then = (step: () => Promise<void>) => {
    chain = chain.then(step).catch((error: unknown) => {
      reply.log.warn({ err: error }, 'live stream');
      end();
    });
  };
  const sendStatus = async () => {
    const status = await live.status(actor);
    const text = JSON.stringify(status);
    if (text === lastStatus) return;
    lastStatus = text;
    sendMessage({ event: 'status', data: status });
  };
  const subscriber: LiveSubscriber = {
    userId: actor.user.id,
    questionId,
    deliver: (event) => then(() => send(event)),
    end: () => end(),
  };

  write(`retry: ${RETRY_MS}\n\n`);
  // Subscribed before the dots and the replay are read, so nothing committed in between falls
  // through: an event before the subscription is in the dots, one after it is delivered. (The
  // dots read first once missed a read in another tab that landed before the subscription.)
  // These steps are chained before any delivery can be, so the dots still go out first.
  then(async () => {
    const joinedAt = await live.hub.subscribe(subscriber);
    request.joined?.();
    if (closed) live.hub.unsubscribe(subscriber);
    if (!resumeAfter) lastSent = joinedAt;
  });
  // A reviewer's to-do moves with other people's flags, held posts and appeals: looked at again
  // whenever the site changes (LiveHub.siteChanged), from before the dots are read.
  then(async () => {
    if (await live.reviews(actor)) subscriber.refreshStatus = () => then(sendStatus);
  });
  then(sendStatus);
  if (resumeAfter) then(replay);

  const heartbeat = setInterval(() => {
    write(': keep-alive\n\n');
    then(async () => {
      if (!(await live.stillHeld(actor))) end();
    });
  }, request.heartbeatMs ?? HEARTBEAT_MS);
  const lifetime = setTimeout(() => end(), LIFETIME_MS);
  heartbeat.unref();
  lifetime.unref();

  function end(): void {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    live.hub.unsubscribe(subscriber);
    request.joined?.();
    raw.end();
  }
  raw.on('close', end);
}
