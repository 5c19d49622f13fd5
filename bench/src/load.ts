/**
 * One bounded load on one address (autocannon, loopback only), with the server's memory
 * sampled while it runs (memory-sampler.ts: summed RSS and PSS of its processes).
 */
import autocannon from 'autocannon';
import { sampleMemory, type MemoryPeaks } from './memory-sampler.js';

export interface LoadTarget {
  name: string;
  /** Absolute http://127.0.0.1 address. */
  url: string;
  headers?: Record<string, string>;
  /** A different query string on every request (`?bench=N`), so no cache can answer. */
  vary?: boolean;
  /** Paths (with their query strings) asked in turn instead of `url`'s, each once before any repeats. */
  paths?: string[];
  /** Connections for this target instead of the run's (LoadOptions.connections). */
  connections?: number;
}

export interface LoadResult {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Requests answered within the run (0: the target never answered in time). */
  completed: number;
  errors: number;
  non2xx: number;
  /** Highest summed RSS of the server's processes during the load, MB (0 when not sampled). */
  rssMB: number;
  /** Highest summed PSS of the same processes, MB (0 when not sampled). */
  pssMB: number;
}

export interface LoadOptions {
  seconds: number;
  connections: number;
  /** The server's root process, whose process tree is sampled. */
  serverPid?: number;
  /**
   * The same load this long first, not measured (memory is sampled through it): a worker's first
   * seconds on a path are spent compiling it (measured: guest question page hits at 1.4k, 2.2k,
   * 3.3k, 3.9k, 4.6k req/s in a fresh server's first five seconds, then ~6.5k), so an unwarmed
   * target's figure says more about V8's tiers than about the path.
   */
  warmupSeconds?: number;
}

export async function runLoad(target: LoadTarget, options: LoadOptions): Promise<LoadResult> {
  const address = new URL(target.url);
  if (address.hostname !== '127.0.0.1') throw new Error(`the bench loads 127.0.0.1 only, not ${address.hostname}`);
  if (!target.vary && !target.paths) {
    // One request first, so a "cache hit" target measures hits and not the first render.
    await fetch(target.url, { headers: target.headers, signal: AbortSignal.timeout(120_000) }).catch(() => undefined);
  }
  const sampler = options.serverPid ? sampleMemory(options.serverPid) : undefined;
  let counter = 0;
  const base = `${address.pathname}${address.search}`;
  const separator = address.search ? '&' : '?';
  const { paths } = target;
  const nextPath = (): string | undefined => {
    counter += 1;
    if (paths) return paths[(counter - 1) % paths.length];
    return target.vary ? `${base}${separator}bench=${counter}` : undefined;
  };
  const load = (duration: number) =>
    autocannon({
      url: target.url,
      connections: target.connections ?? options.connections,
      duration,
      headers: target.headers,
      ...(target.vary || paths
        ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: nextPath() }) }] }
        : {}),
    });
  let result: autocannon.Result;
  let memory: MemoryPeaks | undefined;
  try {
    if (options.warmupSeconds) await load(options.warmupSeconds);
    result = await load(options.seconds);
  } finally {
    memory = await sampler?.stop();
  }
  return {
    name: target.name,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    completed: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    rssMB: memory?.rssMB ?? 0,
    pssMB: memory?.pssMB ?? 0,
  };
}
