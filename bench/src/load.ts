/**
 * One bounded load on one address (autocannon, loopback only), with the server's memory
 * sampled while it runs: the resident set of every process of the server (a primary and
 * its workers), summed. Summed RSS counts the pages the processes share (node's own code,
 * mapped by each) once per process; the proportional set (PSS) is sampled beside it, where
 * each shared page is split among its sharers, so the sum counts it once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadTarget {
  name: string;
  /** Absolute http://127.0.0.1 address. */
  url: string;
  headers?: Record<string, string>;
  /** A different query string on every request (`?bench=N`), so no cache can answer. */
  vary?: boolean;
  /** Paths (with their query strings) asked in turn instead of `url`'s, each once before any repeats. */
  paths?: string[];
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
  let peak = 0;
  let peakPss = 0;
  const sample = () => {
    if (!options.serverPid) return;
    peak = Math.max(peak, treeRssMB(options.serverPid));
    peakPss = Math.max(peakPss, treePssMB(options.serverPid));
  };
  sample();
  const sampler = setInterval(sample, 250);
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
      connections: options.connections,
      duration,
      headers: target.headers,
      ...(target.vary || paths
        ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: nextPath() }) }] }
        : {}),
    });
  try {
    if (options.warmupSeconds) await load(options.warmupSeconds);
    const result = await load(options.seconds);
    sample();
    return {
      name: target.name,
      reqPerSec: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      completed: result.requests.total,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      rssMB: peak,
      pssMB: peakPss,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** The process and all its descendants (from /proc: Linux only). */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid …": the name may hold spaces and parentheses, so read after the last ")".
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while the table was read.
    }
  }
  const tree: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift() as number;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** Summed resident memory of a process tree, MB (10^6 bytes, as the 400 MB target). */
export function treeRssMB(root: number): number {
  return treeSumMB(root, 'status', /VmRSS:\s+(\d+)/);
}

/** Summed proportional set size of a process tree, MB: shared pages counted once in all. */
export function treePssMB(root: number): number {
  return treeSumMB(root, 'smaps_rollup', /^Pss:\s+(\d+)/m);
}

function treeSumMB(root: number, file: string, field: RegExp): number {
  let kb = 0;
  for (const pid of processTree(root)) {
    try {
      kb += Number(field.exec(readFileSync(`/proc/${pid}/${file}`, 'utf8'))?.[1] ?? 0);
    } catch {
      // Gone meanwhile.
    }
  }
  return Math.round((kb * 1024) / 1e6);
}
