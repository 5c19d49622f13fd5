import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { expect, onTestFailed } from 'vitest';
import { REPO, serverLogTails } from './server.js';

/** Debian's Chromium, never a downloaded browser, with the flags this machine needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export interface Tab {
  context: BrowserContext;
  page: Page;
  /** Console errors and warnings, page errors and hydration complaints seen so far. */
  problems: string[];
}

/**
 * A fresh browser context. Every console error or warning is recorded: the suite fails on
 * hydration mismatches and script errors, not only on wrong text.
 */
export async function openTab(
  browser: Browser,
  options: {
    viewport?: { width: number; height: number };
    colorScheme?: 'light' | 'dark';
    locale?: string;
    /** Another tab's session (its cookies and the stored token): `context.storageState()`. */
    storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
  } = {},
): Promise<Tab> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    colorScheme: options.colorScheme ?? 'light',
    locale: options.locale ?? 'en-US',
    storageState: options.storageState,
  });
  const page = await context.newPage();
  waitForHydrationOnLoad(page);
  const problems: string[] = [];
  page.on('console', (message) => {
    const type = message.type();
    const text = message.text();
    // A failed resource load is reported by the test that expects the status, not here.
    if (text.startsWith('Failed to load resource')) return;
    if (type === 'error' || type === 'warning') problems.push(`${type}: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('dialog', (dialog) => problems.push(`dialog (${dialog.type()}): ${dialog.message()}`));
  reportOnFailure(page, problems, recordApiCalls(page));
  return { context, page, problems };
}

/**
 * When the test that opened this tab fails, print what a person would have seen: the
 * address, the start of the visible text, the console problems and dialogs, and the tail
 * of each running server's log. A failure on CI can then be read, not guessed at.
 */
function reportOnFailure(page: Page, problems: string[], calls: () => string[]): void {
  // A tab opened in a beforeAll belongs to no test: nothing to report it for.
  if (!expect.getState().currentTestName) return;
  onTestFailed(async () => {
    const text = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch((error: unknown) => `(no text: ${String(error)})`);
    const report = [
      `--- tab at ${page.isClosed() ? '(closed)' : page.url()}`,
      text.slice(0, 2_000),
      `--- problems: ${JSON.stringify(problems)}`,
      `--- the tab's last API calls:`,
      ...calls(),
      ...serverLogTails(),
    ];
    process.stderr.write(`${report.join('\n')}\n`);
  });
}

/** How many of a tab's API calls a failure report shows (the newest). */
const CALLS_KEPT = 30;

/**
 * The tab's API calls: method, path, then the status, why it failed, or that it is still
 * waiting. A click that seemed to do nothing shows here as a call refused, failed, hung or
 * never made. Answers the report's lines.
 */
function recordApiCalls(page: Page): () => string[] {
  const ended: string[] = [];
  const waiting = new Map<Request, string>();
  const keep = (line: string) => {
    ended.push(line);
    if (ended.length > CALLS_KEPT) ended.shift();
  };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/answer/')) waiting.set(request, `${request.method()} ${url.pathname}${url.search}`);
  });
  page.on('requestfinished', (request) => {
    const call = waiting.get(request);
    if (call === undefined) return;
    waiting.delete(request);
    // Asked after the fact: a tab closed meanwhile (a test ending as a call finishes) rejects
    // the question, which would otherwise surface as an unhandled rejection of the run.
    void request.response().then(
      (response) => keep(`${call} ${response?.status()}`),
      () => keep(`${call} finished (tab closed before its status was read)`),
    );
  });
  page.on('requestfailed', (request) => {
    const call = waiting.get(request);
    if (call === undefined) return;
    waiting.delete(request);
    keep(`${call} failed: ${request.failure()?.errorText}`);
  });
  return () => [...ended, ...[...waiting.values()].map((call) => `${call} (no answer yet)`)];
}

const SHOTS = join(REPO, 'e2e', 'screenshots');

/** Saves a full-page screenshot to e2e/screenshots for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  // A full-page capture of a scrolled page paints the sticky header mid-page: start at the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/**
 * A page's scripts load after its HTML (the page's own chunk and strings come after the entry),
 * so a server-rendered form works only once React has hydrated it. After each full page load of
 * the app, wait for the mark the app sets then (`data-hydrated` on <html>, app/hydration-mark.tsx),
 * as a person waits for a page to respond; other documents (JSON, images) are left alone.
 */
function waitForHydrationOnLoad(page: Page): void {
  const hydrated = async () => {
    const isApp = await page.evaluate(() => document.getElementById('root') !== null).catch(() => false);
    if (isApp) await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  };
  for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await original(...args);
        await hydrated();
        return response;
      },
    });
  }
}
