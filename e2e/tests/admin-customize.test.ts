import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { DESKTOP, launchBrowser, openTab, PHONE, screenshot, type Tab } from '../support/browser.js';
import { ADMIN, startSite, type RunningSite } from '../support/server.js';

/**
 * Branding, CSS & HTML and privileges (issue 13, items 1 to 3) in a real browser: an admin
 * uploads a logo, adds a footer and CSS, chooses privilege level 1, and sees each take effect.
 */
let browser: Browser;
let site: RunningSite;
let logoFile = '';

beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite({ installed: true });
  logoFile = join(mkdtempSync(join(tmpdir(), 'inquire-logo-')), 'logo.png');
  const logo = await sharp({ create: { width: 160, height: 40, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
  writeFileSync(logoFile, logo);
}, 180_000);
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
  if (options.locale === 'zh-CN') {
    await tab.context.addCookies([{ name: 'inquire_lang', value: 'zh_CN', url: site.url }]);
  }
  return tab;
}

async function expectAccessible(page: Page, what: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, `${what}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

const PAGES = ['branding', 'css-html', 'privileges'] as const;

describe('admin customize', () => {
  it('[S2-111][S2-107][S2-117][S6-021] an admin sets a logo, a footer, CSS and a privilege level; each shows at once', async () => {
    const { page, problems } = await adminTab();
    await page.goto(`${site.url}/admin/branding`);
    await page.getByRole('heading', { name: 'Branding', level: 1 }).waitFor();
    await page.locator('input[name="logo_file"]').setInputFiles(logoFile);
    await expect.poll(() => page.locator('input[name="logo"]').inputValue()).toMatch(/^\/uploads\/branding\//);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Update success.').waitFor();
    await page.goto(`${site.url}/questions`);
    const logo = page.locator('header img[alt]').first();
    await logo.waitFor();
    expect(await logo.getAttribute('src')).toMatch(/^\/uploads\/branding\//);
    // The image really loads (an address that misses the site would show a broken image).
    await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(160);

    await page.goto(`${site.url}/admin/css-html`);
    await page.getByLabel('Custom CSS').fill('.garden-footer { font-style: italic; }');
    await page.getByLabel('Custom footer').fill('<p class="garden-footer">Grown with care');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Update success.').waitFor();
    await page.goto(`${site.url}/questions`);
    const footer = page.locator('p.garden-footer', { hasText: 'Grown with care' });
    await footer.waitFor();
    // A style that keeps the footer readable in both schemes (axe checks the pages below).
    expect(await footer.evaluate((el) => getComputedStyle(el).fontStyle)).toBe('italic');

    await page.goto(`${site.url}/admin/privileges`);
    await page.getByLabel(/^Level 1/).check();
    await expect.poll(() => page.locator('input[name="custom_privileges.tag.add"]').inputValue()).toBe('1');
    await page.getByLabel(/^Custom/).check();
    await page.locator('input[name="custom_privileges.tag.add"]').fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter a whole number of at least 1.').waitFor();
    await page.locator('input[name="custom_privileges.tag.add"]').fill('42');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Update success.').waitFor();
    await page.reload();
    expect(await page.locator('input[name="custom_privileges.tag.add"]').inputValue()).toBe('42');
    expect(problems).toEqual([]);
  });

  for (const locale of ['en-US', 'zh-CN'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      for (const [width, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        it(`[S2-107][S2-111][S2-117] branding, CSS & HTML, privileges, ${locale} ${scheme} ${width}: screenshot and axe`, async () => {
          const { page, problems } = await adminTab({ viewport, colorScheme: scheme, locale });
          for (const name of PAGES) {
            await page.goto(`${site.url}/admin/${name}`);
            await page.locator('main h1, h1').first().waitFor();
            await screenshot(page, `admin-${name}-${locale}-${scheme}-${width}`);
            await expectAccessible(page, `admin ${name} ${locale} ${scheme} ${width}`);
          }
          expect(problems).toEqual([]);
        });
      }
    }
  }
});
