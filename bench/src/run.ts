/**
 * `npm run bench`: seeds a site (`inquire seed`, 2,000 questions x 5 answers unless
 * BENCH_QUESTIONS / BENCH_ANSWERS say otherwise), starts `inquire start` on a free loopback port, and loads the
 * pages and calls readers hit most, each for a bounded time, then prints throughput,
 * latency and the server's memory. Traffic goes to 127.0.0.1 only.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../../apps/server/src/app.js';
import { ADMIN, initSite, REPO, startSite } from '../../e2e/support/server.js';
import { measureRenders } from './render-budget.js';
import { questionPath } from '../../packages/shared/src/permalink.js';

// Measure what production runs: React's development build renders several times slower.
process.env.NODE_ENV ??= 'production';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 2000);
const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 5);

/** Fills the installed site with a realistic community before the server starts. */
function seedSite(dataDir: string): void {
  const cli = join(REPO, 'apps', 'server', 'bin', 'inquire.mjs');
  const args = ['seed', '--data-dir', dataDir, '--questions', String(QUESTIONS), '--answers', String(ANSWERS)];
  const started = Date.now();
  const result = spawnSync(process.execPath, [cli, ...args, '--users', '100'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`inquire seed failed: ${result.stderr}${result.stdout}`);
  console.log(`seeded ${QUESTIONS} questions x ${ANSWERS} answers in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const TARGETS = [
  { name: 'home page (SSR)', path: '/' },
  { name: 'question list page (SSR)', path: '/questions' },
  { name: 'GET question/page', path: '/answer/api/v1/question/page?page=1&page_size=20' },
  { name: 'GET siteinfo', path: '/answer/api/v1/siteinfo' },
  { name: 'tags page (SSR)', path: '/tags' },
];

/** A question with the seeded number of answers: the page readers arrive on from search engines. */
async function questionPageTarget(url: string): Promise<{ name: string; path: string }> {
  const page = await fetch(`${url}/answer/api/v1/question/page?page=1&page_size=20`);
  const body = (await page.json()) as { data: { list: { id: string; url_title: string; answer_count: number }[] } };
  const question = body.data.list.find((q) => q.answer_count >= ANSWERS) ?? body.data.list[0];
  if (!question) throw new Error('the seeded site has no question to load');
  const site = (await (await fetch(`${url}/answer/api/v1/siteinfo`)).json()) as {
    data: { site_seo: { permalink: number } };
  };
  // The canonical address, so the load measures the page and not a redirect to it.
  return {
    name: `question page with ${question.answer_count} answers (SSR)`,
    path: questionPath(question, site.data.site_seo.permalink),
  };
}

function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'inquire-bench-'));
  initSite(dataDir);
  seedSite(dataDir);
  const site = await startSite({ dataDir });
  try {
    console.log(`Inquire bench: ${SECONDS}s per target, ${CONNECTIONS} connections, ${site.url}\n`);
    console.log('target | req/s | p50 ms | p99 ms | errors | non-2xx');
    for (const target of [...TARGETS, await questionPageTarget(site.url)]) {
      const result = await autocannon({
        url: `${site.url}${target.path}`,
        connections: CONNECTIONS,
        duration: SECONDS,
      });
      console.log(
        `${target.name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors} | ${result.non2xx}`,
      );
    }
    const pid = site.pid;
    if (pid) console.log(`\nserver RSS after load: ${rssOf(pid)} MiB`);
  } finally {
    await site.stop();
  }
  await renderBudget(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
}

/** Whole-request render times in-process, guest and admin, against the 5 ms budget. */
async function renderBudget(dataDir: string): Promise<void> {
  const app = await buildApp({ dataDir });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/answer/api/v1/user/login/email',
      payload: { e_mail: ADMIN.email, pass: ADMIN.password },
    });
    const token = (login.json() as { data: { access_token: string } }).data.access_token;
    const cookie = `inquire_token=${token}`;
    const timings = await measureRenders(app, [
      { path: '/' },
      { path: '/questions' },
      { path: '/users/login' },
      { path: '/tags' },
      { path: '/admin/design', cookie },
    ]);
    console.log('\nserver render (whole request, in-process) | median ms | p95 ms');
    for (const t of timings) console.log(`${t.path} | ${t.medianMs} | ${t.p95Ms}`);
  } finally {
    await app.close();
  }
}

await main();
