import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SiteRuntime } from '../../apps/server/src/infra/site.js';

export const REPO = resolve(import.meta.dirname, '..', '..');
const CLI = join(REPO, 'apps', 'server', 'bin', 'inquire.mjs');

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningSite {
  url: string;
  dataDir: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

export const ADMIN = { name: 'admin', email: 'admin@example.com', password: 'admin-password-1' } as const;

let databases = 0;

/**
 * The engine the suite installs its sites on: SQLite, or with INQUIRE_E2E_DB=postgres a new
 * database per site in the test cluster of INQUIRE_TEST_PG_URL (the test script runs the
 * moderation, notification and admin flows that way too).
 */
function engineArgs(): string[] {
  if (process.env.INQUIRE_E2E_DB !== 'postgres') return ['--db', 'sqlite'];
  const base = process.env.INQUIRE_TEST_PG_URL;
  if (!base) throw new Error('INQUIRE_E2E_DB=postgres needs INQUIRE_TEST_PG_URL (the PostgreSQL test cluster)');
  databases += 1;
  const name = `e2e_${process.pid}_${databases}`;
  const made = spawnSync('psql', [base, '-v', 'ON_ERROR_STOP=1', '-c', `create database ${name}`], {
    encoding: 'utf8',
  });
  if (made.status !== 0) throw new Error(`could not create the PostgreSQL database ${name}: ${made.stderr}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return ['--db', 'postgres', '--db-url', url.toString()];
}

/** `inquire init` on a new data directory: the unattended install, same code as the wizard. */
export function initSite(dataDir: string, extra: string[] = []): void {
  const result = spawnSync(
    process.execPath,
    [
      CLI,
      'init',
      '--data-dir',
      dataDir,
      ...engineArgs(),
      '--site-name',
      'E2E Site',
      '--site-url',
      'http://127.0.0.1',
      '--contact-email',
      'owner@example.com',
      '--admin-name',
      ADMIN.name,
      '--admin-email',
      ADMIN.email,
      '--admin-password',
      ADMIN.password,
      ...extra,
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`inquire init failed: ${result.stderr}${result.stdout}`);
}

/** `inquire seed` on an installed data directory: a realistic community for the pages to show. */
export function seedSite(dataDir: string, size: { questions: number; answers: number; users: number }): void {
  const args = [
    'seed',
    '--data-dir',
    dataDir,
    '--questions',
    String(size.questions),
    '--answers',
    String(size.answers),
  ];
  const result = spawnSync(process.execPath, [CLI, ...args, '--users', String(size.users)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`inquire seed failed: ${result.stderr}${result.stdout}`);
}

/** The log of every server this test file started and has not stopped, by address. */
const runningLogs = new Map<string, () => string>();

/** The last lines each running server wrote (warnings and errors), for a failed test's report. */
export function serverLogTails(): string[] {
  return [...runningLogs].map(([url, log]) => `--- server ${url} log tail:\n${log().slice(-3_000) || '(empty)'}`);
}

/** Starts the built server (`inquire start`) on a free loopback port and waits for /healthz. */
export async function startSite(
  options: {
    installed?: boolean;
    dataDir?: string;
    initArgs?: string[];
    /**
     * Processes (`--workers`). One unless a test asks: with several, a guest page another
     * process cached may lag a write by up to its poll (250 ms), which browser steps that
     * load right after a write would trip over.
     */
    workers?: number;
  } = {},
): Promise<RunningSite> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'inquire-e2e-'));
  if (options.installed) initSite(dataDir, options.initArgs);
  const port = await freePort();
  const args = ['start', '--data-dir', dataDir, '--port', String(port), '--workers', String(options.workers ?? 1)];
  const child: ChildProcess = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const healthy = await fetch(`${url}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  runningLogs.set(url, () => output);
  return {
    url,
    dataDir,
    pid: child.pid,
    async stop() {
      runningLogs.delete(url);
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        // The server exits by itself within 10 s; a hung one must not hang the suite.
        const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(killer);
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Works on a running site's database in-process, as its admin's settings would change it (the
 * SMTP server, the site URL, a plugin's switch): opened for `work` and closed after it.
 */
export async function withSiteRuntime(
  site: Pick<RunningSite, 'dataDir'>,
  work: (runtime: SiteRuntime) => Promise<void>,
): Promise<void> {
  const runtime = new SiteRuntime(site.dataDir);
  await runtime.open();
  try {
    await work(runtime);
  } finally {
    await runtime.close();
  }
}
