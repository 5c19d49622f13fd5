import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { DESKTOP, launchBrowser, openTab, PHONE, screenshot, type Tab } from '../support/browser.js';
import { ADMIN, startSite, type RunningSite } from '../support/server.js';

let browser: Browser;
let site: RunningSite;

beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite({ installed: true });
});
afterAll(async () => {
  await site?.stop();
  await browser?.close();
});

async function adminTab(options: Parameters<typeof openTab>[1] = {}): Promise<Tab> {
  const tab = await openTab(browser, options);
  await tab.page.goto(`${site.url}/users/login`);
  await tab.page.getByLabel('Email').fill(ADMIN.email);
  await tab.page.getByLabel('Password').fill(ADMIN.password);
  await tab.page.getByRole('button', { name: 'Log in' }).click();
  await tab.page.getByRole('button', { name: 'Account menu' }).waitFor();
  return tab;
}

async function expectAccessible(page: Page, what: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, `${what}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

describe('design gallery', () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const [width, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      it(`shows every component, accessibly, at ${width} width in ${scheme}`, async () => {
        const { page, problems } = await adminTab({ viewport, colorScheme: scheme });
        await page.goto(`${site.url}/admin/design`);
        await page.getByRole('heading', { name: 'Design gallery' }).waitFor();
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
        await screenshot(page, `gallery-${width}-${scheme}`);
        await expectAccessible(page, `gallery ${width} ${scheme}`);
        expect(problems).toEqual([]);
      });
    }
  }

  it('opens the menu, dialog, tooltip and popover from the keyboard and shows a toast', async () => {
    const { page, problems } = await adminTab();
    await page.goto(`${site.url}/admin/design`);
    await page.getByRole('button', { name: 'Actions' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Delete' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open a dialog' }).click();
    await page.getByRole('dialog', { name: 'Close this question?' }).waitFor();
    await expectAccessible(page, 'open dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Hover or focus me' }).focus();
    await page.getByRole('tooltip').waitFor();
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Copy this link to share the question.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Show a toast' }).click();
    await page.getByText('Saved. Toasts hide after 5 seconds.').waitFor();
    await page.getByRole('switch', { name: 'Allow new registrations' }).click();
    expect(await page.getByRole('switch', { name: 'Allow new registrations' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    await page.getByRole('combobox', { name: 'Tags' }).fill('ty');
    await page.getByRole('option', { name: 'typescript' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Remove typescript' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('is for admins only', async () => {
    const { page } = await openTab(browser);
    const response = await page.goto(`${site.url}/admin/design`);
    expect(new URL(page.url()).pathname).toBe('/users/login');
    expect(response?.status()).toBe(200);
  });
});

describe('screens built so far are accessible in both schemes', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`home, login, 404, legal and themes pages in ${scheme}`, async () => {
      const guest = await openTab(browser, { colorScheme: scheme });
      for (const path of ['/', '/users/login', '/no-such-page', '/tos']) {
        await guest.page.goto(`${site.url}${path}`);
        await guest.page.locator('#main').waitFor();
        await expectAccessible(guest.page, `${path} ${scheme}`);
      }
      const admin = await adminTab({ colorScheme: scheme });
      await admin.page.goto(`${site.url}/admin/themes`);
      await admin.page.getByRole('heading', { name: 'Themes' }).waitFor();
      await expectAccessible(admin.page, `themes ${scheme}`);
      await screenshot(admin.page, `admin-themes-desktop-${scheme}`);
      expect([...guest.problems, ...admin.problems]).toEqual([]);
    });
  }
});

describe('theme settings restyle the served site', () => {
  it('[S1-024] [S2-106] [S3-014] changes the primary colour, navbar style and default scheme from the Themes page', async () => {
    const { page, problems } = await adminTab();
    await page.goto(`${site.url}/admin/themes`);
    await page.getByLabel('Primary color', { exact: true }).fill('not-a-colour');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter a colour as #RRGGBB.').waitFor();

    await page.getByLabel('Primary color', { exact: true }).fill('#FFE066');
    await page.locator('input[name="navbar_style"][value="dark"]').check();
    await page.locator('input[name="color_scheme"][value="dark"]').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Update success.').waitFor();
    expect(problems).toEqual([]);

    // The next page a guest gets carries the new variables, navbar and default scheme.
    const html = await (await fetch(`${site.url}/`)).text();
    expect(html).toContain('--primary:#FFE066');
    expect(html).toMatch(/--on-primary-solid:#111827/);
    expect(html).toContain('var d=document.documentElement,p="dark"');
    expect(html).toMatch(/<header class="sticky top-0 z-40 bg-gray-900 text-white"/);

    const guest = await openTab(browser, { colorScheme: 'light' });
    await guest.page.goto(`${site.url}/`);
    expect(await guest.page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await screenshot(guest.page, 'home-guest-desktop-custom-theme');
    await expectAccessible(guest.page, 'custom theme');
  });
});
