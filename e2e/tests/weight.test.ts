import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInByToken, tokenOf } from '../support/api.js';
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

/** A guest's scripts on a page until networkidle, with their gzip sizes. */
async function guestScriptsOf(path: string): Promise<{ sizes: { name: string; bytes: number }[]; total: number }> {
  const { page, problems } = await openTab(browser);
  const scripts = recordScripts(page);
  await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
  expect(problems, path).toEqual([]);
  const sizes = [...new Set(scripts)].map((name) => ({ name, bytes: gzipBytes(name) }));
  await page.close();
  return { sizes, total: sizes.reduce((sum, s) => sum + s.bytes, 0) };
}

async function firstQuestionPath(): Promise<string> {
  const html = await (await fetch(`${site.url}/questions`)).text();
  const path = /href="(\/questions\/\d+\/[^"]+)"/.exec(html)?.[1];
  if (!path) throw new Error('no question on /questions');
  return path;
}

async function firstTagPath(): Promise<string> {
  const html = await (await fetch(`${site.url}/tags`)).text();
  const path = /href="(\/tags\/[^"/?]+)"/.exec(html)?.[1];
  if (!path) throw new Error('no tag on /tags');
  return path;
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

  it('[P-4] the home page loads the entry and its own page chunk; its strings come with the page: no catalog, editor, menu, dialog or zod', async () => {
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
      extra.filter((name) =>
        /codemirror|dropdown-menu|modal-dialog|popover-panel|en_US|zh_CN|^schemas-|zod/.test(name),
      ),
      'scripts loaded before they are used',
    ).toEqual([]);
    await page.getByRole('link', { name: 'Questions', exact: true }).first().waitFor();
    expect(problems).toEqual([]);
  });

  it('[P-4] a guest downloads at most 120 KB gzip of script before networkidle on the home, tag and user pages', async () => {
    const paths = ['/', await firstTagPath(), '/users/admin'];
    for (const path of paths) {
      const { sizes, total } = await guestScriptsOf(path);
      expect(total, `${path}: script before networkidle, gzip bytes:\n${listing(sizes)}`).toBeLessThanOrEqual(
        FIRST_LOAD_BUDGET,
      );
    }
  });

  it('[P-4] a guest question page loads at most 120 KB gzip of script before networkidle: no editor, menu, dialog, popover, comment form, captcha, moderation control, catalog or zod', async () => {
    const { sizes, total } = await guestScriptsOf(await firstQuestionPath());
    expect(
      sizes.filter((s) =>
        /codemirror|markdown-editor|dropdown-menu|modal-dialog|popover-panel|comment-form|captcha|post-actions|close-dialog|flag-button|decision-notice|invite-people|notification-dots|en_US|zh_CN|^schemas-|zod/.test(
          s.name,
        ),
      ),
      listing(sizes),
    ).toEqual([]);
    expect(total, `script before networkidle, gzip bytes:\n${listing(sizes)}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
  });

  it('[P-4] a member answers with the editor loaded after hydration; messages and the toast read in full', async () => {
    const { page, problems } = await openTab(browser);
    const question = await firstQuestionPath();
    await page.goto(`${site.url}/users/login?redirect=${encodeURIComponent(question)}`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${site.url}${question}`);
    // A full load: the server draws the answer box, the browser hydrates it from its chunk.
    await page.goto(`${site.url}${question}`, { waitUntil: 'networkidle' });
    await page.getByLabel('Your answer').fill('short');
    await page.getByRole('button', { name: 'Post your answer' }).click();
    await page.getByText('Answer must be at least 6 characters.').waitFor();
    await page.getByLabel('Your answer').fill('An answer typed into the lazily loaded editor.');
    await page.getByRole('button', { name: 'Post your answer' }).click();
    await page.getByText('Your answer was posted.').waitFor();
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
    await signInByToken(context, site.url, token);
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).waitFor();
    expect(problems).toEqual([]);
  });
});
