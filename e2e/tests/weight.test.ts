import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenOf } from '../support/api.js';
import { launchBrowser, openTab, PHONE } from '../support/browser.js';
import { ADMIN, initSite, REPO, seedSite, startSite, type RunningSite } from '../support/server.js';

/** The budget for the script a reader downloads before the first page works. */
const FIRST_LOAD_BUDGET = 120 * 1024;
const ASSETS = join(REPO, 'apps', 'web', 'dist', 'client', 'assets');

let browser: Browser;
let site: RunningSite;
let dataDir: string;

beforeAll(async () => {
  browser = await launchBrowser();
  dataDir = mkdtempSync(join(tmpdir(), 'inquire-e2e-'));
  initSite(dataDir);
  seedSite(dataDir, { questions: 12, answers: 3, users: 8 });
  site = await startSite({ dataDir });
}, 120_000);
afterAll(async () => {
  await site?.stop();
  await browser?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The built scripts a page asks for from now on, by file name. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/assets/') && path.endsWith('.js')) scripts.push(path.slice('/assets/'.length));
  });
  return scripts;
}

/** A built script's size as the server sends it gzip-compressed (the build's .gz copy). */
function gzipBytes(name: string): number {
  const file = join(ASSETS, name);
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * What every page loads first: the scripts index.html names (the entry and the chunks the build
 * put beside it) and everything they import statically, by the build's manifest.
 */
function entryScripts(): string[] {
  const client = join(ASSETS, '..');
  const manifest = JSON.parse(readFileSync(join(client, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const html = readFileSync(join(client, 'index.html'), 'utf8');
  const named = [...html.matchAll(/<(?:script|link)[^>]*(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of manifest[byFile.get(file) ?? '']?.imports ?? []) visit(manifest[imported]?.file ?? '');
  };
  named.forEach(visit);
  return [...seen].map((file) => file.replace(/^assets\//, ''));
}

function listing(sizes: { name: string; bytes: number }[]): string {
  return sizes
    .sort((a, b) => b.bytes - a.bytes)
    .map((s) => `${s.name} ${s.bytes}`)
    .join('\n');
}

/** Waits until React Router has hydrated: a client-side navigation only works after it. */
async function navigateInApp(page: Page, link: ReturnType<Page['locator']>, heading: string): Promise<void> {
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  });
  await link.click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(documents, 'a client-side navigation loads no new document').toEqual([]);
}

describe('weight and first paint', () => {
  it('[P-4] the first-load script (the entry chunk and its static imports) is at most 120 KB gzip', () => {
    const sizes = entryScripts().map((name) => ({ name, bytes: gzipBytes(name) }));
    const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
    expect(sizes.length).toBeGreaterThan(1);
    expect(total, `first-load script, gzip bytes:\n${listing(sizes)}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
  });

  it('[P-4] the home page loads the entry, its own page chunk and one language: no editor, menu, dialog or zod', async () => {
    const { page, problems } = await openTab(browser);
    const scripts = recordScripts(page);
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    const entry = new Set(entryScripts());
    const extra = [...new Set(scripts)].filter((name) => !entry.has(name));
    expect(
      extra.some((name) => name.startsWith('question-list-page-')),
      extra.join(', '),
    ).toBe(true);
    expect(
      extra.some((name) => name.startsWith('en_US-')),
      extra.join(', '),
    ).toBe(true);
    expect(
      extra.filter((name) => /codemirror|menu|dialog|zh_CN|schemas|zod/.test(name)),
      'scripts loaded before they are used',
    ).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('[P-4] lazily loaded pages hydrate without console errors: a full load of a question page and of a tag page, then client navigation', async () => {
    const { page, problems } = await openTab(browser);
    await page.goto(`${site.url}/questions`, { waitUntil: 'networkidle' });
    const firstQuestion = page.locator('main h2 a, main h3 a').first();
    const title = (await firstQuestion.textContent())?.trim() ?? '';
    await navigateInApp(page, firstQuestion, title);
    const questionUrl = page.url();

    const tag = page.locator('main a[href^="/tags/"]').first();
    const tagName = (await tag.textContent())?.trim() ?? '';
    await navigateInApp(page, tag, tagName);
    const tagUrl = page.url();

    // Full loads: the page's own chunk comes before hydration, so the server's HTML is kept.
    for (const [url, heading] of [
      [questionUrl, title],
      [tagUrl, tagName],
    ] as const) {
      await page.goto(url, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    await navigateInApp(page, page.getByRole('link', { name: 'Questions', exact: true }).first(), 'Questions');
    expect(problems).toEqual([]);
  });

  it('[P-4] header menus load their code on first use and open on the first click (phone navigation, user menu)', async () => {
    const { context, page, problems } = await openTab(browser, { viewport: PHONE });
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Tags' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menuitem', { name: 'Tags' }).waitFor({ state: 'detached' });

    const token = await tokenOf(site.url, ADMIN);
    await context.addCookies([{ name: 'inquire_token', value: token, url: site.url }]);
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).waitFor();
    expect(problems).toEqual([]);
  });
});
