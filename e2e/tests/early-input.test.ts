import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openTab } from '../support/browser.js';
import { ADMIN, initSite, startSite, type RunningSite } from '../support/server.js';

let browser: Browser;
let site: RunningSite;
let dataDir: string;

beforeAll(async () => {
  browser = await launchBrowser();
  dataDir = mkdtempSync(join(tmpdir(), 'inquire-e2e-'));
  initSite(dataDir);
  site = await startSite({ dataDir });
}, 120_000);
afterAll(async () => {
  await site?.stop();
  await browser?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Holds the app's scripts until released, so the page stays as the server rendered it: a slow
 * connection, made certain. Returns the release.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Every request whose address carries a password (a form submitted natively as a GET). */
function passwordsInAddresses(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).searchParams.has('pass')) seen.push(request.url());
  });
  return seen;
}

const hydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === 'true');

describe('input before the page has hydrated', () => {
  it('a sign-in typed and sent before the scripts run is held, then sent once they do; the password never goes into an address', async () => {
    const { page, problems } = await openTab(browser);
    const leaks = passwordsInAddresses(page);
    const release = await holdScripts(page);
    const loaded = page.goto(`${site.url}/users/login`);

    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    expect(await hydrated(page)).toBe(false);
    expect(page.url()).toBe(`${site.url}/users/login`);

    release();
    await loaded;
    await page.waitForURL(`${site.url}/`);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(leaks).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('text typed before the scripts run stays in its field and is what the form sends', async () => {
    const { page, problems } = await openTab(browser);
    const release = await holdScripts(page);
    const loaded = page.goto(`${site.url}/users/login`);

    await page.getByLabel('Email').fill(ADMIN.email);
    expect(await hydrated(page)).toBe(false);
    release();
    await loaded;

    // Typing into another field renders the form again: the early text must survive it.
    await page.getByLabel('Password').fill(ADMIN.password);
    expect(await page.getByLabel('Email').inputValue()).toBe(ADMIN.email);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${site.url}/`);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(problems).toEqual([]);
  });
});
