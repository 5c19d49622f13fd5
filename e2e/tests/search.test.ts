import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, tokenOf } from '../support/api.js';
import { axeViolations } from '../support/axe.js';
import { launchBrowser, openTab, PHONE, screenshot } from '../support/browser.js';
import { holdRateWindows, plantCaptcha, seedUsers } from '../support/seed.js';
import { ADMIN, startSite, type RunningSite } from '../support/server.js';

/**
 * The search page (issue 10, item 4) in the browser. Content is written as the admin (staff
 * are exempt from write limits); readers search as guests or as a member. Guests from one
 * address may search 20 times a minute, so the file stays below that until its last test,
 * which goes past it on purpose.
 */
const MEMBER = { username: 'searcher', email: 'searcher@example.com', password: 'searcher-pass-1' };
/** Enough results for two pages (30 a page). */
const PAGED = 33;

let browser: Browser;
let site: RunningSite;
let awkQuestion = { id: '', url_title: '' };

beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite({ installed: true });
  await seedUsers(site.dataDir, [MEMBER]);
  const admin = await tokenOf(site.url, ADMIN);
  const ask = (title: string, content: string, tag: string) =>
    apiCall<{ id: string; url_title: string }>(site.url, admin, 'POST', 'question', {
      title,
      content,
      tags: [{ slug_name: tag }],
    });
  awkQuestion = await ask(
    'Parsing huge zebra logs with awk',
    'Zebra logs are big; awk reads them one line at a time.',
    'logs',
  );
  await ask('Sorting a list of animals', 'My zebra entries come out of order after sorting.', 'python');
  await apiCall(site.url, admin, 'POST', 'answer', {
    question_id: awkQuestion.id,
    content: 'Use awk with a zebra pattern and print the third field.',
  });
  await ask('如何在斑马日志中查找错误', '斑马日志很大，我想找出其中所有的错误行。', 'logs');
  for (let i = 1; i <= PAGED; i += 1) {
    await ask(`Quokka question number ${i}`, `Quokka details for case ${i}, written out in full.`, 'animals');
  }
}, 180_000);
afterAll(async () => {
  await site?.stop();
  await browser?.close();
});

const resultRows = (page: Page) => page.locator('main section[aria-labelledby="search-heading"] li');
const resultTitles = (page: Page) => resultRows(page).locator('h2 a');

describe('searching from the header', () => {
  it('[SR-4] [S2-020] [S1-005] a guest searches from the desktop header (light) and sees ranked, marked results', async () => {
    const { page, problems } = await openTab(browser);
    await page.goto(`${site.url}/questions`);
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search' });
    await box.fill('zebra');
    await box.press('Enter');
    await page.waitForURL(`${site.url}/search?q=zebra`);
    await page.getByRole('heading', { level: 1, name: 'Results for “zebra”' }).waitFor();
    await expect.poll(() => page.getByTestId('search-count').textContent()).toBe('3 results');
    // A title match ranks above body-only matches; the answer is badged and links to its address.
    await expect.poll(() => resultTitles(page).first().textContent()).toBe('Parsing huge zebra logs with awk');
    const answerRow = resultRows(page).filter({ hasText: 'third field' });
    expect(await answerRow.textContent()).toContain('Answer');
    expect(
      await answerRow.getByRole('link', { name: 'Parsing huge zebra logs with awk' }).getAttribute('href'),
    ).toMatch(new RegExp(`^/questions/${awkQuestion.id}/${awkQuestion.url_title}/\\d{17}$`));
    // The server's excerpt marks the word; the page shows the marks as markup, not as text.
    expect(await resultRows(page).locator('p em').first().textContent()).toMatch(/^zebra$/i);
    expect(await page.locator('main').textContent()).not.toContain('<em>');
    // The reader's query stays in both boxes; the tips explain the syntax.
    expect(await box.inputValue()).toBe('zebra');
    expect(await page.getByRole('main').getByRole('searchbox').inputValue()).toBe('zebra');
    await page.getByRole('heading', { name: 'Search tips' }).waitFor();
    expect(await page.title()).toBe('Results for “zebra” - E2E Site');
    await screenshot(page, 'search-desktop-light');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('[SR-4] [S2-020] a phone reader (dark, Chinese) finds Chinese text through the menu', async () => {
    const { page, problems } = await openTab(browser, { viewport: PHONE, colorScheme: 'dark', locale: 'zh-CN' });
    await page.goto(`${site.url}/`);
    await page.getByRole('button', { name: '菜单' }).click();
    await page.getByRole('menuitem', { name: '搜索' }).click();
    await page.waitForURL(`${site.url}/search`);
    await page.getByRole('heading', { name: '搜索提示' }).waitFor();
    const box = page.getByRole('main').getByRole('searchbox', { name: '搜索问题和回答' });
    await box.fill('斑马日志');
    await page.getByRole('main').getByRole('button', { name: '搜索' }).click();
    await page.waitForURL(`${site.url}/search?q=${encodeURIComponent('斑马日志')}`);
    await expect.poll(() => page.getByTestId('search-count').textContent()).toBe('1 条结果');
    expect(await resultTitles(page).first().textContent()).toBe('如何在斑马日志中查找错误');
    expect(await resultRows(page).locator('p em').first().textContent()).toBe('斑马日志');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await screenshot(page, 'search-phone-dark-zh');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('[SR-4] a member searches from the desktop header in dark; phone in light shows the same page', async () => {
    const { page, problems } = await openTab(browser, { colorScheme: 'dark' });
    await page.goto(`${site.url}/users/login?redirect=${encodeURIComponent('/tags')}`);
    await page.getByLabel('Email').fill(MEMBER.email);
    await page.getByLabel('Password').fill(MEMBER.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${site.url}/tags`);
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search' });
    await box.fill('awk');
    await box.press('Enter');
    await page.waitForURL(`${site.url}/search?q=awk`);
    await expect.poll(() => page.getByTestId('search-count').textContent()).toBe('2 results');
    await screenshot(page, 'search-desktop-dark');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();

    const phone = await openTab(browser, { viewport: PHONE, colorScheme: 'light' });
    await phone.page.goto(`${site.url}/search?q=zebra`);
    await expect.poll(() => phone.page.getByTestId('search-count').textContent()).toBe('3 results');
    await screenshot(phone.page, 'search-phone-light');
    expect(await axeViolations(phone.page)).toEqual([]);
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  });
});

describe('narrowing, sorting, paging and nothing found', () => {
  it('[SR-4] operators narrow the results: [tag], is:answer, "exact phrase"', async () => {
    const { page, problems } = await openTab(browser);
    const search = async (q: string) => {
      const box = page.getByRole('main').getByRole('searchbox');
      await box.fill(q);
      await box.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('q') === q);
      // The address moves before the new results render, and two of these searches both count
      // "1 result": the heading names the query the page shows.
      await page.getByRole('heading', { level: 1, name: `Results for “${q}”` }).waitFor();
    };
    await page.goto(`${site.url}/search?q=zebra`);
    await expect.poll(() => page.getByTestId('search-count').textContent()).toBe('3 results');
    await search('zebra [python]');
    await expect.poll(() => page.getByTestId('search-count').textContent()).toBe('1 result');
    expect(await resultTitles(page).allTextContents()).toEqual(['Sorting a list of animals']);
    await search('zebra is:answer');
    await expect.poll(() => page.getByTestId('search-count').textContent()).toBe('1 result');
    expect(await resultRows(page).first().textContent()).toContain('third field');
    await search('"zebra entries"');
    await expect.poll(() => page.getByTestId('search-count').textContent()).toBe('1 result');
    expect(await resultTitles(page).allTextContents()).toEqual(['Sorting a list of animals']);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('[SR-4] sort tabs and pages keep the query', async () => {
    const { page, problems } = await openTab(browser);
    await page.goto(`${site.url}/search?q=quokka`);
    await expect.poll(() => page.getByTestId('search-count').textContent()).toBe(`${PAGED} results`);
    expect(await resultTitles(page).count()).toBe(30);
    await page.getByRole('navigation', { name: 'Sort results' }).getByRole('link', { name: 'Newest' }).click();
    await page.waitForURL(`${site.url}/search?q=quokka&order=newest`);
    // Equal ranks fall back to newest first, so the first title alone cannot tell the pages apart.
    await expect
      .poll(() =>
        page
          .getByRole('navigation', { name: 'Sort results' })
          .getByRole('link', { name: 'Newest' })
          .getAttribute('aria-current'),
      )
      .toBe('page');
    await expect.poll(() => resultTitles(page).first().textContent()).toBe(`Quokka question number ${PAGED}`);
    await page.getByRole('navigation', { name: 'Result pages' }).getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL(`${site.url}/search?q=quokka&order=newest&page=2`);
    await expect.poll(() => resultTitles(page).count()).toBe(PAGED - 30);
    expect(await resultTitles(page).last().textContent()).toBe('Quokka question number 1');
    expect(await page.getByRole('main').getByRole('searchbox').inputValue()).toBe('quokka');
    expect(await page.getByRole('banner').getByRole('searchbox').inputValue()).toBe('quokka');
    expect(
      await page
        .getByRole('navigation', { name: 'Sort results' })
        .getByRole('link', { name: 'Newest' })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('[SR-4] a search that finds nothing suggests asking a question', async () => {
    const { page, problems } = await openTab(browser);
    await page.goto(`${site.url}/search?q=nothingmatchesthis`);
    await page.getByText('No results found').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Ask a question' }).click();
    // Asking needs a member: the guard sends the guest to sign in, back to the ask form after.
    await page.waitForURL(`${site.url}/users/login?redirect=${encodeURIComponent('/questions/ask')}`);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('the guard for cached-search-engine visits', () => {
  it('[SR-4] [S2-021] a cached copy’s address goes to the cached page; a visit from a cache host goes home', async () => {
    const { page, problems } = await openTab(browser);
    const cachedAddress = `https://cached.example.com/questions/${awkQuestion.id}/${awkQuestion.url_title}`;
    await page.goto(`${site.url}/search?q=${encodeURIComponent(`cache:Zx12Ab:${cachedAddress}`)}`);
    expect(page.url()).toBe(`${site.url}/questions/${awkQuestion.id}/${awkQuestion.url_title}`);
    await page.getByRole('heading', { level: 1, name: 'Parsing huge zebra logs with awk' }).waitFor();

    await page.goto(`${site.url}/search?q=zebra`, { referer: 'https://webcache.googleusercontent.com/' });
    expect(page.url()).toBe(`${site.url}/`);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('past the search limit (last: it leaves this address over the limit)', () => {
  /**
   * Searches as a guest from this address until the server asks for a captcha, then keeps that
   * minute's window open: the test takes longer than what may be left of it.
   */
  async function searchUntilChallenged(page: Page) {
    for (let i = 0; i < 25; i += 1) {
      const response = await page.request.get(`${site.url}/answer/api/v1/search?q=filler${i}`);
      if (response.status() === 400) return holdRateWindows(site.dataDir, 'cap:search:ip:');
      expect(response.status()).toBe(200);
    }
    throw new Error('the search limit never asked for a captcha');
  }
  const captchaForm = (page: Page) => page.locator('form', { has: page.locator('input[name="captcha_code"]') });

  it('[SR-6] a guest types the code to search again; a wrong code is refused with a new image', async () => {
    const { page, problems } = await openTab(browser);
    await searchUntilChallenged(page);
    await page.goto(`${site.url}/search?q=${encodeURIComponent('zebra entries')}`);
    const form = captchaForm(page);
    await form.getByText('Type the code in the image to run this search.').waitFor();
    expect(await page.getByTestId('search-count').count()).toBe(0);
    const firstImage = await form.getByRole('img').getAttribute('src');
    expect(firstImage).toMatch(/^data:image\/svg\+xml;base64,/);
    await screenshot(page, 'search-captcha-desktop-light');
    expect(await axeViolations(page)).toEqual([]);

    await form.getByLabel('Type the characters in the image').fill('nope');
    await form.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('captcha_code') === 'nope');
    await form.getByText('Verification code is incorrect.').waitFor();
    expect(await form.getByRole('img').getAttribute('src')).not.toBe(firstImage);
    expect(await form.getByLabel('Type the characters in the image').getAttribute('aria-invalid')).toBe('true');

    // The real code is an image: point the form at a challenge whose answer the test knows.
    await plantCaptcha(site.dataDir, 'known-challenge', 'abcd');
    await form.locator('input[name="captcha_id"]').evaluate((input) => {
      (input as HTMLInputElement).value = 'known-challenge';
    });
    await form.getByLabel('Type the characters in the image').fill('ABCD');
    await form.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByTestId('search-count').textContent()).toBe('1 result');
    expect(await resultTitles(page).allTextContents()).toEqual(['Sorting a list of animals']);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('[SR-6] the same in Chinese, on a phone, in the dark', async () => {
    const { page, problems } = await openTab(browser, { viewport: PHONE, colorScheme: 'dark', locale: 'zh-CN' });
    await searchUntilChallenged(page);
    await page.goto(`${site.url}/search?q=${encodeURIComponent('斑马')}`);
    await captchaForm(page).getByText('请输入图中的验证码来执行本次搜索', { exact: false }).waitFor();
    await screenshot(page, 'search-captcha-phone-dark-zh');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
