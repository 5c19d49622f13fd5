/**
 * `npm run bench [-- --scale N] [--engines sqlite,postgres] [--seconds S] [--warmup S] [--connections C]
 *   [--skip-lighthouse] [--site DIR]`
 *
 * Installs a site (SQLite, and PostgreSQL on a throwaway cluster), seeds it with `inquire
 * seed` (2,000 questions x 5 answers and 100 members by default; with --scale N, N questions
 * x 3 answers and N/100 members on both engines), starts it with `inquire start` as an
 * operator would, and loads it next to nginx serving a static 50 KB file in the same run:
 * guest question page (cache hit and miss), member question page, list page, tag page and the
 * list and question APIs, each for a bounded time on 127.0.0.1 only, after a few unmeasured
 * seconds of the same load (load.ts: warmupSeconds). Prints req/s (and as a
 * share of the static file's), p50, p99 and the server's memory (all its processes), the
 * in-process render time, Lighthouse scores, and the targets with whether each is met.
 *
 * `--site DIR` loads a site already installed and seeded in DIR (its own engine, from its
 * config.yaml) instead of making one, and leaves it in place: a 1M-question seed takes longer
 * than the loads, so a scale run can measure one seeded site several times. With --scale N it
 * is reported against the targets for N questions.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readSiteConfig } from '../../apps/server/src/config/config.js';
import { REPO } from '../../e2e/support/server.js';
import { formatScores, runLighthouse } from './lighthouse.js';
import { runLoad, type LoadResult, type LoadTarget } from './load.js';
import { startNginx, type StaticServer } from './nginx.js';
import type { RenderTiming } from './render-budget.js';
import { searchMix } from './search-mix.js';
import {
  adminCookie,
  installSite,
  memberCookie,
  pagesOf,
  seedSite,
  startServer,
  type Engine,
  type SeedSize,
} from './site.js';
import { checkTargets, percent, type EngineRun } from './targets.js';

const { values: flags } = parseArgs({
  options: {
    scale: { type: 'string' },
    engines: { type: 'string' },
    seconds: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string' },
    'skip-lighthouse': { type: 'boolean', default: false },
    site: { type: 'string' },
  },
});

const SECONDS = Number(flags.seconds ?? process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(flags.warmup ?? process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(flags.connections ?? process.env.BENCH_CONNECTIONS ?? 16);
/** Distinct searches in the seeded community's words (search-mix.ts): issue 10's search target. */
const SEARCHES = searchMix(4000).map((q) => `/answer/api/v1/search?q=${encodeURIComponent(q)}`);

function seedSize(): SeedSize {
  if (flags.scale) {
    const questions = Number(flags.scale);
    return { questions, answers: 3, users: Math.max(100, Math.round(questions / 100)) };
  }
  return {
    questions: Number(process.env.BENCH_QUESTIONS ?? 2000),
    answers: Number(process.env.BENCH_ANSWERS ?? 5),
    users: 100,
  };
}

function engines(): Engine[] {
  if (flags.site) return [siteEngine(flags.site)];
  const listed = (flags.engines ?? (flags.scale ? 'sqlite,postgres' : 'sqlite')).split(',');
  return listed.map((name) => {
    if (name !== 'sqlite' && name !== 'postgres') throw new Error(`unknown engine "${name}": sqlite or postgres`);
    return name;
  });
}

/** The engine of an installed site, from its config.yaml. */
function siteEngine(dataDir: string): Engine {
  const driver = readSiteConfig(dataDir)?.db.driver;
  if (!driver) throw new Error(`--site ${dataDir}: no installed site there (config.yaml)`);
  return driver;
}

/** A throwaway PostgreSQL cluster (scripts/pg-cluster.sh), stopped and removed by `stop`. */
function startPostgres(): { url: string; stop(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'inquire-bench-pg-'));
  const script = join(REPO, 'scripts', 'pg-cluster.sh');
  const started = spawnSync('bash', [script, 'start', dir], { encoding: 'utf8' });
  if (started.status !== 0) throw new Error(`could not start PostgreSQL: ${started.stderr}`);
  return {
    url: started.stdout.trim(),
    stop: () => void spawnSync('bash', [script, 'stop', dir], { stdio: 'inherit' }),
  };
}

const LABEL: Record<Engine, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

function row(cells: (string | number)[]): string {
  return cells.join(' | ');
}

function printLoad(result: LoadResult, reference: LoadResult): void {
  const flagsOf = [
    result.completed ? '' : 'no answer within the run',
    result.errors ? `${result.errors} errors` : '',
    result.non2xx ? `${result.non2xx} non-2xx` : '',
  ]
    .filter(Boolean)
    .join(', ');
  console.log(
    row([
      result.name,
      Math.round(result.reqPerSec),
      percent(result, reference),
      result.p50,
      result.p99,
      result.rssMB || '-',
      result.pssMB || '-',
      flagsOf,
    ]),
  );
}

async function benchEngine(
  engine: Engine,
  size: SeedSize,
  nginx: StaticServer,
  lighthouse: boolean,
): Promise<EngineRun> {
  const given = flags.site;
  const dataDir = given ?? mkdtempSync(join(tmpdir(), 'inquire-bench-'));
  const postgres = engine === 'postgres' && !given ? startPostgres() : undefined;
  try {
    if (given) {
      console.log(`\n## ${LABEL[engine]}: the site in ${given}, as seeded (reported as ${size.questions} questions)`);
    } else {
      installSite(dataDir, engine, postgres?.url);
      console.log(
        `\n## ${LABEL[engine]}: seeding ${size.questions} questions x ${size.answers} answers, ${size.users} members`,
      );
      console.log(await seedSite(dataDir, size));
    }
    const server = await startServer(dataDir);
    let run: Omit<EngineRun, 'memberRenderMedianMs'>;
    let pages: Awaited<ReturnType<typeof pagesOf>>;
    try {
      pages = await pagesOf(server.url);
      const cookie = await memberCookie(server.url);
      const staffCookie = await adminCookie(server.url);
      const at = (path: string) => `${server.url}${path}`;
      const question = `question page with ${pages.answers} answers`;
      const targets: Record<string, LoadTarget> = {
        guestQuestionHit: { name: `${question}, guest, cache hit`, url: at(pages.question) },
        guestQuestionMiss: { name: `${question}, guest, cache miss`, url: at(pages.question), vary: true },
        memberQuestion: { name: `${question}, member`, url: at(pages.question), headers: { cookie } },
        // Printed beside the member's: staff pages also read review counts and moderation records.
        staffQuestion: { name: `${question}, staff`, url: at(pages.question), headers: { cookie: staffCookie } },
        guestListHit: { name: 'question list page, guest, cache hit', url: at(pages.list) },
        guestTagHit: { name: 'tag page, guest, cache hit', url: at(pages.tag) },
        listApi: { name: 'GET question/page (20 items)', url: at('/answer/api/v1/question/page?page=1&page_size=20') },
        questionApi: { name: 'GET question/info', url: at(`/answer/api/v1/question/info?id=${pages.questionId}`) },
        // Staff are not limited to 20 searches a minute, so the load measures the search itself.
        searchApi: {
          name: `GET search, ${SEARCHES.length} distinct queries in turn`,
          url: at(SEARCHES[0]!),
          paths: SEARCHES,
          headers: { cookie: staffCookie },
        },
        // Printed, not checked against a target: what one reader waits when nobody else searches
        // (the load of 16 measures this machine's cores as much as the engine). After it: its
        // first queries would otherwise be pages the search service kept from this one.
        searchApiAlone: {
          name: 'GET search, the same queries, 1 connection',
          url: at(SEARCHES[0]!),
          paths: SEARCHES,
          headers: { cookie: staffCookie },
          connections: 1,
        },
      };
      console.log(
        `\n${SECONDS} s per target after ${WARMUP_SECONDS} s unmeasured, ${CONNECTIONS} connections, server: inquire start (defaults), ${server.url}`,
      );
      console.log(`machine: ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} before the loads`);
      console.log(row(['target', 'req/s', '% of static', 'p50 ms', 'p99 ms', 'server RSS MB', 'server PSS MB', '']));
      const options = { seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS };
      const weight = await pageWeight(at(pages.question));
      console.log(`${question}: ${(weight / 1024).toFixed(1)} KB of HTML with its hydration data (uncompressed)`);
      const staticFile = await runLoad({ name: 'static 50 KB file (nginx)', url: nginx.url }, options);
      printLoad(staticFile, staticFile);
      const results: Record<string, LoadResult> = {};
      for (const [key, target] of Object.entries(targets)) {
        results[key] = await runLoad(target, { ...options, serverPid: server.pid });
        printLoad(results[key] as LoadResult, staticFile);
        await drained(server.url);
      }
      const get = (key: string) => results[key] as LoadResult;
      run = {
        engine: LABEL[engine],
        questions: size.questions,
        staticFile,
        guestQuestionHit: get('guestQuestionHit'),
        guestListHit: get('guestListHit'),
        memberQuestion: get('memberQuestion'),
        listApi: get('listApi'),
        questionApi: get('questionApi'),
        searchApi: get('searchApi'),
        peakRssMB: Math.max(...Object.values(results).map((r) => r.rssMB)),
        peakPssMB: Math.max(...Object.values(results).map((r) => r.pssMB)),
        questionPageBytes: weight,
      };
      if (lighthouse) await lighthouseHook(server.url, ['/', pages.question, pages.tag, pages.user]);
    } finally {
      await server.stop();
    }
    const renders = renderBudget(dataDir, pages.question, pages.list);
    console.log('\nserver render (whole request, in-process) | median ms | p95 ms');
    for (const t of renders) console.log(row([t.path, t.medianMs, t.p95Ms]));
    return { ...run, memberRenderMedianMs: renders[0]?.medianMs ?? Number.POSITIVE_INFINITY };
  } finally {
    if (!given) rmSync(dataDir, { recursive: true, force: true });
    postgres?.stop();
  }
}

/** The bytes of a page as a guest receives it, uncompressed (what the 48 KB is of). */
async function pageWeight(url: string): Promise<number> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  return Buffer.byteLength(await response.text());
}

/**
 * Waits until the server answers /healthz promptly again: requests a slow target left in
 * flight when its load ended must not be counted against the next target.
 */
async function drained(url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  // Several prompt answers in a row: the primary hands connections to its workers in turn.
  let prompt = 0;
  while (Date.now() < deadline) {
    const started = Date.now();
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(30_000) })
      .then((r) => r.ok)
      .catch(() => false);
    prompt = ok && Date.now() - started < 200 ? prompt + 1 : 0;
    if (prompt >= 4) return;
  }
  console.log('  (the server was still busy 2 minutes after the load ended)');
}

/**
 * Lighthouse (mobile) on the home, question, tag and user pages, through the runner of
 * `lighthouse.ts`. A failure there is reported and does not lose the load figures.
 */
async function lighthouseHook(baseUrl: string, paths: string[]): Promise<void> {
  console.log('\nLighthouse (mobile preset, Debian Chromium)');
  try {
    console.log(formatScores(await runLighthouse(baseUrl, paths)));
  } catch (error) {
    console.log(`Lighthouse did not run: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Whole-request render times in-process, the question page for a member (no cache) first: in
 * a process of its own (render-process.ts), with the production build of React.
 */
function renderBudget(dataDir: string, questionPath: string, listPath: string): RenderTiming[] {
  const script = fileURLToPath(new URL('./render-process.ts', import.meta.url));
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, dataDir, questionPath, listPath], {
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`the render budget did not run: ${result.stderr}${result.stdout}`);
  return JSON.parse(result.stdout.trim().split('\n').pop() ?? '[]') as RenderTiming[];
}

function printTargets(runs: EngineRun[]): void {
  console.log("\n## The issue's targets (printed, not asserted)");
  for (const run of runs) {
    console.log(`\n${run.engine}, ${run.questions.toLocaleString('en-US')} questions:`);
    for (const check of checkTargets(run)) {
      console.log(`  [${check.met ? 'met' : 'NOT met'}] ${check.target}: ${check.measured}`);
    }
  }
}

async function main(): Promise<void> {
  const size = seedSize();
  const nginx = await startNginx();
  const runs: EngineRun[] = [];
  try {
    for (const [i, engine] of engines().entries()) {
      runs.push(await benchEngine(engine, size, nginx, i === 0 && !flags['skip-lighthouse']));
    }
  } finally {
    await nginx.stop();
  }
  printTargets(runs);
}

await main();
