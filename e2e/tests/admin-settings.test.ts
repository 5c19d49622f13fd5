import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { DESKTOP, launchBrowser, openTab, PHONE, screenshot, type Tab } from '../support/browser.js';
import { ADMIN, startSite, type RunningSite } from '../support/server.js';

/** The admin settings pages (issue 13, items 1 and 5) in a real browser. */
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
  await tab.page.locator('input[name="e_mail"]').fill(ADMIN.email);
  await tab.page.locator('input[name="pass"]').fill(ADMIN.password);
  await tab.page.locator('form button[type="submit"]').click();
  await tab.page.waitForURL((url) => !url.pathname.startsWith('/users/login'));
  // The admin's account language (English) outranks the browser's: choose Chinese as the
  // language switcher does, with its cookie.
  if (options.locale === 'zh-CN') {
    await tab.context.addCookies([{ name: 'inquire_lang', value: 'zh_CN', url: site.url }]);
  }
  return tab;
}

async function expectAccessible(page: Page, what: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, `${what}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

const PAGES = ['general', 'interface', 'legal', 'write', 'seo', 'login', 'settings-users'] as const;

describe('admin settings', () => {
  it('[A-5] [S1-021] [S2-108] [S2-112] [S2-126] an admin renames the site and writes the terms; both show on the next page', async () => {
    const { page, problems } = await adminTab();
    await page.goto(`${site.url}/admin/general`);
    await page.getByLabel('Site name').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Site name cannot be empty.').waitFor();
    await page.getByLabel('Site name').fill('Garden Answers');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Update success.').waitFor();
    await page.goto(`${site.url}/`);
    expect(await page.title()).toContain('Garden Answers');

    await page.goto(`${site.url}/admin/legal`);
    await page.getByLabel('Terms of service').fill('## Be kind\n\nWater your **plants**.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Update success.').waitFor();
    await page.goto(`${site.url}/tos`);
    await page.getByRole('heading', { name: 'Be kind' }).waitFor();
    expect(await page.locator('strong', { hasText: 'plants' }).count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('[A-1] the phone menu opens the navigation and leads to a settings page', async () => {
    const { page, problems } = await adminTab({ viewport: PHONE });
    await page.goto(`${site.url}/admin/general`);
    await page.getByText('Admin menu').click();
    await page.getByRole('link', { name: 'SEO' }).click();
    await page.getByRole('heading', { name: 'SEO' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/seo');
    expect(problems).toEqual([]);
  });

  for (const locale of ['en-US', 'zh-CN'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      for (const [width, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        it(`[A-1][A-5] every settings page, ${locale} ${scheme} ${width}: screenshot and axe`, async () => {
          const { page, problems } = await adminTab({ viewport, colorScheme: scheme, locale });
          for (const name of PAGES) {
            await page.goto(`${site.url}/admin/${name}`);
            await page.locator('main h1, h1').first().waitFor();
            await screenshot(page, `admin-${name}-${locale}-${scheme}-${width}`);
            await expectAccessible(page, `admin ${name} ${locale} ${scheme} ${width}`);
            expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale === 'zh-CN' ? 'zh-CN' : 'en');
          }
          expect(problems).toEqual([]);
        });
      }
    }
  }
});
