import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, tokenOf } from '../support/api.js';
import { axeViolations } from '../support/axe.js';
import { launchBrowser, openTab, PHONE, screenshot } from '../support/browser.js';
import { seedUsers } from '../support/seed.js';
import { startSite, type RunningSite } from '../support/server.js';

/**
 * The notification screens and the header's red dots (issue 11, item 2) in the browser.
 * Member A asks; member B answers, comments and upvotes through the API while A's tab is open.
 * The dots come from `notification/status`, which the tab polls every 3 s: the checks poll.
 */
const ASKER = { username: 'asker', email: 'asker@example.com', password: 'asker-pass-1', rank: 3000 };
const HELPER = { username: 'helper', email: 'helper@example.com', password: 'helper-pass-1', rank: 3000 };
const TITLE = 'Why does my sourdough starter smell like acetone?';
/** The question's canonical address: the items link there directly, not through a 301. */
const SLUG = 'why-does-my-sourdough-starter-smell-like-acetone';

/** Long enough for a few polls of a loaded machine; the dots normally move within 3 s. */
const POLL = { timeout: 15_000, interval: 250 };

let browser: Browser;
let site: RunningSite;
let question = { id: '', url_title: '' };
let helperToken = '';

const LOGIN_LABELS = { en: ['Email', 'Password', 'Log in'], zh: ['邮箱', '密码', '登录'] } as const;

async function signIn(page: Page, back: string, lang: 'en' | 'zh' = 'en') {
  const [email, password, submit] = LOGIN_LABELS[lang];
  await page.goto(`${site.url}/users/login?redirect=${encodeURIComponent(back)}`);
  await page.getByLabel(email).fill(ASKER.email);
  await page.getByLabel(password).fill(ASKER.password);
  await page.getByRole('button', { name: submit }).click();
  await page.waitForURL(`${site.url}${back}`);
}

/** The header's bell and trophy: their names carry the counts the red dots show. */
const bell = (page: Page) => page.getByRole('banner').locator('a[href="/users/notifications/inbox"]');
const trophy = (page: Page) => page.getByRole('banner').locator('a[href="/users/notifications/achievement"]');
const rows = (page: Page) => page.locator('main section[aria-labelledby="notifications-heading"] li');

beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite({ installed: true });
  await seedUsers(site.dataDir, [ASKER, HELPER]);
  helperToken = await tokenOf(site.url, HELPER);
  question = await apiCall<{ id: string; url_title: string }>(
    site.url,
    await tokenOf(site.url, ASKER),
    'POST',
    'question',
    {
      title: TITLE,
      content: 'It was fine last week; now it smells like nail polish remover.',
      tags: [{ slug_name: 'baking' }],
    },
  );
}, 180_000);
afterAll(async () => {
  await site?.stop();
  await browser?.close();
});

describe('the inbox', () => {
  it('[N-2] [S2-046] [S2-047] [S2-049] [S7-135] [S7-136] [S7-137] an answer lights the open tab’s red dot without reload; opening the inbox clears the dot and lists the items unread with working links; mark all read reads them', async () => {
    const { page, problems } = await openTab(browser);
    const streams: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && request.url().includes('/answer/api/v1/notification/stream')) {
        streams.push(request.url());
      }
    });
    const questionAddress = `/questions/${question.id}/${question.url_title}`;
    await signIn(page, questionAddress);
    expect(await bell(page).getAttribute('aria-label')).toBe('Inbox');
    expect(await bell(page).getByTestId('red-dot').count()).toBe(0);
    const loadedAt = page.url();

    // B answers while A reads: the dot lights from the live stream, with no reload.
    const answer = await apiCall<{ id: string }>(site.url, helperToken, 'POST', 'answer', {
      question_id: question.id,
      content: 'Your starter is hungry: feed it twice a day and the acetone smell goes away.',
    });
    await expect.poll(() => bell(page).getAttribute('aria-label'), POLL).toBe('Inbox, 1 unread');
    expect(await bell(page).getByTestId('red-dot').textContent()).toBe('1');
    expect(page.url()).toBe(loadedAt);
    expect(streams.length).toBeGreaterThan(0);

    // B comments too: two unread items.
    const comment = await apiCall<{ comment_id: string }>(site.url, helperToken, 'POST', 'comment', {
      object_id: question.id,
      original_text: 'Also, what flour do you use?',
    });
    await expect.poll(() => bell(page).getAttribute('aria-label'), POLL).toBe('Inbox, 2 unread');

    // Opening the inbox clears its red dot (PUT notification/status); the items stay unread.
    const clearDot = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/notification/status'));
    await bell(page).click();
    await page.waitForURL(`${site.url}/users/notifications/inbox`);
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    expect((await clearDot).postDataJSON()).toEqual({ type: 'inbox' });
    await expect.poll(() => bell(page).getAttribute('aria-label'), POLL).toBe('Inbox');
    expect(await bell(page).getByTestId('red-dot').count()).toBe(0);
    expect(await page.title()).toBe('Notifications - E2E Site');
    await expect.poll(() => rows(page).count()).toBe(2);
    const answerRow = rows(page).filter({ hasText: 'answered the question' });
    expect(await answerRow.textContent()).toContain('helper');
    expect(await answerRow.getAttribute('data-unread')).toBe('');
    const link = answerRow.getByRole('link', { name: TITLE });
    expect(await link.getAttribute('href')).toBe(`/questions/${question.id}/${SLUG}/${answer.id}`);
    const commentLink = rows(page).filter({ hasText: 'commented on the question' }).getByRole('link', { name: TITLE });
    expect(await commentLink.getAttribute('href')).toBe(`/questions/${question.id}/${SLUG}#${comment.comment_id}`);
    await screenshot(page, 'notifications-inbox-desktop-light');
    expect(await axeViolations(page)).toEqual([]);

    // Mark all read: the rows lose their unread mark and the dot stays out.
    const markAll = page.waitForRequest(
      (r) => r.method() === 'PUT' && r.url().endsWith('/notification/read/state/all'),
    );
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    expect((await markAll).postDataJSON()).toEqual({ type: 'inbox' });
    await expect.poll(() => page.locator('li[data-unread]').count(), POLL).toBe(0);
    expect(await bell(page).getAttribute('aria-label')).toBe('Inbox');
    expect(await page.getByRole('button', { name: 'Mark all as read' }).isDisabled()).toBe(true);

    // The item's link opens the answer on the question page.
    await link.click();
    await page.waitForURL(
      (url) => url.pathname.startsWith(`/questions/${question.id}/`) && url.pathname.endsWith(answer.id),
    );
    await page.locator(`[id="${answer.id}"]`).getByText('feed it twice a day').waitFor();
    // A comment's link names the comment's row on the question page.
    await page.goto(`${site.url}/questions/${question.id}#${comment.comment_id}`);
    await page.locator(`[id="${comment.comment_id}"]`).getByText('what flour do you use').waitFor();

    // Opened again with no dot to clear, the inbox sends nothing: a write would empty the page caches.
    const dotClears: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/notification/status')) dotClears.push(r.url());
    });
    await page.goto(`${site.url}/users/notifications/inbox`);
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(2);
    // A round trip through the page after its effects ran: a request they sent is seen by now.
    await page.evaluate(() => document.documentElement.dataset.hydrated);
    expect(dotClears).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('[N-2] [S2-046] [S2-048] [S2-050] [S2-051] the inbox tabs narrow the list; a tab with nothing shows the empty state (phone, light, Chinese)', async () => {
    const { page, problems } = await openTab(browser, { viewport: PHONE, locale: 'zh-CN' });
    await signIn(page, '/users/notifications/inbox/all', 'zh');
    await page.getByRole('heading', { level: 1, name: '通知' }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(2);
    const tabs = page.getByRole('navigation', { name: '收件箱分类' });
    expect(await tabs.getByRole('link', { name: '全部' }).getAttribute('aria-current')).toBe('page');
    await screenshot(page, 'notifications-inbox-phone-light-zh');
    expect(await axeViolations(page)).toEqual([]);

    await tabs.getByRole('link', { name: '帖子' }).click();
    await page.waitForURL(`${site.url}/users/notifications/inbox/posts`);
    await expect.poll(() => rows(page).count()).toBe(2);
    await tabs.getByRole('link', { name: '邀请' }).click();
    await page.waitForURL(`${site.url}/users/notifications/inbox/invites`);
    await page.getByText('暂无通知').waitFor();
    expect(await rows(page).count()).toBe(0);
    await tabs.getByRole('link', { name: '投票' }).click();
    await page.waitForURL(`${site.url}/users/notifications/inbox/votes`);
    await page.getByText('暂无通知').waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('[N-2] [S6-007] a guest asking for the inbox signs in first; an unknown type is a 404', async () => {
    const { page, problems } = await openTab(browser);
    await page.goto(`${site.url}/users/notifications/inbox`);
    expect(page.url()).toBe(`${site.url}/users/login?redirect=${encodeURIComponent('/users/notifications/inbox')}`);
    const response = await page.request.get(`${site.url}/users/notifications/inbox`, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    await page.context().close();

    const member = await openTab(browser);
    await signIn(member.page, '/');
    const missing = await member.page.goto(`${site.url}/users/notifications/badges`);
    expect(missing?.status()).toBe(404);
    const subTyped = await member.page.goto(`${site.url}/users/notifications/achievement/all`);
    expect(subTyped?.status()).toBe(404);
    expect(problems).toEqual([]);
    await member.context.close();
  });
});

describe('achievements', () => {
  it('[N-2] [S2-052] an upvote’s reputation shows as an achievement with its own dot (desktop dark, English)', async () => {
    const { page, problems } = await openTab(browser, { colorScheme: 'dark' });
    await signIn(page, '/questions');
    expect(await trophy(page).getAttribute('aria-label')).toBe('Achievements');

    await apiCall(site.url, helperToken, 'POST', 'vote/up', { object_id: question.id, is_cancel: false });
    await expect.poll(() => trophy(page).getAttribute('aria-label'), POLL).toBe('Achievements, 1 new');
    // The upvote is an inbox item of the votes tab too.
    await expect.poll(() => bell(page).getAttribute('aria-label'), POLL).toBe('Inbox, 1 unread');

    await trophy(page).click();
    await page.waitForURL(`${site.url}/users/notifications/achievement`);
    await expect.poll(() => rows(page).count()).toBe(1);
    const row = rows(page).first();
    expect(await row.textContent()).toContain('+10');
    expect(await row.textContent()).toContain('Question upvoted');
    expect(await row.getByRole('link', { name: TITLE }).getAttribute('href')).toBe(`/questions/${question.id}/${SLUG}`);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await screenshot(page, 'notifications-achievement-desktop-dark');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Inbox', exact: true }).click();
    await page.getByRole('navigation', { name: 'Inbox tabs' }).getByRole('link', { name: 'Votes' }).click();
    await page.waitForURL(`${site.url}/users/notifications/inbox/votes`);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain('upvoted the question');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('[N-2] [S7-134] [S7-137] the achievements on a phone in dark, Chinese: opening them clears their dot; opening one marks it read', async () => {
    // The last test opened the achievements, which cleared their dot: a new one lights it again.
    const ownAnswer = await apiCall<{ id: string }>(site.url, await tokenOf(site.url, ASKER), 'POST', 'answer', {
      question_id: question.id,
      content: 'Feeding it twice a day worked: the smell is gone.',
    });
    await apiCall(site.url, helperToken, 'POST', 'vote/up', { object_id: ownAnswer.id, is_cancel: false });
    const { page, problems } = await openTab(browser, { viewport: PHONE, colorScheme: 'dark', locale: 'zh-CN' });
    await signIn(page, '/questions', 'zh');
    expect(await trophy(page).getAttribute('aria-label')).toBe('成就，1 条新成就');
    const clearDot = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/notification/status'));
    await trophy(page).click();
    await page.waitForURL(`${site.url}/users/notifications/achievement`);
    await page.getByRole('heading', { level: 1, name: '通知' }).waitFor();
    expect((await clearDot).postDataJSON()).toEqual({ type: 'achievement' });
    await expect.poll(() => trophy(page).getAttribute('aria-label'), POLL).toBe('成就');
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(await rows(page).first().textContent()).toContain('回答被赞同');
    expect(await rows(page).nth(1).textContent()).toContain('问题被赞同');
    // The dot is cleared; the items themselves are still unread.
    expect(await page.locator('li[data-unread]').count()).toBe(2);
    await screenshot(page, 'notifications-achievement-phone-dark-zh');
    expect(await axeViolations(page)).toEqual([]);

    const markOne = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/notification/read/state'));
    await rows(page).first().getByRole('link', { name: TITLE }).click();
    // The link names the question by id; its page answers at the permalink form (slug added).
    await page.waitForURL((url) => url.pathname.startsWith(`/questions/${question.id}/`));
    expect((await markOne).postDataJSON()).toEqual({ id: expect.stringMatching(/^\d+$/) });
    await page.goto(`${site.url}/users/notifications/achievement`);
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(await rows(page).first().getAttribute('data-unread')).toBeNull();
    expect(await rows(page).nth(1).getAttribute('data-unread')).toBe('');
    expect(await trophy(page).getAttribute('aria-label')).toBe('成就');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('polling', () => {
  /** Every call to notification/status the page makes, by the page's (fake) clock. */
  const recordStatusReads = (page: Page) =>
    page.addInitScript(() => {
      const reads: number[] = [];
      (window as unknown as { statusReads: number[] }).statusReads = reads;
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (url.includes('/notification/status') && (init?.method ?? 'GET') === 'GET') reads.push(Date.now());
        return original(input, init);
      };
    });
  const statusReads = (page: Page) => page.evaluate(() => (window as unknown as { statusReads: number[] }).statusReads);
  const setVisibility = (page: Page, state: 'visible' | 'hidden') =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', { value, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);

  it('[N-2] [N-4] [S7-138] [S9-035] while its live stream is down, a member’s tab reads notification/status every 3000 ms while visible, none while hidden; with the stream up, none; a guest’s never', async () => {
    const { page, problems } = await openTab(browser);
    // The stream cannot connect (a proxy that refuses it): the tab falls back to the spec's polling.
    await page.route('**/answer/api/v1/notification/stream**', (route) => route.abort());
    await recordStatusReads(page);
    await page.clock.install();
    await signIn(page, '/questions');
    // The poller starts in an effect of the member's header: the address moves before it renders.
    await bell(page).waitFor();
    // From here the page's time moves only when the test moves it: the intervals are exact.
    await page.clock.pauseAt(Date.now() + 60_000);
    const before = (await statusReads(page)).length;
    await page.clock.runFor(30_000);
    const visible = (await statusReads(page)).slice(before);
    expect(visible).toHaveLength(10);
    expect(visible.slice(1).map((at, i) => at - visible[i]!)).toEqual(Array(9).fill(3000));

    await setVisibility(page, 'hidden');
    const hiddenFrom = (await statusReads(page)).length;
    await page.clock.runFor(30_000);
    expect((await statusReads(page)).length).toBe(hiddenFrom);

    // Shown again: one read at once, then every 3 s.
    await setVisibility(page, 'visible');
    expect((await statusReads(page)).length).toBe(hiddenFrom + 1);
    await page.clock.runFor(3_000);
    expect((await statusReads(page)).length).toBe(hiddenFrom + 2);
    // The refused stream's attempts are network errors, not script errors.
    expect(problems.filter((problem) => !problem.includes('notification/stream'))).toEqual([]);
    await page.context().close();

    // With the stream up, the red dots come from it: no polling at all.
    const live = await openTab(browser);
    await recordStatusReads(live.page);
    const streamOpen = live.page.waitForResponse(
      (response) => response.url().includes('/answer/api/v1/notification/stream') && response.status() === 200,
    );
    await live.page.clock.install();
    await signIn(live.page, '/questions');
    await streamOpen;
    await live.page.clock.pauseAt(Date.now() + 60_000);
    const upFrom = (await statusReads(live.page)).length;
    await live.page.clock.runFor(30_000);
    expect((await statusReads(live.page)).length).toBe(upFrom);
    expect(live.problems).toEqual([]);
    await live.context.close();

    const guest = await openTab(browser);
    await recordStatusReads(guest.page);
    await guest.page.clock.install();
    await guest.page.goto(`${site.url}/questions`);
    await guest.page.clock.pauseAt(Date.now() + 60_000);
    await guest.page.clock.runFor(30_000);
    expect(await statusReads(guest.page)).toEqual([]);
    expect(guest.problems).toEqual([]);
    await guest.context.close();
  });
});
