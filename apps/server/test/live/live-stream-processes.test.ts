import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveStreamEvents } from '@inquire/shared';
import { buildApp } from '../../src/app.js';
import { openEventStream, type StreamEvent } from '../event-stream.js';
import { buildUser, loginAs } from '../factories.js';
import { TEST_DB } from '../harness.js';
import { installSite, startServer, write, type RunningServer } from '../processes.js';

/** The bound: an event written through one process reaches a stream on another within 1 s. */
const ACROSS_PROCESSES_MS = 1000;

describe(`[N-4] the live stream across two inquire start processes on one ${TEST_DB} database`, () => {
  let dataDir: string;
  let drop: () => Promise<void>;
  let a: RunningServer;
  let b: RunningServer;
  /** The same site opened in the test, only to make members (there is no add-member call). */
  let local: FastifyInstance;
  let asker: { id: string; token: string };
  let answerer: { id: string; token: string };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'inquire-live-'));
    ({ drop } = await installSite(dataDir));
    [a, b] = await Promise.all([startServer(dataDir, 1), startServer(dataDir, 1)]);
    local = await buildApp({ dataDir, pages: false });
    const make = async () => {
      const user = await buildUser(local, { rank: 3000 });
      return { id: user.id, token: await loginAs(local, user.id) };
    };
    asker = await make();
    answerer = await make();
  }, 120_000);
  afterAll(async () => {
    await local?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('[N-4] an answer written through A reaches the asker’s stream and the question page’s stream on B within 1 s', async () => {
    const question = (await write(a.url, asker.token, 'POST', '/api/v1/question', {
      title: 'Does the stream cross processes?',
      content: 'One process writes, another streams.',
      tags: [{ slug_name: 'live' }],
    })) as { id: string };
    const stream = await openEventStream(`${b.url}/answer/api/v1/notification/stream?question_id=${question.id}`, {
      authorization: asker.token,
    });
    try {
      expect(stream.status).toBe(200);
      await stream.next((e) => e.event === 'status');
      const written = (await write(a.url, answerer.token, 'POST', '/api/v1/answer', {
        question_id: question.id,
        content: 'Written through process A.',
      })) as { id: string };
      const started = Date.now();
      const isTheAnswer = (e: StreamEvent) =>
        e.event === 'answer' && (e.data as LiveStreamEvents['answer']).answer_id === written.id;
      const isItsNotice = (e: StreamEvent) =>
        e.event === 'notification' &&
        (e.data as LiveStreamEvents['notification']).item?.object_info.object_map.answer === written.id;
      await Promise.all([stream.next(isTheAnswer, ACROSS_PROCESSES_MS), stream.next(isItsNotice, ACROSS_PROCESSES_MS)]);
      expect(Date.now() - started).toBeLessThanOrEqual(ACROSS_PROCESSES_MS);
    } finally {
      stream.close();
    }
  });
});

describe(`[N-4] the live stream across the workers of one inquire start --workers 2 on ${TEST_DB}`, () => {
  let dataDir: string;
  let drop: () => Promise<void>;
  let server: RunningServer;
  let local: FastifyInstance;
  let asker: { id: string; token: string };
  /** One per write: a member's second answer within seconds would need a captcha. */
  let answerers: { id: string; token: string }[];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'inquire-live-workers-'));
    ({ drop } = await installSite(dataDir));
    server = await startServer(dataDir, 2);
    local = await buildApp({ dataDir, pages: false });
    const make = async () => {
      const user = await buildUser(local, { rank: 3000 });
      return { id: user.id, token: await loginAs(local, user.id) };
    };
    asker = await make();
    answerers = [await make(), await make()];
  }, 120_000);
  afterAll(async () => {
    await local?.close();
    await server?.stop();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('[N-4] every open stream hears of an answer within 1 s, whichever worker holds it and whichever took the write', async () => {
    const question = (await write(server.url, asker.token, 'POST', '/api/v1/question', {
      title: 'Does the stream cross workers?',
      content: 'The primary hands connections to both workers in turn.',
      tags: [{ slug_name: 'live' }],
    })) as { id: string };
    // Connections of their own, handed out by the primary in turn: both workers hold some.
    const streams = await Promise.all(
      Array.from({ length: 4 }, () =>
        openEventStream(`${server.url}/answer/api/v1/notification/stream?question_id=${question.id}`, {
          authorization: asker.token,
        }),
      ),
    );
    try {
      await Promise.all(streams.map((stream) => stream.next((e) => e.event === 'status')));
      for (let round = 0; round < 2; round += 1) {
        // Two writes, on connections of their own: one lands on each worker in turn.
        const written = (await write(server.url, answerers[round]!.token, 'POST', '/api/v1/answer', {
          question_id: question.id,
          content: `Written through some worker, round ${round}.`,
        })) as { id: string };
        const started = Date.now();
        const isTheAnswer = (e: StreamEvent) =>
          e.event === 'answer' && (e.data as LiveStreamEvents['answer']).answer_id === written.id;
        await Promise.all(streams.map((stream) => stream.next(isTheAnswer, ACROSS_PROCESSES_MS)));
        expect(Date.now() - started).toBeLessThanOrEqual(ACROSS_PROCESSES_MS);
      }
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
