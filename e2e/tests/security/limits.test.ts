import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteRuntime } from '../../../apps/server/src/infra/site.js';
import { nowSeconds } from '../../../apps/server/src/lib/clock.js';
import { axeViolations } from '../../support/axe.js';
import { launchBrowser, openTab, PHONE, screenshot } from '../../support/browser.js';
import { seedUsers } from '../../support/seed.js';
import { startSite, type RunningSite } from '../../support/server.js';

const BUSY = { username: 'busy', email: 'busy@example.com', password: 'busy-password-1' };
const BUSY_ZH = { username: 'busyzh', email: 'busyzh@example.com', password: 'busy-password-2' };

let browser: Browser;
let site: RunningSite;

/** As if the member had asked ten questions in the last minutes: the strategy's threshold. */
async function usedUpQuestions(username: string): Promise<void> {
  const runtime = new SiteRuntime(site.dataDir);
  await runtime.open();
  try {
    const user = await runtime.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const now = nowSeconds();
    await runtime.db
      .insertInto('rate_counters')
      .values({ counter_key: `cap:question:u:${user.id}`, window_start: now, count: 10, last_at: now - 60 })
      .execute();
  } finally {
    await runtime.close();
  }
}

async function questionCount(): Promise<number> {
  const response = await fetch(`${site.url}/answer/api/v1/question/page?page=1&page_size=1`);
  return ((await response.json()) as { data: { count: number } }).data.count;
}

const POST_ZH = '发布问题';

async function askUntilCaptcha(page: Page, labels: { title: string; body: string; tags: string; post: string }) {
  await page
    .getByRole('textbox', { name: labels.title, exact: true })
    .fill('How do I keep a long list of files in order?');
  await page
    .getByRole('textbox', { name: labels.body, exact: true })
    .fill('I add files all day and want them sorted by name, cheaply.');
  await page.getByRole('combobox', { name: labels.tags }).fill('sup');
  await page.getByRole('option', { name: 'support' }).click();
  await page.getByRole('button', { name: labels.post }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite({ installed: true });
  await seedUsers(site.dataDir, [BUSY, BUSY_ZH]);
  await usedUpQuestions(BUSY.username);
  await usedUpQuestions(BUSY_ZH.username);
});
afterAll(async () => {
  await site?.stop();
  await browser?.close();
});

describe('content write limits in the browser', () => {
  it('[H-6] a member past the question threshold gets the captcha before the question is sent; cancelling sends nothing', async () => {
    const { page, problems } = await openTab(browser);
    await page.goto(`${site.url}/users/login?redirect=${encodeURIComponent('/questions/ask')}`);
    await page.getByLabel('Email').fill(BUSY.email);
    await page.getByLabel('Password').fill(BUSY.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${site.url}/questions/ask`);
    const before = await questionCount();
    await askUntilCaptcha(page, { title: 'Title', body: 'Body', tags: 'Tags', post: 'Post your question' });
    const dialog = page.getByRole('dialog', { name: 'Verification' });
    await dialog.getByRole('img', { name: 'Verification code image' }).waitFor();
    await screenshot(page, 'limits-captcha-desktop-light');
    expect(await axeViolations(page)).toEqual([]);
    // A wrong code is refused by the server and the dialog asks again, with a new image.
    await dialog.getByLabel('Type the characters in the image').fill('zzzz');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog.getByText('Verification code is incorrect.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await questionCount()).toBe(before);
    expect(problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
  });

  it('[H-6] the same in Chinese, on a phone, in the dark', async () => {
    const { page, problems } = await openTab(browser, { viewport: PHONE, colorScheme: 'dark', locale: 'zh-CN' });
    await page.goto(`${site.url}/users/login?redirect=${encodeURIComponent('/questions/ask')}`);
    await page.getByLabel('邮箱').fill(BUSY_ZH.email);
    await page.getByLabel('密码').fill(BUSY_ZH.password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(`${site.url}/questions/ask`);
    await askUntilCaptcha(page, { title: '标题', body: '正文', tags: '标签', post: POST_ZH });
    const dialog = page.getByRole('dialog', { name: '验证' });
    await dialog.getByRole('img', { name: '验证码图片' }).waitFor();
    await screenshot(page, 'limits-captcha-phone-dark-zh');
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
  });
});
