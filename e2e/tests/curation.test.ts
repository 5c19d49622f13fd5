import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteRuntime } from '../../apps/server/src/infra/site.js';
import { createServices } from '../../apps/server/src/services.js';
import { axeViolations } from '../support/axe.js';
import { launchBrowser, openTab, PHONE, screenshot } from '../support/browser.js';
import { seedUsers } from '../support/seed.js';
import { ADMIN, startSite, type RunningSite } from '../support/server.js';
import { apiCall, tokenOf } from '../support/api.js';

const AUTHOR = { username: 'author', email: 'author@example.com', password: 'author-pass-1' };
// Enough reputation to suggest edits (100), not enough to edit directly (1000).
const SUGGESTER = { username: 'suggester', email: 'suggester@example.com', password: 'suggester-pass-1', rank: 150 };
const INACTIVE = { username: 'sleeper', email: 'sleeper@example.com', password: 'sleeper-pass-1', mail_status: 2 };

let browser: Browser;
let site: RunningSite;
let questionId = '';
let otherQuestionId = '';
let questionPath = '';

const LOGIN_LABELS = { en: ['Email', 'Password', 'Log in'], zh: ['邮箱', '密码', '登录'] } as const;

async function signIn(page: Page, who: { email: string; password: string }, back: string, lang: 'en' | 'zh' = 'en') {
  const [email, password, submit] = LOGIN_LABELS[lang];
  await page.goto(`${site.url}/users/login?redirect=${encodeURIComponent(back)}`);
  await page.getByLabel(email).fill(who.email);
  await page.getByLabel(password).fill(who.password);
  await page.getByRole('button', { name: submit }).click();
  // A question's address may go on to its permalink form (the slug added): wait for one that starts so.
  await page.waitForURL((url) => `${url.pathname}${url.search}`.startsWith(back));
}

async function moderate(page: Page, action: string) {
  await page.getByRole('button', { name: 'Moderate' }).first().click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite({ installed: true });
  await seedUsers(site.dataDir, [AUTHOR, SUGGESTER, INACTIVE]);
  // The duplicate reason needs a link of this site: the site URL is where the test server runs.
  const runtime = new SiteRuntime(site.dataDir);
  await runtime.open();
  await createServices(runtime).siteinfo.update('general', { site_url: site.url });
  await runtime.close();
  const ask = (token: string, title: string) =>
    apiCall<{ id: string; url_title: string }>(site.url, token, 'POST', 'question', {
      title,
      content: 'I want to parse a JSON file in Node without crashing on bad input.',
      tags: [{ slug_name: 'support' }],
    });
  const asked = await ask(await tokenOf(site.url, AUTHOR), 'How do I parse JSON in Node?');
  questionId = asked.id;
  questionPath = `/questions/${asked.id}/${asked.url_title}`;
  // Asked by the admin: one member's second question within 5 s would need a captcha.
  otherQuestionId = (await ask(await tokenOf(site.url, ADMIN), 'Parsing JSON files in Node.js')).id;
});
afterAll(async () => {
  await site?.stop();
  await browser?.close();
});

describe('curation: suggested edits, timeline, rollback and post operations', () => {
  it('[S4-045][S4-046][S8-041][S2-007][S5-033][S1-019] a low-reputation member suggests an edit and sees it wait for review', async () => {
    const { page, problems } = await openTab(browser);
    await signIn(page, SUGGESTER, `/posts/${questionId}/edit`);
    await page.getByText('Your edit will be reviewed before it is shown to everyone.').waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe('How do I parse JSON in Node?');
    await page.getByLabel('Title').fill('How do I parse JSON safely in Node?');
    await page.getByLabel('Edit summary').fill('say what matters: safely');
    await screenshot(page, 'curation-edit-desktop-light');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save edits' }).click();
    await page.getByText('Your revision will show after review.').waitFor();
    await page.getByRole('heading', { name: 'How do I parse JSON in Node?' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('[S2-011][S8-010][S6-020] while the edit waits, the edit check refuses the suggester another edit: the 403 page', async () => {
    const { page } = await openTab(browser);
    await signIn(page, SUGGESTER, `/posts/${questionId}/edit`);
    await page.getByText('403', { exact: true }).waitFor();
  });

  it('[H-6] while the edit waits, the author still gets the edit screen (an edit of theirs would supersede it)', async () => {
    const { page, problems } = await openTab(browser);
    await signIn(page, AUTHOR, `/posts/${questionId}/edit`);
    expect(await page.getByLabel('Title').inputValue()).toBe('How do I parse JSON in Node?');
    expect(problems).toEqual([]);
  });

  it('[S4-060][S7-101][S7-102] the admin approves the suggested edit (no review screen yet: through the API)', async () => {
    const token = await tokenOf(site.url, { email: ADMIN.email, password: ADMIN.password });
    const queue = await apiCall<{ count: number; list: { unreviewed_info: { id: string } }[] }>(
      site.url,
      token,
      'GET',
      'revisions/unreviewed?page=1',
    );
    expect(queue.count).toBe(1);
    await apiCall(site.url, token, 'PUT', 'revisions/audit', {
      id: queue.list[0]?.unreviewed_info.id,
      operation: 'approve',
    });
    const info = await apiCall<{ title: string }>(site.url, token, 'GET', `question/info?id=${questionId}`);
    expect(info.title).toBe('How do I parse JSON safely in Node?');
  });

  it('[S2-053][S7-151][S7-152][S7-099][S3-033] the timeline shows the question asked and edited, with a diff, and rolls back', async () => {
    const { page, problems } = await openTab(browser);
    await signIn(page, { email: ADMIN.email, password: ADMIN.password }, `/posts/${questionId}/timeline`);
    const rows = page.getByRole('list', { name: 'Timeline' }).getByRole('listitem');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    const edited = rows.filter({ hasText: 'edited' });
    expect(await edited.textContent()).toContain('suggester');
    expect(await edited.textContent()).toContain('say what matters: safely');
    await edited.getByRole('button', { name: 'Show changes' }).click();
    await edited.locator('ins', { hasText: 'safely' }).waitFor();
    await screenshot(page, 'curation-timeline-desktop-light');
    expect(await axeViolations(page)).toEqual([]);

    await rows.filter({ hasText: 'asked' }).getByRole('button', { name: 'Roll back to this revision' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await rows.filter({ hasText: 'rollback' }).waitFor();
    expect(await rows.count()).toBe(3);
    await page.locator('h1').getByRole('link', { name: 'How do I parse JSON in Node?' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('[S4-033][S4-034][S2-155][S7-065][S7-066] staff close a question as a duplicate of another, and reopen it', async () => {
    const { page, problems } = await openTab(browser);
    await signIn(page, { email: ADMIN.email, password: ADMIN.password }, questionPath);
    await moderate(page, 'Close');
    const dialog = page.getByRole('dialog', { name: 'Close question' });
    await dialog.getByRole('button', { name: 'Close question' }).click();
    await dialog.getByText('Please select a reason.').waitFor();
    await dialog.getByLabel('a duplicate').check();
    await dialog.getByLabel('Details', { exact: true }).fill('https://elsewhere.example/questions/1');
    await dialog.getByRole('button', { name: 'Close question' }).click();
    await dialog.getByText('URL origin does not match the current website.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByLabel('Details', { exact: true }).fill(`${site.url}/questions/${otherQuestionId}`);
    await dialog.getByRole('button', { name: 'Close question' }).click();
    await page.getByText('This question is closed.').waitFor();
    await page.getByText('This question has been asked before and already has an answer.').waitFor();
    await screenshot(page, 'curation-closed-desktop-light');

    await moderate(page, 'Reopen');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('This question is closed.').waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });

  it('[S4-037][S4-038][S4-040][S4-039][S7-067][S4-032] staff pin, unpin, unlist and list a question; each shows in the timeline', async () => {
    const { page, problems } = await openTab(browser);
    await signIn(page, { email: ADMIN.email, password: ADMIN.password }, questionPath);
    await moderate(page, 'Pin');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // A pinned question offers unpin and no unlist (the peer's rule).
    await page.getByRole('button', { name: 'Moderate' }).first().click();
    await page.getByRole('menuitem', { name: 'Unpin' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Unlist' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Unpin' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await moderate(page, 'Unlist');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('This question is unlisted').waitFor();

    // A guest no longer finds it: not in the list, and its page is not found.
    const guest = await openTab(browser);
    await guest.page.goto(`${site.url}/questions`);
    expect(await guest.page.getByRole('link', { name: 'How do I parse JSON in Node?' }).count()).toBe(0);

    await moderate(page, 'List');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('This question is unlisted').waitFor({ state: 'detached' });
    await page.goto(`${site.url}/posts/${questionId}/timeline`);
    const events = await page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').allTextContents();
    for (const event of ['show', 'hide', 'unpin', 'pin', 'reopened', 'closed', 'rollback', 'edited', 'asked']) {
      expect(events.some((text) => text.startsWith(event))).toBe(true);
    }
    expect(problems).toEqual([]);
  });

  it('[S2-009][S2-010][S3-044][S7-072][S7-075][S7-076][S7-077][S2-054][S4-035][S4-036][S7-007] an answer is edited by its author, deleted and undeleted by staff, all on its timeline', async () => {
    const answer = await apiCall<{ id: string }>(site.url, await tokenOf(site.url, SUGGESTER), 'POST', 'answer', {
      question_id: questionId,
      content: 'Wrap JSON.parse in try and catch.',
    });
    const { page, problems } = await openTab(browser);
    await signIn(page, SUGGESTER, questionPath);
    await page.locator(`[id="${answer.id}"]`).getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`${site.url}/posts/${questionId}/${answer.id}/edit`);
    // The address moves as the router starts rendering the edit page; until it shows, "Your
    // answer" is still the question page's own answer box.
    await page.getByRole('heading', { name: 'Edit answer' }).waitFor();
    // The form's field by name: the plain textarea, or the value CodeMirror keeps once it took over.
    expect(await page.locator('[name="content"]').inputValue()).toBe('Wrap JSON.parse in try and catch.');
    await page.getByLabel('Your answer').fill('Wrap JSON.parse in try and catch, and report the position.');
    await page.getByLabel('Edit summary').fill('mention the position');
    await page.getByRole('button', { name: 'Save edits' }).click();
    // The edit page's editor holds the text already: wait for the answer on the question page.
    await page.waitForURL((url) => !url.pathname.endsWith('/edit'));
    await page.locator(`[id="${answer.id}"]`).getByText('and report the position.').waitFor();

    const admin = await openTab(browser);
    await signIn(admin.page, { email: ADMIN.email, password: ADMIN.password }, questionPath);
    const card = admin.page.locator(`[id="${answer.id}"]`);
    await card.getByRole('button', { name: 'Moderate' }).click();
    await admin.page.getByRole('menuitem', { name: 'Delete' }).click();
    await admin.page.getByText('Delete this answer?').waitFor();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    // Staff read 'Deleted' once: the decision's notice says it (with the reason), so no badge repeats it.
    const deleted = card.getByText('Deleted', { exact: true });
    await deleted.waitFor();
    expect(await deleted.count()).toBe(1);
    await card.getByRole('button', { name: 'Moderate' }).click();
    await admin.page.getByRole('menuitem', { name: 'Undelete' }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => deleted.count()).toBe(0);

    await card.getByRole('link', { name: 'Timeline' }).click();
    await admin.page.waitForURL(`${site.url}/posts/${questionId}/${answer.id}/timeline`);
    await admin.page.getByText('Timeline of an answer').waitFor();
    const events = await admin.page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').allTextContents();
    expect(events.map((text) => /^(undeleted|deleted|edited|answered)/.exec(text)?.[1])).toEqual([
      'undeleted',
      'deleted',
      'edited',
      'answered',
    ]);
    expect(problems).toEqual([]);
    expect(admin.problems).toEqual([]);
  });

  it('[S2-056][S6-006][S2-008][S6-010][S2-028][S6-011] timelines need a login; edit screens need an activated account', async () => {
    const guest = await openTab(browser);
    await guest.page.goto(`${site.url}/posts/${questionId}/timeline`);
    await guest.page.waitForURL(
      `${site.url}/users/login?redirect=${encodeURIComponent(`/posts/${questionId}/timeline`)}`,
    );

    const { page } = await openTab(browser);
    await page.goto(`${site.url}/users/login`);
    await page.getByLabel('Email').fill(INACTIVE.email);
    await page.getByLabel('Password').fill(INACTIVE.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/status=inactive/);
    for (const path of [`/posts/${questionId}/edit`, '/tags/10030000000000001/edit']) {
      await page.goto(`${site.url}${path}`);
      await page.waitForURL(`${site.url}/users/login?status=inactive`);
    }
  });

  it('screens on a phone in dark mode and in Chinese', async () => {
    const token = await tokenOf(site.url, { email: ADMIN.email, password: ADMIN.password });
    await apiCall(site.url, token, 'PUT', 'question/status', { id: otherQuestionId, close_type: 64, close_msg: '' });
    const dark = await openTab(browser, { viewport: PHONE, colorScheme: 'dark' });
    await signIn(dark.page, { email: ADMIN.email, password: ADMIN.password }, `/questions/${otherQuestionId}`);
    await dark.page.getByText('This question is closed.').waitFor();
    await screenshot(dark.page, 'curation-closed-phone-dark');
    await dark.page.goto(`${site.url}/posts/${questionId}/timeline`);
    await dark.page.getByRole('list', { name: 'Timeline' }).waitFor();
    await screenshot(dark.page, 'curation-timeline-phone-dark');
    expect(await axeViolations(dark.page)).toEqual([]);
    expect(dark.problems).toEqual([]);

    const zh = await openTab(browser, { locale: 'zh-CN' });
    await signIn(zh.page, SUGGESTER, `/posts/${questionId}/timeline`, 'zh');
    await zh.page.getByText('问题的时间线').waitFor();
    await zh.page.getByRole('button', { name: '显示修改' }).first().click();
    await zh.page.locator('ins, del').first().waitFor();
    await screenshot(zh.page, 'curation-timeline-desktop-zh');
    expect(zh.problems).toEqual([]);
  });
});
