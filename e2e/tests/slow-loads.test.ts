import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, openTab, PHONE, screenshot } from '../support/browser.js';
import { initSite, REPO, seedSite, startSite, type RunningSite } from '../support/server.js';

let browser: Browser;
let site: RunningSite;
let dataDir: string;

beforeAll(async () => {
  browser = await launchBrowser();
  dataDir = mkdtempSync(join(tmpdir(), 'inquire-e2e-'));
  initSite(dataDir);
  seedSite(dataDir, { questions: 6, answers: 2, users: 3 });
  site = await startSite({ dataDir });
}, 120_000);
afterAll(async () => {
  await site?.stop();
  await browser?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Holds the page's page-data calls (a client-side navigation's data) until the test lets
 * them through: `asked` resolves when one has been made, `release` sends it on to the server.
 */
async function holdPageData(page: Page): Promise<{ asked: Promise<void>; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const askedPromise = new Promise<void>((resolve) => (asked = resolve));
  await page.route('**/answer/api/v1/page-data?**', async (route) => {
    asked();
    await released;
    await route.continue();
  });
  return { asked: askedPromise, release };
}

/**
 * Records in the page whether a skeleton was ever put in the document, however briefly: a
 * flash between two checks of the test would otherwise go unseen.
 */
const watchForSkeleton = (page: Page) =>
  page.addInitScript(() => {
    const flag = window as unknown as { skeletonSeen: boolean };
    flag.skeletonSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="skeleton"]')) flag.skeletonSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
const skeletonSeen = (page: Page) => page.evaluate(() => (window as unknown as { skeletonSeen: boolean }).skeletonSeen);

/** The list's first question link (in the main column, at every width) and its title. */
async function firstQuestion(page: Page) {
  const link = page.locator('main h2 a, main h3 a').first();
  return { link, title: (await link.textContent())?.trim() ?? '' };
}

/**
 * The question list, hydrated, with the page's time under the test's control from here: a
 * timer fires only when the test moves the clock past it.
 */
async function openListWithClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.goto(`${site.url}/questions`);
  await page.clock.pauseAt(Date.now() + 60_000);
}

const SHOTS = '/tmp/shots-helper-shell';

describe('slow loads', () => {
  it('[S9-033] a slow navigation keeps the page for 1000 ms, then shows the skeleton until the next page comes', async () => {
    const { page, problems } = await openTab(browser);
    await openListWithClock(page);
    const held = await holdPageData(page);
    const { link, title } = await firstQuestion(page);
    const listHeading = page.getByRole('heading', { level: 1 }).first();
    const listTitle = (await listHeading.textContent())?.trim() ?? '';
    const skeleton = page.getByRole('status', { name: 'Loading…' });

    await link.click();
    await held.asked;
    await page.clock.runFor(999);
    // A moment short of the delay: the page being left is still there, and no skeleton.
    expect(await skeleton.count()).toBe(0);
    await expect.poll(() => listHeading.textContent()).toBe(listTitle);

    await page.clock.runFor(1);
    await skeleton.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
    // Its six lines are drawn by the stylesheet (styles.css, .page-skeleton): 8.5rem of them.
    expect(
      await skeleton.evaluate((el) => [
        getComputedStyle(el).backgroundImage.split('gradient').length - 1,
        el.getBoundingClientRect().height,
      ]),
    ).toEqual([6, 136]);

    held.release();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await skeleton.count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('[S9-033] a navigation that takes under 1000 ms never flashes the skeleton', async () => {
    const { page, problems } = await openTab(browser);
    await watchForSkeleton(page);
    await openListWithClock(page);
    const held = await holdPageData(page);
    const { link, title } = await firstQuestion(page);

    await link.click();
    await held.asked;
    await page.clock.runFor(990);
    held.release();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    // The delay's timer was dropped with the navigation: moving on past it shows nothing.
    await page.clock.runFor(5_000);
    expect(await skeletonSeen(page)).toBe(false);
    expect(await page.locator('[data-testid="skeleton"]').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('[S9-033] the skeleton in light and dark, on a desktop and a phone (screenshots)', async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const [width, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page, context, problems } = await openTab(browser, { viewport, colorScheme });
        await openListWithClock(page);
        const held = await holdPageData(page);
        const { link, title } = await firstQuestion(page);
        await link.click();
        await held.asked;
        await page.clock.runFor(1000);
        const skeleton = page.getByRole('status', { name: 'Loading…' });
        await skeleton.waitFor();
        // The skeleton sits in the main column, within the page's width.
        const box = await skeleton.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
        const name = `skeleton-${width}-${colorScheme}`;
        await screenshot(page, name);
        copyFileSync(join(REPO, 'e2e', 'screenshots', `${name}.png`), join(SHOTS, `${name}.png`));
        held.release();
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        expect(problems).toEqual([]);
        await context.close();
      }
    }
  });

  it('[S9-032] a page whose code chunk never comes fails onto the 50X page after 120000 ms; its link loads the site afresh', async () => {
    const { page, problems } = await openTab(browser);
    // The tags page's chunk is asked for and never answered, as on a stalled network.
    const stalled: Route[] = [];
    await page.route(/\/assets\/tags-page-[^/]*\.js$/, (route) => {
      stalled.push(route);
    });
    await openListWithClock(page);

    // The page's data comes at once: only its code is missing.
    const pageData = page.waitForResponse((response) => response.url().includes('/answer/api/v1/page-data?'));
    await page.getByRole('main').getByRole('link', { name: 'Tags', exact: true }).click();
    expect((await pageData).status()).toBe(200);
    await expect.poll(() => stalled.length).toBe(1);
    await page.clock.runFor(119_999);
    // Still waiting: the page being left is replaced by the skeleton, and no error yet.
    await page.getByRole('status', { name: 'Loading…' }).waitFor();
    expect(await page.getByTestId('error-message').count()).toBe(0);

    await page.clock.runFor(1);
    await page
      .getByTestId('error-message')
      .filter({ hasText: 'The server encountered an error and could not complete your request.' })
      .waitFor();
    expect(await page.getByRole('status', { name: 'Loading…' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/tags');
    // The only problem logged is the chunk's failure, by the error page.
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^error: ChunkLoadError: A code chunk did not load within 120000 ms/);

    // The router and the browser keep the failed chunk as failed: the link loads a new document.
    await page.clock.resume();
    const marker = await page.evaluate(() => ((window as unknown as { before: boolean }).before = true));
    expect(marker).toBe(true);
    await page.getByRole('link', { name: 'Back to homepage' }).click();
    await page.waitForURL(`${site.url}/`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    expect(await page.evaluate(() => (window as unknown as { before?: boolean }).before)).toBeUndefined();
    await page.locator('main h2 a, main h3 a').first().waitFor();
    expect(problems).toHaveLength(1);
  });
});
