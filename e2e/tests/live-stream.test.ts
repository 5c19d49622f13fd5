import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, tokenOf } from '../support/api.js';
import { axeViolations } from '../support/axe.js';
import { DESKTOP, launchBrowser, openTab, PHONE, screenshot } from '../support/browser.js';
import { seedUsers } from '../support/seed.js';
import { REPO, startSite, type RunningSite } from '../support/server.js';

/**
 * The live stream in the browser (issue 11, item 4): the asker reads their question; a member
 * answers through the API; the asker's open tab lights the red dot and shows "1 new answer,
 * show" without reloading and without polling notification/status (the stream is up), and the
 * answer appears in place only when asked for. Once per scheme, language and width.
 */
const CASES = [
  { name: 'desktop-light-en', viewport: DESKTOP, colorScheme: 'light', lang: 'en' },
  { name: 'desktop-dark-zh', viewport: DESKTOP, colorScheme: 'dark', lang: 'zh' },
  { name: 'phone-dark-en', viewport: PHONE, colorScheme: 'dark', lang: 'en' },
  { name: 'phone-light-zh', viewport: PHONE, colorScheme: 'light', lang: 'zh' },
] as const;

/** An asker and a helper per case: a member's second post within seconds would need a captcha. */
const member = (role: string, i: number) => ({
  username: `live${role}${i}`,
  email: `live${role}${i}@example.com`,
  password: `${role}-pass-${i}`,
  rank: 3000,
});
const ASKERS = CASES.map((_, i) => member('asker', i));
const HELPERS = CASES.map((_, i) => member('helper', i));

const TEXT = {
  en: {
    email: 'Email',
    password: 'Password',
    submit: 'Log in',
    inbox: 'Inbox, 1 unread',
    notice: '1 new answer, show',
  },
  zh: { email: '邮箱', password: '密码', submit: '登录', inbox: '收件箱，1 条未读', notice: '1 个新回答，点击查看' },
} as const;

let browser: Browser;
let site: RunningSite;
const askerTokens: string[] = [];
const helperTokens: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite({ installed: true });
  await seedUsers(site.dataDir, [...ASKERS, ...HELPERS]);
  for (const who of ASKERS) askerTokens.push(await tokenOf(site.url, who));
  for (const who of HELPERS) helperTokens.push(await tokenOf(site.url, who));
  expect([...askerTokens, ...helperTokens].every(Boolean)).toBe(true);
}, 180_000);
afterAll(async () => {
  await site?.stop();
  await browser?.close();
});

const bell = (page: Page) => page.getByRole('banner').locator('a[href="/users/notifications/inbox"]');

describe('live updates on an open question page', () => {
  for (const [i, { name, viewport, colorScheme, lang }] of CASES.entries()) {
    it(`[N-4] a member answers: the asker's open tab shows the red dot and the new-answer notice without reload (${name})`, async () => {
      const text = TEXT[lang];
      const [asker, askerToken, helperToken] = [ASKERS[i]!, askerTokens[i]!, helperTokens[i]!];
      // Each case has its own asker and question, so the counts start from nothing.
      const title = `Live answers reach open tabs (${name})`;
      const question = await apiCall<{ id: string; url_title: string }>(site.url, askerToken, 'POST', 'question', {
        title,
        content: 'Does an answer show up while I am reading?',
        tags: [{ slug_name: 'live' }],
      });
      const { page, problems } = await openTab(browser, {
        viewport,
        colorScheme,
        locale: lang === 'zh' ? 'zh-CN' : 'en-US',
      });
      const statusReads: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/answer/api/v1/notification/status')) statusReads.push(request.url());
      });
      const streamOpen = page.waitForResponse(
        (response) =>
          response.url().includes(`/answer/api/v1/notification/stream?question_id=${question.id}`) &&
          response.status() === 200,
      );
      const address = `/questions/${question.id}/${question.url_title}`;
      await page.goto(`${site.url}/users/login?redirect=${encodeURIComponent(address)}`);
      await page.getByLabel(text.email).fill(asker.email);
      await page.getByLabel(text.password).fill(asker.password);
      await page.getByRole('button', { name: text.submit }).click();
      await page.waitForURL(`${site.url}${address}`);
      await streamOpen;
      // The page reads lower down when the answer arrives: nothing may move it.
      await page.evaluate(() => window.scrollTo(0, 200));
      const scrolled = await page.evaluate(() => window.scrollY);
      const readsBefore = statusReads.length;

      const answer = await apiCall<{ id: string }>(site.url, helperToken, 'POST', 'answer', {
        question_id: question.id,
        content: 'Yes: the stream tells your tab, and the answer waits until you ask for it.',
      });
      await expect.poll(() => bell(page).getAttribute('aria-label')).toBe(text.inbox);
      const notice = page.getByTestId('new-posts-notice');
      await expect.poll(() => notice.textContent()).toBe(text.notice);
      // Not inserted yet, not reloaded, not scrolled, and no polling while the stream is up.
      expect(await page.locator(`[id="${answer.id}"]`).count()).toBe(0);
      expect(page.url()).toBe(`${site.url}${address}`);
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
      expect(statusReads.length).toBe(readsBefore);
      // The window as the reader sees it, with the notice floating over the page.
      await page.screenshot({ path: join(REPO, 'e2e', 'screenshots', `live-new-answer-${name}.png`) });
      expect(await axeViolations(page)).toEqual([]);

      await notice.click();
      await page.locator(`[id="${answer.id}"]`).getByText('the answer waits until you ask for it').waitFor();
      await expect.poll(() => notice.count()).toBe(0);
      await screenshot(page, `live-answer-shown-${name}`);
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
});
