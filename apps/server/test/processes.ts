import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { ADMIN, freshPostgresDatabase, TEST_DB } from './harness.js';

/**
 * Real `inquire` processes for the tests that need more than one (the page cache across
 * processes, `--workers`): installed with `inquire init` on this run's engine, started with
 * `inquire start` on free loopback ports.
 */
const CLI = fileURLToPath(new URL('../bin/inquire.mjs', import.meta.url));

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

/** Installs a site in `dataDir` (SQLite file, or a fresh PostgreSQL database); answers how to drop it. */
export async function installSite(dataDir: string): Promise<{ drop(): Promise<void> }> {
  let db = ['--db', 'sqlite', '--db-file', 'inquire.db'];
  let drop = async () => {};
  if (TEST_DB === 'postgres') {
    const database = await freshPostgresDatabase();
    db = ['--db', 'postgres', '--db-url', database.url];
    drop = database.drop;
  }
  const result = spawnSync(
    process.execPath,
    [
      CLI,
      'init',
      '--data-dir',
      dataDir,
      ...db,
      '--site-name',
      'Processes',
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
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`inquire init failed: ${result.stderr}${result.stdout}`);
  return { drop };
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM, then waits for the exit (SIGKILL after 20 s so a hung server cannot hang the suite). */
  stop(): Promise<number | null>;
}

/** `inquire start` on a free port; resolves once /healthz answers. */
export async function startServer(dataDir: string, workers: number): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [CLI, 'start', '--data-dir', dataDir, '--port', String(port), '--workers', String(workers)],
    { env: { ...process.env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`inquire start exited early:\n${output}`);
    const healthy = await fetch(`${url}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`inquire start did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        const code = await exited;
        clearTimeout(killer);
        return code;
      }
      return child.exitCode;
    },
  };
}

/** One GET on a connection of its own (no keep-alive), so each one may reach another worker. */
export async function getOnce(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((done, fail) => {
    const req = httpRequest(url, { agent: false, headers: { connection: 'close', ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

/** The admin's token, signed in through a server's API. */
export async function adminToken(url: string): Promise<string> {
  const res = await fetch(`${url}/answer/api/v1/user/login/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ e_mail: ADMIN.email, pass: ADMIN.password }),
  });
  const body = (await res.json()) as { data: { access_token: string } };
  return body.data.access_token;
}

/** An API write through a server, as the admin; fails the test on anything but 200. */
export async function write(
  url: string,
  token: string,
  method: 'POST' | 'PUT',
  path: string,
  body: object,
): Promise<unknown> {
  const res = await fetch(`${url}/answer${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return (JSON.parse(text) as { data: unknown }).data;
}

/**
 * Loads `url` as a guest until `seen` holds, for at most `withinMs`; answers how long it took,
 * or fails naming the bound. Polls (a fresh request every 50 ms), never a fixed sleep.
 */
export async function visibleWithin(url: string, seen: (html: string) => boolean, withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const page = await getOnce(url);
    if (page.status === 200 && seen(page.body)) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`not visible at ${url} within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A primary's workers: its child processes running `inquire` (not, say, tsx's esbuild service). */
export function childrenOf(pid: number): number[] {
  const result = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' });
  return result.stdout
    .split('\n')
    .filter((line) => line.includes('inquire.mjs'))
    .map((line) => Number(line.trim().split(/\s+/)[0]))
    .filter((n) => n > 0);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
