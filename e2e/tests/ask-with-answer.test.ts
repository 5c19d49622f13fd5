import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { DESKTOP, launchBrowser, openTab, PHONE, type Tab } from '../support/browser.js';
import { apiCall, tokenOf } from '../support/api.js';
import { seedUsers } from '../support/seed.js';
import { startSite, type RunningSite } from '../support/server.js';

// One member per test that posts: asking twice within 5 s is limited (a captcha or a 429).
const ASKER = { username: 'selfanswerer', email: 'selfanswerer@example.com', password: 'asker-pass-1' };
const CHECKED = { username: 'checked', email: 'checked@example.com', password: 'checked-pass-1' };
const DRAFTER = { username: 'drafter', email: 'drafter@example.com', password: 'drafter-pass-1' };
const OWNER = { username: 'owner', email: 'owner@example.com', password: 'owner-pass-1' };

/** Where the ask page's screenshots go, to be looked at (layout at two widths, two schemes, Chinese). */
const SHOTS = '/tmp/ask-shots';
const QUESTION_DRAFT = '_a_qd_';
const ANSWER_DRAFT = '_a_ad_';

let browser: Browser;
let site: RunningSite;

beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite({ installed: true });
  await seedUsers(site.dataDir, [ASKER, CHECKED, DRAFTER, OWNER]);
});
afterAll(async () => {
  await site?.stop();
  await browser?.close();
});

/** A tab signed in through the login page, as a person does, left on `back`. */
async function memberTab(
  who: { email: string; password: string },
  options: Parameters<typeof openTab>[1] = {},
  back = '/questions/ask',
) {
  const tab = await openTab(browser, options);
  const { page } = tab;
  await page.goto(`${site.url}/users/login?redirect=${encodeURIComponent(back)}`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${site.url}${back}`);
  return tab;
}

/** The text that describes a field to assistive technology: its error when it has one. */
const descriptionOf = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((field) => {
    const id = field.getAttribute('aria-describedby');
    return id ? (document.getElementById(id)?.textContent ?? null) : null;
  });

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

async function fillQuestion(page: Page, title: string) {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Body', { exact: true }).fill('The nightly job writes one file and I want one file a day.');
  await page.getByRole('combobox', { name: 'Tags' }).fill('sup');
  await page.getByRole('option', { name: 'support' }).click();
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** The text in an editor: CodeMirror's lines, or the plain textarea's value while it loads. */
const textOf = (page: Page, label: string) =>
  page
    .getByLabel(label, { exact: true })
    .evaluate((field) => (field instanceof HTMLTextAreaElement ? field.value : (field.textContent ?? '')));

/** Waits for React to have hydrated the page (a tab not opened by openTab does not wait by itself). */
const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

/** Records a page's dialogs, script errors and console errors, as openTab does for its own page. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Failed to load resource')) return;
    if (['error', 'warning'].includes(message.type())) problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog (${dialog.type()}): ${dialog.message()}`);
    void dialog.dismiss();
  });
  return problems;
}

async function closeTab(tab: Tab) {
  await tab.context.close();
}

describe('answering one’s own question while asking', () => {
  it('[S5-031][S7-071] a member asks with their own answer: one request posts both, and the question page shows the answer', async () => {
    const tab = await memberTab(ASKER);
    const { page, problems } = tab;
    await page.goto(`${site.url}/questions/ask`);
    await fillQuestion(page, 'How do I rotate a log file every night?');
    // The answer editor shows only once the box is ticked.
    expect(await page.getByLabel('Your answer', { exact: true }).count()).toBe(0);
    await page.getByLabel('Answer your own question').check();
    await page
      .getByLabel('Your answer', { exact: true })
      .fill('Use `logrotate` with **copytruncate**: the writer keeps its handle.');
    expect(await axeViolations(page)).toEqual([]);

    const posted = page.waitForRequest((r) => r.url().endsWith('/answer/api/v1/question/answer'));
    await page.getByRole('button', { name: 'Post your question and answer' }).click();
    expect(JSON.parse((await posted).postData() ?? '{}')).toMatchObject({
      title: 'How do I rotate a log file every night?',
      answer_content: 'Use `logrotate` with **copytruncate**: the writer keeps its handle.',
    });
    await page.getByRole('heading', { name: 'How do I rotate a log file every night?' }).waitFor();
    expect(page.url()).toMatch(/\/questions\/1001\d+\/how-do-i-rotate-a-log-file-every-night$/);
    await page.getByRole('heading', { name: '1 answer' }).waitFor();
    expect(await page.locator('article strong', { hasText: 'copytruncate' }).count()).toBe(1);
    // Posting removes the draft, as asking does.
    expect(await stored(page, QUESTION_DRAFT)).toBeNull();
    expect(problems).toEqual([]);
    await closeTab(tab);
  });

  it('[S5-031] an empty answer is refused under the answer editor: by the form, and by the server', async () => {
    const tab = await memberTab(CHECKED);
    const { page, problems } = tab;
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/answer/api/v1/question/answer')) sent.push(r.method());
    });
    await page.goto(`${site.url}/questions/ask`);
    await fillQuestion(page, 'Why does my cron job run twice an hour?');
    await page.getByLabel('Answer your own question').check();
    await page.getByRole('button', { name: 'Post your question and answer' }).click();
    await page.getByText('Answer cannot be empty.').waitFor();
    expect(await descriptionOf(page, 'Your answer')).toBe('Answer cannot be empty.');
    expect(sent).toEqual([]);
    await shot(page, 'ask-answer-required-desktop-light');

    // The server checks the same rule: an answer emptied on the way is refused, shown in the same place.
    await page.route('**/answer/api/v1/question/answer', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, answer_content: '' }) });
    });
    await page.getByLabel('Your answer', { exact: true }).fill('Two schedules name the same script.');
    expect(await descriptionOf(page, 'Your answer')).not.toBe('Answer cannot be empty.');
    const refused = page.waitForResponse((r) => r.url().endsWith('/answer/api/v1/question/answer'));
    await page.getByRole('button', { name: 'Post your question and answer' }).click();
    expect((await refused).status()).toBe(400);
    await page.getByText('Answer cannot be empty.').waitFor();
    expect(await descriptionOf(page, 'Your answer')).toBe('Answer cannot be empty.');
    expect(new URL(page.url()).pathname).toBe('/questions/ask');
    // Nothing was created.
    const token = await tokenOf(site.url, CHECKED);
    const listed = await apiCall<{ list: { title: string }[] }>(site.url, token, 'GET', 'question/page?order=newest');
    expect(listed.list.map((q) => q.title)).not.toContain('Why does my cron job run twice an hour?');
    expect(problems).toEqual([]);
    await closeTab(tab);
  });

  it('the ask page with the box ticked, at desktop and phone widths, light and dark, and in Chinese', async () => {
    const views = [
      { name: 'desktop-light', viewport: DESKTOP, colorScheme: 'light' as const },
      { name: 'desktop-dark', viewport: DESKTOP, colorScheme: 'dark' as const },
      { name: 'phone-light', viewport: PHONE, colorScheme: 'light' as const },
      { name: 'phone-dark', viewport: PHONE, colorScheme: 'dark' as const },
    ];
    for (const view of views) {
      const tab = await memberTab(DRAFTER, { viewport: view.viewport, colorScheme: view.colorScheme });
      await tab.page.goto(`${site.url}/questions/ask`);
      await tab.page.getByLabel('Title').fill('How do I keep a log file from growing forever?');
      await tab.page.getByLabel('Answer your own question').check();
      await tab.page.getByLabel('Your answer', { exact: true }).fill('Rotate it nightly and keep a week.');
      await tab.page.getByRole('button', { name: 'Discard draft' }).waitFor();
      // From 768 px the preview sits beside the editor: shown once rendered.
      if (view.viewport === DESKTOP) await tab.page.getByText('Rotate it nightly and keep a week.').nth(1).waitFor();
      await shot(tab.page, `ask-with-answer-${view.name}`);
      expect(tab.problems).toEqual([]);
      await closeTab(tab);
    }

    const zh = await memberTab(DRAFTER);
    await zh.context.addCookies([{ name: 'inquire_lang', value: 'zh_CN', url: site.url }]);
    await zh.page.goto(`${site.url}/questions/ask`);
    await zh.page.getByLabel('回答自己的问题').check();
    await zh.page.getByRole('button', { name: '发布问题和回答' }).click();
    await zh.page.getByText('回答不能为空。').waitFor();
    expect(await descriptionOf(zh.page, '你的回答')).toBe('回答不能为空。');
    await shot(zh.page, 'ask-with-answer-desktop-zh');
    expect(zh.problems).toEqual([]);
    await closeTab(zh);
  });
});

describe('discarding a draft', () => {
  it('[S4-074] on the ask form: a restored draft is discarded, from storage and from the form', async () => {
    const first = await memberTab(DRAFTER);
    await first.page.goto(`${site.url}/questions/ask`);
    // Nothing to discard on an empty form.
    expect(await first.page.getByRole('button', { name: 'Discard draft' }).count()).toBe(0);
    await first.page.getByLabel('Title').fill('A question I will not ask after all');
    await first.page.getByLabel('Answer your own question').check();
    await first.page.getByLabel('Your answer', { exact: true }).fill('And an answer I will not give.');
    // The draft is saved within 3 s of typing (spec section 4).
    await first.page.waitForFunction(
      (key) => (localStorage.getItem(key) ?? '').includes('And an answer I will not give.'),
      QUESTION_DRAFT,
    );
    // A new tab of the same browser restores it (closing a tab runs no leave prompt).
    const page = await first.context.newPage();
    const problems = watch(page);
    await first.page.close();
    await page.goto(`${site.url}/questions/ask`);
    await hydrated(page);
    const title = page.getByLabel('Title');
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="title"]')?.value !== '');
    expect(await title.inputValue()).toBe('A question I will not ask after all');
    expect(await page.getByLabel('Answer your own question').isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Discard draft' }).click();
    // It asks first; cancelling keeps the draft.
    await page.getByRole('dialog', { name: 'Discard draft?' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await stored(page, QUESTION_DRAFT)).not.toBeNull();
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page
      .getByRole('dialog', { name: 'Discard draft?' })
      .getByRole('button', { name: 'Discard', exact: true })
      .click();
    await page.getByRole('button', { name: 'Discard draft' }).waitFor({ state: 'detached' });
    expect(await stored(page, QUESTION_DRAFT)).toBeNull();
    expect(await title.inputValue()).toBe('');
    expect(await page.getByLabel('Answer your own question').isChecked()).toBe(false);
    expect(await page.getByLabel('Your answer', { exact: true }).count()).toBe(0);
    // Nothing is left unsaved: reloading asks nothing (a leave prompt would be a recorded dialog).
    await page.reload();
    await hydrated(page);
    expect(await stored(page, QUESTION_DRAFT)).toBeNull();
    expect([...first.problems, ...problems]).toEqual([]);
    await closeTab(first);
  });

  it('[S4-074] on the answer composer: the stored answer draft is discarded and the editor emptied', async () => {
    const owner = await tokenOf(site.url, OWNER);
    const question = await apiCall<{ id: string; url_title: string }>(site.url, owner, 'POST', 'question', {
      title: 'Which shell should a cron job use?',
      content: 'Mine runs under sh, and my script needs bash.',
      tags: [{ slug_name: 'support' }],
    });
    const tab = await memberTab(DRAFTER);
    const { page, problems } = tab;
    await page.goto(`${site.url}/questions/${question.id}/${question.url_title}`);
    const answer = page.getByLabel('Your answer', { exact: true });
    await answer.fill('Set SHELL=/bin/bash at the top of the crontab.');
    await page.waitForFunction((key) => (localStorage.getItem(key) ?? '').includes('SHELL=/bin/bash'), ANSWER_DRAFT);
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page
      .getByRole('dialog', { name: 'Discard draft?' })
      .getByRole('button', { name: 'Discard', exact: true })
      .click();
    await page.getByRole('button', { name: 'Discard draft' }).waitFor({ state: 'detached' });
    expect(await stored(page, ANSWER_DRAFT)).toBeNull();
    expect(await textOf(page, 'Your answer')).toBe('');
    await page.reload();
    expect(await stored(page, ANSWER_DRAFT)).toBeNull();
    expect(problems).toEqual([]);
    await closeTab(tab);
  });
});
