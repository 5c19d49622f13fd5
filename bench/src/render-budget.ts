/**
 * Server render time of pages, in-process (no network): the median must stay under the
 * 5 ms budget of docs/ARCHITECTURE.md. Reported by `npm run bench`, never asserted in tests.
 */
import type { FastifyInstance } from 'fastify';

export interface RenderTiming {
  path: string;
  medianMs: number;
  p95Ms: number;
}

/**
 * Renders of each target before it is measured (at most 10 s of them: slow pages at scale).
 * Medians of successive 200 renders of a member's question page in a fresh process (2,000
 * questions, SQLite): 4.71 4.24 3.82 3.81 4.46 3.67 3.54 3.36 3.34 3.45 ... 3.46 ms, and in a
 * second run 4.98 4.50 4.06 ... 3.29: V8 is still optimizing the render for some 1,500 renders.
 * With 200, the first target measured the second window (4.9 ms against 3.8 after 1,000).
 */
const WARMUP_RENDERS = 2_000;
const WARMUP_LIMIT_MS = 10_000;

/**
 * One turn of the event loop, as a server takes between requests (each arrives by I/O). Renders
 * awaited back to back never leave the microtask queue, SQLite's calls being synchronous, so
 * the immediates each inject schedules (its fake socket's write callbacks) queue up unrun and
 * keep every response reachable (the list API's held ~115 KB each), so this process's heap grew
 * through the whole measurement, and a member page's loop in a worker-sized heap (160 MB) ran
 * out of memory within 700 renders.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function measureRenders(
  app: FastifyInstance,
  /** `vary`: a different query string each time (`?bench=N`), so no page cache answers. */
  targets: { path: string; cookie?: string; vary?: boolean }[],
  rounds = 500,
  /** Each target stops sampling after this long (and at least 10 samples): slow pages at scale. */
  secondsPerTarget = 20,
): Promise<RenderTiming[]> {
  const results: RenderTiming[] = [];
  for (const target of targets) {
    const headers = target.cookie ? { cookie: target.cookie } : {};
    const separator = target.path.includes('?') ? '&' : '?';
    const url = (i: number) => (target.vary ? `${target.path}${separator}bench=${i}` : target.path);
    // Warmed as the loads are (load.ts): a server renders a page thousands of times, and its
    // first thousand renders are spent compiling it (V8's tiers), not serving it.
    const warmUntil = Date.now() + WARMUP_LIMIT_MS;
    for (let i = 0; i < WARMUP_RENDERS && Date.now() < warmUntil; i += 1) {
      await nextTurn();
      await app.inject({ method: 'GET', url: url(rounds + i), headers });
    }
    const samples: number[] = [];
    const deadline = Date.now() + secondsPerTarget * 1000;
    for (let i = 0; i < rounds && (i < 10 || Date.now() < deadline); i += 1) {
      await nextTurn();
      const start = process.hrtime.bigint();
      const response = await app.inject({ method: 'GET', url: url(i), headers });
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
      if (response.statusCode !== 200) throw new Error(`${target.path} answered ${response.statusCode}`);
    }
    samples.sort((a, b) => a - b);
    results.push({
      path: target.path,
      medianMs: Number((samples[Math.floor(samples.length / 2)] ?? 0).toFixed(2)),
      p95Ms: Number((samples[Math.floor(samples.length * 0.95)] ?? 0).toFixed(2)),
    });
  }
  return results;
}
