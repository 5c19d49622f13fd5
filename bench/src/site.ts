/**
 * The site under load: installed with `inquire init` on SQLite or PostgreSQL, filled with
 * `inquire seed`, and started with `inquire start` exactly as an operator would (default
 * options: one process per core), on a free loopback port.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ADMIN, freePort, REPO } from '../../e2e/support/server.js';
import { questionPath } from '../../packages/shared/src/permalink.js';

const CLI = join(REPO, 'apps', 'server', 'bin', 'inquire.mjs');

export type Engine = 'sqlite' | 'postgres';

export interface SeedSize {
  questions: number;
  answers: number;
  users: number;
}

/** `inquire init`: the unattended install, on the engine asked for. */
export function installSite(dataDir: string, engine: Engine, postgresUrl?: string): void {
  const db = engine === 'sqlite' ? ['--db', 'sqlite'] : ['--db', 'postgres', '--db-url', postgresUrl ?? ''];
  const result = spawnSync(
    process.execPath,
    [
      CLI,
      'init',
      '--data-dir',
      dataDir,
      ...db,
      '--site-name',
      'Bench Site',
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
}

/** `inquire seed`; answers its summary line ("Wrote … in N s."). */
export async function seedSite(dataDir: string, size: SeedSize): Promise<string> {
  const args = [
    CLI,
    'seed',
    '--data-dir',
    dataDir,
    '--questions',
    String(size.questions),
    '--answers',
    String(size.answers),
    '--users',
    String(size.users),
  ];
  // Asynchronous, with the progress bar passed through: a large seed takes minutes.
  const child = spawn(process.execPath, [...args, '--progress'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`inquire seed failed (${code}): ${output}`);
  return output
    .trim()
    .split('\n')
    .filter((line) => !line.startsWith('Seeding'))
    .join(' ');
}

export interface RunningServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** `inquire start` with its defaults, waiting for /healthz. */
export async function startServer(dataDir: string): Promise<RunningServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [CLI, 'start', '--data-dir', dataDir, '--port', String(port)], {
    env: { ...process.env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`inquire start exited early:\n${output}`);
    const healthy = await fetch(`${url}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`inquire start did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid as number,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

async function api<T>(url: string, path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${url}/answer/api/v1/${path}`, init);
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/**
 * The member the bench reads pages as: a plain member (no staff rights, so no review counts or
 * moderation reads), as most readers who sign in are. Seeded members have no password.
 */
export const BENCH_MEMBER = {
  name: 'Bench Member',
  email: 'bench-member@example.com',
  password: 'bench-password-1',
} as const;

async function signIn(url: string, account: { email: string; password: string }): Promise<string> {
  const session = await api<{ access_token: string }>(url, 'user/login/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ e_mail: account.email, pass: account.password }),
  });
  return session.access_token;
}

/** Signs the admin in through the API, as the sign-in page does; answers the session cookie. */
export async function adminCookie(url: string): Promise<string> {
  return `inquire_token=${await signIn(url, ADMIN)}`;
}

/**
 * Signs the bench's member in, adding them through the admin's bulk add the first time (a
 * site measured again already has them: the add is refused as taken, and that is fine).
 */
export async function memberCookie(url: string): Promise<string> {
  const admin = await signIn(url, ADMIN);
  const added = await fetch(`${url}/answer/admin/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: admin, cookie: `inquire_token=${admin}` },
    body: JSON.stringify({ users: `${BENCH_MEMBER.name}, ${BENCH_MEMBER.email}, ${BENCH_MEMBER.password}` }),
  });
  const refusal = added.ok ? '' : await added.text();
  try {
    return `inquire_token=${await signIn(url, BENCH_MEMBER)}`;
  } catch (error) {
    throw new Error(`the bench member cannot sign in (adding them answered: ${refusal || 'ok'})`, { cause: error });
  }
}

interface ListedQuestion {
  id: string;
  url_title: string;
  answer_count: number;
  tags: { slug_name: string }[];
  operator: { username: string };
}

export interface SitePages {
  question: string;
  answers: number;
  questionId: string;
  list: string;
  tag: string;
  user: string;
}

/** The pages to load, from the site's own newest questions: the one with the most answers. */
export async function pagesOf(url: string): Promise<SitePages> {
  const page = await api<{ list: ListedQuestion[] }>(url, 'question/page?page=1&page_size=20');
  const question = [...page.list].sort((a, b) => b.answer_count - a.answer_count)[0];
  if (!question) throw new Error('the seeded site has no question to load');
  const site = await api<{ site_seo: { permalink: number } }>(url, 'siteinfo');
  return {
    // The canonical address, so the load measures the page and not a redirect to it.
    question: questionPath(question, site.site_seo.permalink),
    answers: question.answer_count,
    questionId: question.id,
    list: '/questions',
    tag: `/tags/${encodeURIComponent(question.tags[0]?.slug_name ?? '')}`,
    user: `/users/${encodeURIComponent(question.operator.username)}`,
  };
}
