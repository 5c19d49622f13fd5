import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, tokenOf } from '../support/api.js';
import { axeViolations } from '../support/axe.js';
import { DESKTOP, launchBrowser, openTab, PHONE, screenshot, type Tab } from '../support/browser.js';
import { seedUsers } from '../support/seed.js';
import { ADMIN, startSite, type RunningSite } from '../support/server.js';

/**
 * The admin dashboard, content lists and installed plugins (issue 13, items 2, 3 and 6) in a
 * real browser: an admin reads the dashboard, filters questions to closed and reopens one with
 * a reason, deletes an answer from the answers list, and turns the captcha off and on again.
 */
const MEMBER = { username: 'wren_watcher', email: 'wren@example.com', password: 'wren-password-1' };
const CLOSED_TITLE = 'Why does the greenhouse fan stop at night';
const OPEN_TITLE = 'Which soil suits alpine strawberries best';
const ANSWER_TEXT = 'Try a gritty mix with plenty of bark in it.';

let browser: Browser;
let site: RunningSite;

beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite({ installed: true });
  await seedUsers(site.dataDir, [MEMBER]);
  const admin = await tokenOf(site.url, ADMIN);
  const member = await tokenOf(site.url, MEMBER);
  // The admin asks (staff skip the captcha a member's second question within 5 s would need).
  const ask = (title: string) =>
    apiCall<{ id: string }>(site.url, admin, 'POST', 'question', {
      title,
      content: `The details of: ${title}.`,
      tags: [{ slug_name: 'support' }],
    });
  const closed = await ask(CLOSED_TITLE);
  const open = await ask(OPEN_TITLE);
  await apiCall(site.url, admin, 'PUT', 'question/status', { id: closed.id, close_type: 64, close_msg: '' });
  await apiCall(site.url, member, 'POST', 'answer', { question_id: open.id, content: ANSWER_TEXT });
  // One that stays, for the answers list's screenshots.
  await apiCall(site.url, admin, 'POST', 'answer', {
    question_id: open.id,
    content: 'Keep the pots well drained and out of the afternoon sun.',
  });
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
  // The admin's account language (English) outranks the browser's: choose Chinese with its cookie.
  if (options.locale === 'zh-CN') {
    await tab.context.addCookies([{ name: 'inquire_lang', value: 'zh_CN', url: site.url }]);
  }
  return tab;
}

async function expectAccessible(page: Page, what: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, `${what}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

const rowOf = (page: Page, text: string) => page.locator('tbody tr', { hasText: text });

describe('admin dashboard, content and plugins', () => {
  it('[A-2] [S2-097] [S2-098] [S2-101] an admin opens the dashboard: statistics, health, system info and links', async () => {
    const { page, problems } = await adminTab();
    await page.goto(`${site.url}/admin`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    for (const heading of ['Site statistics', 'Site health', 'System info', 'Links']) {
      await page.getByRole('heading', { name: heading }).waitFor();
    }
    await page.getByText(/^Figures as of \d{4}-\d{2}-\d{2}/).waitFor();
    await page.getByRole('link', { name: 'Documentation' }).waitFor();
    // The two questions asked here and the installer's welcome question.
    const questions = page.locator('dt', { hasText: /^Questions$/ }).locator('xpath=following-sibling::dd[1]');
    expect(await questions.textContent()).toBe('3');
    expect(problems).toEqual([]);
  });

  it('[A-3] [S1-023] [S2-103] [S3-028] [S3-029] [S4-042] an admin filters questions to closed and reopens one with a reason', async () => {
    const { page, problems } = await adminTab();
    await page.goto(`${site.url}/admin/questions`);
    await page.getByRole('heading', { name: 'Questions', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Closed' }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'closed');
    await page.locator('nav a[aria-current="page"]', { hasText: 'Closed' }).waitFor();
    // The open question belongs to the Normal tab: wait for it to leave.
    await rowOf(page, OPEN_TITLE).waitFor({ state: 'detached' });
    const row = rowOf(page, CLOSED_TITLE);
    await row.getByText('Closed', { exact: true }).waitFor();

    await row.getByRole('button', { name: `Change status for ${CLOSED_TITLE}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Change status' });
    await dialog.getByLabel('Available').check();
    await dialog.getByLabel('Reason', { exact: true }).fill('The schedule details were added');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Update success.').waitFor();
    await rowOf(page, CLOSED_TITLE).waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Normal' }).click();
    await page.locator('nav a[aria-current="page"]', { hasText: 'Normal' }).waitFor();
    await rowOf(page, CLOSED_TITLE).getByText('Normal', { exact: true }).waitFor();
    expect(problems).toEqual([]);
  });

  it('[A-3] [S1-023] [S2-102] [S3-030] [S4-043] an admin deletes an answer from the answers list; it moves to the deleted tab', async () => {
    const { page, problems } = await adminTab();
    await page.goto(`${site.url}/admin/answers`);
    await page.getByRole('heading', { name: 'Answers', level: 1 }).waitFor();
    const row = rowOf(page, ANSWER_TEXT);
    await row.getByRole('button', { name: `Change status for ${OPEN_TITLE}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Change status' });
    await dialog.getByLabel('Deleted').check();
    await dialog.getByText('Deleting hides the post').waitFor();
    await dialog.getByLabel('Reason', { exact: true }).fill('Not an answer to the question');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Update success.').waitFor();
    await rowOf(page, ANSWER_TEXT).waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Deleted' }).click();
    await page.locator('nav a[aria-current="page"]', { hasText: 'Deleted' }).waitFor();
    await rowOf(page, ANSWER_TEXT).getByText('Deleted', { exact: true }).waitFor();
    expect(problems).toEqual([]);
  });

  it('[A-6] [S1-025] [S2-118] [S4-063] [S4-066] [S4-067] the plugins page disables the captcha and enables it again', async () => {
    const { page, problems } = await adminTab();
    await page.goto(`${site.url}/admin/installed-plugins`);
    await page.getByRole('heading', { name: 'Installed plugins', level: 1 }).waitFor();
    const row = rowOf(page, 'Image captcha');
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Disable Image captcha' }).click();
    await page.getByText('Image captcha disabled.').waitFor();
    await row.getByText('Inactive', { exact: true }).waitFor();
    const record = async () =>
      (await fetch(`${site.url}/answer/api/v1/user/action/record?action=email`).then((r) => r.json())) as {
        data: { verify: boolean };
      };
    expect((await record()).data.verify).toBe(false);

    await page.getByRole('link', { name: 'Inactive' }).click();
    await page.locator('nav a[aria-current="page"]', { hasText: 'Inactive' }).waitFor();
    await rowOf(page, 'Image captcha').getByRole('button', { name: 'Enable Image captcha' }).click();
    await page.getByText('Image captcha enabled.').waitFor();
    await rowOf(page, 'Image captcha').waitFor({ state: 'detached' });
    expect((await record()).data.verify).toBe(true);
    expect(problems).toEqual([]);
  });

  it('[A-6] [S2-119] the captcha settings form refuses a length out of range beside the field and saves one in range', async () => {
    const { page, problems } = await adminTab();
    await page.goto(`${site.url}/admin/captcha-basic`);
    await page.getByRole('heading', { name: 'Image captcha settings' }).waitFor();
    const field = page.getByLabel('Characters in the image');
    await field.fill('9');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter a number within the limits shown.').waitFor();
    await field.fill('5');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Update success.').waitFor();
    await page.reload();
    expect(await page.getByLabel('Characters in the image').inputValue()).toBe('5');
    expect(problems).toEqual([]);
  });

  const PAGES = ['', 'questions', 'answers', 'installed-plugins', 'captcha-basic'] as const;
  for (const locale of ['en-US', 'zh-CN'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      for (const [width, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        it(`[A-2][A-3][A-6] dashboard, content and plugins pages, ${locale} ${scheme} ${width}: screenshot and axe`, async () => {
          const { page, problems } = await adminTab({ viewport, colorScheme: scheme, locale });
          for (const name of PAGES) {
            await page.goto(`${site.url}/admin/${name}`);
            await page.locator('h1').first().waitFor();
            await screenshot(page, `admin-${name || 'dashboard'}-${locale}-${scheme}-${width}`);
            await expectAccessible(page, `admin ${name || 'dashboard'} ${locale} ${scheme} ${width}`);
            expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale === 'zh-CN' ? 'zh-CN' : 'en');
          }
          // The status dialog too: the questions list with it open.
          await page.goto(`${site.url}/admin/questions`);
          await page.locator('tbody tr button').first().click();
          await page.getByRole('dialog').waitFor();
          await screenshot(page, `admin-questions-dialog-${locale}-${scheme}-${width}`);
          await expectAccessible(page, `admin questions dialog ${locale} ${scheme} ${width}`);
          expect(problems).toEqual([]);
        });
      }
    }
  }
});
