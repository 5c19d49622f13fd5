/**
 * Samples a server's memory (process-memory.ts) through a load from a child process, keeping
 * the peaks. The reads are synchronous and slow (a /proc scan for the tree, ~2 ms; PSS makes
 * the kernel walk every mapping, ~10 ms for three node processes): on the load generator's own
 * thread they froze it ~13 ms in every 250, and each response that arrived meanwhile was
 * timed late. Measured on a guest cache hit at 2,000 questions: p99 20-21 ms sampled there
 * against 17-18 ms not sampled, and ~5% fewer req/s. (A child process and not a worker thread:
 * tsx's loader does not reach worker threads on Node 20.)
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { processTree, pssMB, rssMB } from './process-memory.js';

/** RSS is read this often (ms); PSS, the costly read, every fourth time. */
const SAMPLE_MS = 250;
const PSS_EVERY = 4;

/** Marks the child's run of this module (its path alone would not: the bench imports it too). */
const SAMPLE_ARGUMENT = '--sample-memory-of';

export interface MemoryPeaks {
  rssMB: number;
  pssMB: number;
}

export interface MemorySampler {
  /** Takes a last sample, ends the sampling process and gives the peaks seen since the start. */
  stop(): Promise<MemoryPeaks>;
}

export function sampleMemory(root: number): MemorySampler {
  const child = fork(fileURLToPath(import.meta.url), [SAMPLE_ARGUMENT, String(root)], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const peaks = new Promise<MemoryPeaks>((resolve, reject) => {
    child.once('message', (message) => resolve(message as MemoryPeaks));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the memory sampler exited (${code}) before it reported`)));
  });
  // Read by stop(); until then an early exit must not count as an unhandled rejection.
  peaks.catch(() => undefined);
  return {
    stop: () => {
      child.send('stop');
      return peaks;
    },
  };
}

if (process.argv[2] === SAMPLE_ARGUMENT && process.send) {
  const root = Number(process.argv[3]);
  const peaks: MemoryPeaks = { rssMB: 0, pssMB: 0 };
  let count = 0;
  const sample = (withPss: boolean) => {
    // The tree is read again each time: a worker the server replaced mid-load is counted.
    const pids = processTree(root);
    peaks.rssMB = Math.max(peaks.rssMB, rssMB(pids));
    if (withPss) peaks.pssMB = Math.max(peaks.pssMB, pssMB(pids));
  };
  sample(true);
  const timer = setInterval(() => sample(++count % PSS_EVERY === 0), SAMPLE_MS);
  process.once('message', () => {
    clearInterval(timer);
    sample(true);
    process.send?.(peaks, () => process.exit(0));
  });
}
