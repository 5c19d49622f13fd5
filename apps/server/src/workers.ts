import { spawn } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import type { FastifyInstance } from 'fastify';

/** The most processes `--workers` accepts: far beyond any core count we expect. */
const MAX_WORKERS = 256;
/**
 * V8 limits of each worker. Left to itself V8 lets a busy worker's heap grow to several times
 * what it keeps alive (measured: ~65 MB live, 230-270 MB of heap between full collections), and
 * the resident memory stays there. A smaller young generation and an old-space ceiling well
 * above the live set make it collect sooner. Measured with 2 workers on the seeded 2,000 x 5
 * site, 8 s loads (member question page req/s; peak RSS of all processes): V8's defaults
 * 232 req/s, 736 MB; semi-space 2 MB 161 req/s, 410 MB; 4 MB with a 160 MB old space 198 req/s,
 * 400 MB; 8 MB 195 req/s, 427 MB. On PostgreSQL at 1M questions, whose driver allocates more
 * per page, 8 MB served the member page 287-310 req/s against 226-251 at 4 MB. It had been
 * held at 4 MB because guest cache hits then fell by a third, set off by a page-sized Buffer
 * per hit (full collections); hits are now sent in their stored parts (guest-pages.ts).
 * An operator's own flags (NODE_OPTIONS, node's arguments) win.
 */
const WORKER_HEAP_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=160'];

/**
 * glibc malloc settings of each worker (read once at process start, so they go in the
 * worker's environment). By default glibc gives each thread that allocates (V8's compiler and
 * GC helpers, libuv's pool) an arena of its own, up to 8 per core, and raises its mmap
 * threshold each time a large block is freed, after which large short-lived buffers (a
 * page's HTML, compression state) come from the heap and leave it fragmented. Two arenas and
 * a fixed 256 KB threshold: measured on the 1M-question SQLite site with 2 workers, a fixed
 * set of requests (guest hits and misses, member pages, lists, API, search), peak RSS of all
 * processes 453-462 MB before, 404-417 MB after, with the same CPU time per request. Other
 * platforms ignore them; an operator's own settings win.
 */
const WORKER_MALLOC_ENV: Record<string, string> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '262144',
};

export function workerEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(WORKER_MALLOC_ENV).filter(([name]) => process.env[name] === undefined));
}

function workerExecArgv(): string[] {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  const unset = WORKER_HEAP_FLAGS.filter((flag) => !given.some((arg) => arg.startsWith(flag.split('=')[0] ?? flag)));
  return [...process.execArgv, ...unset];
}

/** `inquire migrate`'s exit code when no site is installed in the data directory yet. */
export const NOT_INSTALLED_EXIT_CODE = 3;
/** A crashed worker is replaced after this pause, so a crash on every start cannot spin. */
const RESTART_DELAY_MS = 1000;
/** Workers stop within 10 s by themselves (cli.ts); past this they are killed. */
const STOP_TIMEOUT_MS = 15_000;

/** `--workers N` (or INQUIRE_WORKERS): a whole number of processes, by default one per core. */
export function parseWorkers(raw: string | undefined): number | string {
  if (raw === undefined || raw.trim() === '') return availableParallelism();
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || n < 1 || n > MAX_WORKERS) {
    return `--workers: a whole number from 1 to ${MAX_WORKERS}`;
  }
  return n;
}

/** True in the process that should fork workers rather than serve. */
export function shouldFork(workers: number): boolean {
  return workers > 1 && cluster.isPrimary;
}

function say(message: string): void {
  process.stdout.write(`inquire: ${message}\n`);
}

/**
 * The primary process of `inquire start --workers N`: brings the database up to date once,
 * then forks N workers that each run the whole app and share the port (node:cluster hands
 * out connections). A worker that crashes after it listened is replaced; one that fails to
 * start stops everything (the same failure would repeat). SIGTERM or SIGINT stops the
 * workers gracefully and then the primary.
 *
 * Before installation one process serves the wizard (the others would not see the database
 * it creates); restart after installing to run several.
 */
export async function runPrimary(dataDir: string, workers: number): Promise<'forked' | 'uninstalled'> {
  if (!(await migrateOnce(dataDir))) {
    say('the site is not installed yet: one process serves the installer; restart after installing for workers');
    return 'uninstalled';
  }
  const listening = new WeakSet<Worker>();
  let stopping = false;

  const fork = () => {
    const worker = cluster.fork(workerEnv());
    worker.once('listening', () => listening.add(worker));
  };

  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
    if (alive.length === 0) process.exit(code);
    for (const worker of alive) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of alive) if (!worker.isDead()) worker.process.kill('SIGKILL');
      process.exit(code);
    }, STOP_TIMEOUT_MS).unref();
    cluster.on('exit', () => {
      if (Object.values(cluster.workers ?? {}).every((w) => w === undefined || w.isDead())) process.exit(code);
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!listening.has(worker)) {
      say(`worker ${worker.process.pid} failed to start (${how}); stopping`);
      stopAll(1);
      return;
    }
    say(`worker ${worker.process.pid} exited (${how}); starting another`);
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS);
  });
  // A write in one worker wakes the live streams of the others (SQLite has no LISTEN/NOTIFY).
  cluster.on('message', (from, message) => {
    if ((message as { inquire?: string } | null)?.inquire !== 'live-wake') return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== from && !worker.isDead()) worker.send(message);
    }
  });
  process.once('SIGTERM', () => stopAll(0));
  process.once('SIGINT', () => stopAll(0));

  cluster.setupPrimary({ execArgv: workerExecArgv() });
  for (let i = 0; i < workers; i += 1) fork();
  say(`primary ${process.pid} started ${workers} workers`);
  return 'forked';
}

/**
 * Runs `inquire migrate` in a child process, so migrations run once before any worker starts
 * and the primary never loads the database code (it stays a small process that only forks
 * and relays); false when the site is not installed yet.
 */
async function migrateOnce(dataDir: string): Promise<boolean> {
  const args = [...process.execArgv, process.argv[1] ?? '', 'migrate', '--data-dir', dataDir];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code === NOT_INSTALLED_EXIT_CODE) return false;
  if (code !== 0) throw new Error(`inquire migrate failed (exit code ${code}): ${errors.trim()}`);
  return true;
}

/**
 * In a worker: every answer names it (`x-inquire-worker`, its cluster id, 1 to N and counting
 * up as crashed ones are replaced), so an operator or a test can see the load spread.
 */
export function identifyWorker(app: FastifyInstance): void {
  const id = String(cluster.worker?.id ?? '');
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-inquire-worker', id);
    return payload;
  });
}
