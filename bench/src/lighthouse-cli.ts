/**
 * `npm run lighthouse -w @inquire/bench [-- --url http://127.0.0.1:PORT] [--runs N]`:
 * Lighthouse (mobile) on the home page, a question page with answers, a tag page and a
 * user page. With --url it audits that running site; without, it installs and seeds a site
 * (200 questions x 5 answers) and starts it on a free loopback port. Audits the web app as
 * last built (apps/web/dist): run `npm run build` first.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { initSite, REPO, startSite } from '../../e2e/support/server.js';
import { questionPath } from '../../packages/shared/src/permalink.js';
import { formatScores, runLighthouse } from './lighthouse.js';

interface ListedQuestion {
  id: string;
  url_title: string;
  answer_count: number;
  tags: { slug_name: string }[];
  operator: { username: string };
}

async function api<T>(baseUrl: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}/answer/api/v1/${path}`);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

/** The four kinds of page a reader lands on, taken from the site's own data. */
async function pagesOf(baseUrl: string): Promise<string[]> {
  const page = await api<{ list: ListedQuestion[] }>(baseUrl, 'question/page?page=1&page_size=20&order=active');
  const question = [...page.list].sort((a, b) => b.answer_count - a.answer_count)[0];
  if (!question) throw new Error('the site has no question to audit');
  const site = await api<{ site_seo: { permalink: number } }>(baseUrl, 'siteinfo');
  const tag = question.tags[0]?.slug_name ?? '';
  return [
    '/',
    questionPath(question, site.site_seo.permalink),
    `/tags/${encodeURIComponent(tag)}`,
    `/users/${encodeURIComponent(question.operator.username)}`,
  ];
}

function seed(dataDir: string): void {
  const cli = join(REPO, 'apps', 'server', 'bin', 'inquire.mjs');
  const args = [cli, 'seed', '--data-dir', dataDir, '--questions', '200', '--answers', '5'];
  const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`inquire seed failed: ${result.stderr}${result.stdout}`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { url: { type: 'string' }, runs: { type: 'string', default: '1' } } });
  const runs = Number(values.runs);
  if (values.url) {
    const paths = await pagesOf(values.url);
    console.log(formatScores(await runLighthouse(values.url, paths, { runs })));
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'inquire-lighthouse-'));
  try {
    initSite(dataDir);
    seed(dataDir);
    const site = await startSite({ dataDir });
    try {
      const paths = await pagesOf(site.url);
      console.log(formatScores(await runLighthouse(site.url, paths, { runs })));
    } finally {
      await site.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
