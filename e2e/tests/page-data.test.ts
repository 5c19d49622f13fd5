import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openTab } from '../support/browser.js';
import { initSite, seedSite, startSite, type RunningSite } from '../support/server.js';

let browser: Browser;
let site: RunningSite;
let dataDir: string;

beforeAll(async () => {
  browser = await launchBrowser();
  dataDir = mkdtempSync(join(tmpdir(), 'inquire-e2e-'));
  initSite(dataDir);
  seedSite(dataDir, { questions: 20, answers: 4, users: 10 });
  site = await startSite({ dataDir });
}, 120_000);
afterAll(async () => {
  await site?.stop();
  await browser?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every call the page makes to the API from now on (assets and pages are not API calls). */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/answer/')) calls.push(url.pathname);
  });
  return calls;
}

describe('page data', () => {
  it('[P-4] a server-rendered page hydrates from the data it came with: no API call after load', async () => {
    const { page, problems } = await openTab(browser);
    const calls = recordApiCalls(page);
    await page.goto(`${site.url}/questions`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Ask question' }).first().waitFor();
    expect(calls).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('[P-2] [S3-043] each client-side navigation (question, tag, back to the list) makes one page-data call', async () => {
    const { page, problems } = await openTab(browser);
    await page.goto(`${site.url}/questions`, { waitUntil: 'networkidle' });
    const calls = recordApiCalls(page);

    const firstQuestion = page.locator('main h2 a, main h3 a').first();
    const title = (await firstQuestion.textContent())?.trim() ?? '';
    await firstQuestion.click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual(['/answer/api/v1/page-data']);

    calls.length = 0;
    const tag = page.locator('main a[href^="/tags/"]').first();
    const tagName = (await tag.textContent())?.trim() ?? '';
    await tag.click();
    await page.getByRole('heading', { level: 1, name: tagName }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual(['/answer/api/v1/page-data']);

    calls.length = 0;
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual(['/answer/api/v1/page-data']);
    expect(problems).toEqual([]);
  });

  it('[P-2] a link in a post (its author) navigates in the app; a modified click opens a tab and leaves the page', async () => {
    const { page, problems } = await openTab(browser);
    await page.goto(`${site.url}/questions`, { waitUntil: 'networkidle' });
    await page.locator('main h2 a, main h3 a').first().click();
    await page.waitForURL(/\/questions\/\d+/);
    await page.locator('main a.author-link').first().waitFor();
    await page.waitForLoadState('networkidle');
    const questionUrl = page.url();

    // A modified click is the browser's: a new tab, this page and its history unchanged.
    const author = page.locator('main a.author-link').first();
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      author.click({ modifiers: ['ControlOrMeta'] }),
    ]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toMatch(/^\/users\//);
    await tab.close();
    expect(page.url()).toBe(questionUrl);

    // A plain click is a client-side navigation: one page-data call, no document load.
    const calls = recordApiCalls(page);
    let documents = 0;
    page.on('request', (request) => void (request.resourceType() === 'document' && (documents += 1)));
    const name = (await author.textContent())?.trim() ?? '';
    await author.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual(['/answer/api/v1/page-data']);
    expect(documents).toBe(0);
    await page.goBack();
    await page.waitForURL(questionUrl);
    expect(problems).toEqual([]);
  });
});
