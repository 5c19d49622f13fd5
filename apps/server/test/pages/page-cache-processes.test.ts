import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB } from '../harness.js';
import {
  adminToken,
  childrenOf,
  getOnce,
  installSite,
  isAlive,
  startServer,
  visibleWithin,
  write,
  type RunningServer,
} from '../processes.js';

/** The bound for a write to reach guests of another process sharing the database. */
const ACROSS_PROCESSES_MS = 2000;

const ask = (title: string) => ({ title, content: `The body of ${title}.`, tags: [{ slug_name: 'processes' }] });

describe(`[P-3] two inquire start processes on one ${TEST_DB} database`, () => {
  let dataDir: string;
  let drop: () => Promise<void>;
  let a: RunningServer;
  let b: RunningServer;
  let token: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'inquire-processes-'));
    ({ drop } = await installSite(dataDir));
    [a, b] = await Promise.all([startServer(dataDir, 1), startServer(dataDir, 1)]);
    token = await adminToken(a.url);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Loads a page from B as a guest twice: a render, then B's cached copy. */
  async function cachedOnB(path: string): Promise<string> {
    await getOnce(`${b.url}${path}`);
    const hit = await getOnce(`${b.url}${path}`);
    expect(hit.status).toBe(200);
    expect(hit.headers.etag).toMatch(/^W\//);
    return hit.body;
  }

  it('[P-3] a question asked through A shows on B’s cached guest list within 2 s', async () => {
    const title = `Asked through process A on ${TEST_DB}`;
    expect(await cachedOnB('/questions')).not.toContain(title);
    await write(a.url, token, 'POST', '/api/v1/question', ask(title));
    const tookMs = await visibleWithin(`${b.url}/questions`, (html) => html.includes(title), ACROSS_PROCESSES_MS);
    expect(tookMs).toBeLessThanOrEqual(ACROSS_PROCESSES_MS);
  });

  it('[P-3] a settings change through A shows on B’s cached guest pages within 2 s (B’s settings cache follows too)', async () => {
    expect(await cachedOnB('/questions')).not.toContain('p="dark"');
    await write(a.url, token, 'PUT', '/admin/api/siteinfo/theme', {
      theme: 'default',
      color_scheme: 'dark',
      theme_config: { default: { navbar_style: 'colored', primary_color: '#0033ff' } },
    });
    await visibleWithin(`${b.url}/questions`, (html) => html.includes('p="dark"'), ACROSS_PROCESSES_MS);
  });
});

describe(`[P-5] inquire start --workers 2 on ${TEST_DB}`, () => {
  let dataDir: string;
  let drop: () => Promise<void>;
  let site: RunningServer;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'inquire-workers-'));
    ({ drop } = await installSite(dataDir));
    site = await startServer(dataDir, 2);
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * Asks `path` on fresh connections until two different workers have answered (the port is
   * answered as soon as one listens; the other may still be starting), within `withinMs`.
   */
  async function bothWorkersAnswer(path: string, withinMs: number): Promise<Set<string>> {
    const seen = new Set<string>();
    const started = Date.now();
    while (seen.size < 2) {
      expect(Date.now() - started).toBeLessThan(withinMs);
      const res = await getOnce(`${site.url}${path}`);
      expect(res.status).toBe(200);
      seen.add(String(res.headers['x-inquire-worker']));
    }
    return seen;
  }

  it('[P-5] both workers answer on the one port, and a write shows on both within 2 s', async () => {
    expect((await bothWorkersAnswer('/questions', 60_000)).size).toBe(2);
    // Once both listen, connections go to each in turn: a few requests reach both.
    expect((await bothWorkersAnswer('/questions', 2000)).size).toBe(2);
    const token = await adminToken(site.url);
    const title = `Asked through the workers on ${TEST_DB}`;
    await write(site.url, token, 'POST', '/api/v1/question', ask(title));
    const started = Date.now();
    const showing = new Set<string>();
    while (showing.size < 2) {
      const res = await getOnce(`${site.url}/questions`);
      if (res.body.includes(title)) showing.add(String(res.headers['x-inquire-worker']));
      else expect(Date.now() - started).toBeLessThanOrEqual(ACROSS_PROCESSES_MS);
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  it('[P-5] a killed worker is replaced, and SIGTERM stops the primary and every worker', async () => {
    const primary = site.child.pid as number;
    const before = childrenOf(primary);
    expect(before).toHaveLength(2);
    const [victim] = before as [number];
    process.kill(victim, 'SIGKILL');
    const deadline = Date.now() + 30_000;
    let after = childrenOf(primary);
    while (after.length < 2 || after.includes(victim)) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 100));
      after = childrenOf(primary);
    }
    // The new worker answers once it listens; until then the survivor serves every request.
    const replacement = after.find((pid) => !before.includes(pid)) as number;
    expect(replacement).toBeGreaterThan(0);
    const ids = await bothWorkersAnswer('/healthz', deadline - Date.now());
    expect(ids.has('1') && ids.has('2')).toBe(false); // one of them is a new worker

    const code = await site.stop();
    expect(code).toBe(0);
    for (const pid of after) expect(isAlive(pid)).toBe(false);
  });
});
