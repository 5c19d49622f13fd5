/**
 * The admin settings forms saved through their screens (spec sections 2, 3 and 7): each form
 * sends its section's PUT, the stored settings change, and the page shows them after a reload.
 * The route tests prove what the server does with each section; these prove the screens.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openTab, type Tab } from '../support/browser.js';
import { tokenOf } from '../support/api.js';
import { ADMIN, startSite, type RunningSite } from '../support/server.js';

let browser: Browser;
let site: RunningSite;
let adminToken: string;

beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite({ installed: true });
  adminToken = await tokenOf(site.url, ADMIN);
});
afterAll(async () => {
  await site?.stop();
  await browser?.close();
});

async function adminTab(path: string): Promise<Tab> {
  const tab = await openTab(browser);
  await tab.page.goto(`${site.url}/users/login?redirect=${encodeURIComponent(path)}`);
  await tab.page.getByLabel('Email').fill(ADMIN.email);
  await tab.page.getByLabel('Password').fill(ADMIN.password);
  await tab.page.getByRole('button', { name: 'Log in' }).click();
  await tab.page.waitForURL(`${site.url}${path}`);
  return tab;
}

/** A section of the stored settings, as the admin API answers it. */
async function stored<T>(section: string): Promise<T> {
  const response = await fetch(`${site.url}/answer/admin/api/siteinfo/${section}`, {
    headers: { authorization: adminToken },
  });
  return ((await response.json()) as { data: T }).data;
}

/** Saves the form and waits for the PUT of `section` to be answered, then for the toast. */
async function save(page: Page, section: string): Promise<void> {
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().endsWith(`/admin/api/siteinfo/${section}`),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await answered).status()).toBe(200);
  await page.getByText('Update success.').waitFor();
}

const checked = (page: Page, name: string) =>
  page.getByRole('switch', { name, exact: true }).getAttribute('aria-checked');

/** Turns a switch on or off, whatever it was. */
async function setSwitch(page: Page, name: string, on: boolean): Promise<void> {
  if ((await checked(page, name)) !== String(on)) await page.getByRole('switch', { name, exact: true }).click();
  expect(await checked(page, name)).toBe(String(on));
}

describe('admin settings forms', () => {
  it('[S2-113] [S3-016] [S7-023] the write form saves recommended and reserved tags and its switches', async () => {
    const { page, problems } = await adminTab('/admin/write');
    await page.getByRole('heading', { name: 'Write' }).waitFor();
    await page.getByLabel('Recommended tags').fill('support, gardening');
    await page.getByLabel('Reserved tags').fill('announcements');
    const before = await checked(page, 'One answer per member');
    await page.getByRole('switch', { name: 'One answer per member', exact: true }).click();
    await setSwitch(page, 'Require a recommended tag', true);
    await save(page, 'write');
    const write = await stored<{
      restrict_answer: boolean;
      required_tag: boolean;
      recommend_tags: { slug_name: string }[];
      reserved_tags: { slug_name: string }[];
    }>('write');
    expect(write.recommend_tags.map((t) => t.slug_name)).toEqual(['support', 'gardening']);
    expect(write.reserved_tags.map((t) => t.slug_name)).toEqual(['announcements']);
    expect(String(write.restrict_answer)).not.toBe(before);
    expect(write.required_tag).toBe(true);
    await page.reload();
    expect(await page.getByLabel('Recommended tags').inputValue()).toBe('support, gardening');
    expect(problems).toEqual([]);
  });

  it('[S2-114] [S3-011] [S3-012] [S7-027] the SEO form offers the four link forms and saves the choice and robots.txt', async () => {
    const { page, problems } = await adminTab('/admin/seo');
    await page.getByRole('heading', { name: 'SEO' }).waitFor();
    const options = page.locator('input[name="permalink"]');
    expect(await options.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual([
      '1',
      '2',
      '3',
      '4',
    ]);
    await page.getByLabel('/questions/10010000000000001', { exact: true }).check();
    await page.getByLabel('robots.txt').fill('User-agent: *\nDisallow: /private/');
    await save(page, 'seo');
    expect(await stored<{ permalink: number; robots: string }>('seo')).toMatchObject({
      permalink: 2,
      robots: 'User-agent: *\nDisallow: /private/',
    });
    expect(await (await fetch(`${site.url}/robots.txt`)).text()).toContain('Disallow: /private/');
    await page.reload();
    expect(await page.getByLabel('/questions/10010000000000001', { exact: true }).isChecked()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('[S2-115] [S7-033] the login form saves its switches and the allowed email domains', async () => {
    const { page, problems } = await adminTab('/admin/login');
    await page.getByLabel('Allowed email domains').fill('example.com\nexample.org');
    await page.getByRole('switch', { name: 'Allow email registrations', exact: true }).click();
    await save(page, 'login');
    expect(await stored<{ allow_email_domains: string[]; allow_email_registrations: boolean }>('login')).toMatchObject({
      allow_email_domains: ['example.com', 'example.org'],
      allow_email_registrations: false,
    });
    await page.reload();
    expect(await checked(page, 'Allow email registrations')).toBe('false');
    // Back as it was: the other tests sign in and out of this site.
    await page.getByRole('switch', { name: 'Allow email registrations', exact: true }).click();
    await page.getByLabel('Allowed email domains').fill('');
    await save(page, 'login');
    expect(problems).toEqual([]);
  });

  it('[S2-116] [S7-035] the users form saves which profile fields members may change', async () => {
    const { page, problems } = await adminTab('/admin/settings-users');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await setSwitch(page, 'Location', false);
    await setSwitch(page, 'About me', true);
    await setSwitch(page, 'Display name', true);
    await save(page, 'users');
    expect(await stored<Record<string, unknown>>('users')).toMatchObject({
      allow_update_location: false,
      allow_update_bio: true,
      allow_update_display_name: true,
    });
    await page.reload();
    expect(await checked(page, 'Location')).toBe('false');
    expect(await checked(page, 'About me')).toBe('true');
    expect(problems).toEqual([]);
  });
});
