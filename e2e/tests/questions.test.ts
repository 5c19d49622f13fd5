import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { launchBrowser, openTab, PHONE, screenshot } from '../support/browser.js';
import { signInByToken, tokenOf } from '../support/api.js';
import { seedUsers } from '../support/seed.js';
import { startSite, type RunningSite } from '../support/server.js';

const ASKER = { username: 'asker', email: 'asker@example.com', password: 'asker-pass-1' };
const HELPER = { username: 'helper', email: 'helper@example.com', password: 'helper-pass-1', rank: 20 };

let browser: Browser;
let site: RunningSite;
let questionUrl = '';

beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite({ installed: true });
  await seedUsers(site.dataDir, [ASKER, HELPER]);
});
afterAll(async () => {
  await site?.stop();
  await browser?.close();
});

async function signIn(page: Page, who: { email: string; password: string }, back = '/') {
  await page.goto(`${site.url}/users/login?redirect=${encodeURIComponent(back)}`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${site.url}${back}`);
}

describe('a question from asked to accepted', () => {
  it('[S1-007] [S2-005] [S2-164] [S4-002] a member asks a question with a code block, tags picked from suggestions', async () => {
    const { page, problems } = await openTab(browser);
    await signIn(page, ASKER, '/questions/ask');
    await page.getByRole('button', { name: 'Post your question' }).click();
    await page.getByText('Title cannot be empty.').waitFor();
    expect(await page.getByText('Please add at least one tag.').isVisible()).toBe(true);

    await page.getByLabel('Title').fill('How do I read a big file one line at a time?');
    // The welcome question shares words with this title: it is offered before asking.
    await page.getByRole('region', { name: 'Similar questions' }).getByRole('link').first().waitFor();
    await page
      .getByLabel('Body')
      .fill('My file is 4 GB.\n\n```js\nconst text = fs.readFileSync(path);\n```\n\nWhat should I use instead?');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('pre code.hljs').waitFor();
    await page.getByRole('button', { name: 'Write' }).click();
    await page.getByRole('combobox', { name: 'Tags' }).fill('sup');
    await page.getByRole('option', { name: 'support' }).click();
    await screenshot(page, 'ask-desktop-light');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Post your question' }).click();
    await page.getByRole('heading', { name: 'How do I read a big file one line at a time?' }).waitFor();
    questionUrl = page.url();
    expect(questionUrl).toMatch(/\/questions\/1001\d+\/how-do-i-read-a-big-file-one-line-at-a-time$/);
    expect(await page.locator('article pre code.hljs').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('_a_qd_'))).toBeNull();
    expect(problems).toEqual([]);
  });

  it('[S1-008][S1-009][S1-010][S2-016][S4-005][S5-032] another member answers, after a too-short try, and upvotes the question', async () => {
    const { page, problems } = await openTab(browser);
    await signIn(page, HELPER, new URL(questionUrl).pathname);
    await page.getByLabel('Your answer').fill('short');
    await page.getByRole('button', { name: 'Post your answer' }).click();
    await page.getByText('Answer must be at least 6 characters.').waitFor();
    await page
      .getByLabel('Your answer')
      .fill('Stream it with `readline`: `for await (const line of rl)` keeps memory flat.');
    await page.getByRole('button', { name: 'Post your answer' }).click();
    await page.getByText('Your answer was posted.').waitFor();
    await page.getByRole('heading', { name: '1 answer' }).waitFor();
    // [S1-009] comments on the question (refused when too short first).
    await page.getByRole('button', { name: 'Add a comment' }).first().click();
    await page.getByLabel('Comment', { exact: true }).fill('x');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.getByText('Comment must be 2 to 600 characters.').waitFor();
    await page.getByLabel('Comment', { exact: true }).fill('Is the file **sorted**?');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.locator('li strong', { hasText: 'sorted' }).waitFor();
    // [S1-010] and upvotes the question; the count changes and the button shows pressed.
    const questionVote = page.getByRole('button', { name: 'Upvote' }).first();
    await questionVote.click();
    await expect.poll(() => questionVote.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('vote-count').first().textContent()).toBe('1');
    // Their own answer cannot be voted on.
    expect(await page.getByRole('button', { name: 'Upvote' }).nth(1).isDisabled()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('an acceptance that cannot reach the site says so and changes nothing, in English and in Chinese', async () => {
    const tabs = [
      { tab: await openTab(browser), text: 'Could not reach the site. Check your connection and try again.' },
      {
        tab: await openTab(browser, { viewport: PHONE, colorScheme: 'dark', locale: 'zh-CN' }),
        text: '无法连接到站点，请检查网络后重试。',
      },
    ];
    const token = await tokenOf(site.url, ASKER);
    for (const [i, { tab, text }] of tabs.entries()) {
      const { context, page, problems } = tab;
      await signInByToken(context, site.url, token);
      await page.goto(questionUrl);
      // Offline from here: the acceptance, and the language's other strings the first click asks
      // for. The toast says so in words the page came with.
      const offline = ['**/answer/api/v1/answer/acceptance', '**/assets/en_US-*.js', '**/assets/zh_CN-*.js'];
      for (const pattern of offline) await page.route(pattern, (route) => route.abort('internetdisconnected'));
      await page.getByRole('button', { name: i === 0 ? 'Accept' : '采纳' }).click();
      await page.getByRole('status').filter({ hasText: text }).waitFor();
      await screenshot(page, i === 0 ? 'accept-failed-desktop-light-en' : 'accept-failed-phone-dark-zh');
      for (const pattern of offline) await page.unroute(pattern);
      await page.reload();
      expect(await page.getByRole('button', { name: i === 0 ? 'Accept' : '采纳' }).isVisible()).toBe(true);
      // The browser logs the refused request itself; nothing else went wrong.
      expect(problems.filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    }
  });

  it('[S4-041] the asker accepts the answer, and a reload shows it accepted', async () => {
    const { page, problems } = await openTab(browser);
    await signIn(page, ASKER, new URL(questionUrl).pathname);
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByText('Accepted', { exact: true }).waitFor();
    await page.reload();
    await page.getByText('Accepted', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Unaccept' }).isVisible()).toBe(true);
    // [S1-011][S1-012] bookmark and follow, kept across a reload.
    await page.getByRole('button', { name: 'Bookmark' }).click();
    await page.getByRole('button', { name: 'Bookmarked' }).waitFor();
    await page.getByRole('button', { name: 'Follow' }).click();
    await page.getByRole('button', { name: 'Following' }).waitFor();
    await page.reload();
    expect(await page.getByRole('button', { name: 'Bookmarked' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'Following' }).isVisible()).toBe(true);
    await screenshot(page, 'question-desktop-light');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('[S1-002] [S2-013] [S2-015] [S3-043] a guest reads the whole page with JavaScript off, with QAPage data for search engines', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(questionUrl);
    expect(await page.getByRole('heading', { name: 'How do I read a big file one line at a time?' }).isVisible()).toBe(
      true,
    );
    expect(await page.getByText('keeps memory flat').isVisible()).toBe(true);
    expect(await page.getByText('Accepted', { exact: true }).isVisible()).toBe(true);
    const html = await (await fetch(questionUrl)).text();
    expect(html).toContain('<title>How do I read a big file one line at a time? - E2E Site</title>');
    // schema.org QAPage as microdata on the page's own elements: the texts are not sent twice.
    // (React writes the attributes as itemScope/itemProp; HTML attribute names ignore case.)
    expect(html).toMatch(/<article itemscope="" itemtype="https:\/\/schema.org\/QAPage">/i);
    expect(html).toMatch(/itemprop="mainEntity" itemscope="" itemtype="https:\/\/schema.org\/Question"/i);
    expect(html).toMatch(/itemprop="acceptedAnswer" itemscope="" itemtype="https:\/\/schema.org\/Answer"/i);
    expect(html).toMatch(/<h1[^>]*itemprop="name"[^>]*>How do I read a big file one line at a time\?<\/h1>/i);
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toMatch(/<meta name="description" content="My file is 4 GB\./);
    await context.close();
  });

  it('[S2-014] links to an answer, highlights it, and lays the page out on a phone in dark', async () => {
    const { page, problems } = await openTab(browser, { viewport: PHONE, colorScheme: 'dark' });
    await page.goto(questionUrl);
    const answerId = await page
      .locator('section[aria-labelledby="answers-heading"] > div[id]')
      .first()
      .getAttribute('id');
    await page.goto(`${questionUrl}/${answerId}`);
    await page.locator(`[id="${answerId}"].animate-highlight`).waitFor();
    await screenshot(page, 'question-phone-dark');
    // Contrast is judged once the highlight has faded.
    await page.waitForFunction(() => document.getAnimations().length === 0, undefined, { timeout: 10_000 });
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('answers 404 for a question that does not exist', async () => {
    const response = await fetch(`${site.url}/questions/10010000000009999`);
    expect(response.status).toBe(404);
  });

  it('[S2-004] [S9-058] sorts the list by newest, active, frequent, score and unanswered', async () => {
    const { page, problems } = await openTab(browser);
    await page.goto(`${site.url}/questions`);
    const sorts = page.getByRole('navigation', { name: 'Sort questions' }).getByRole('link');
    expect(await sorts.allTextContents()).toEqual(['Newest', 'Active', 'Frequent', 'Score', 'Unanswered']);
    await page.getByRole('link', { name: 'Unanswered' }).click();
    await page.waitForURL(/order=unanswered/);
    await expect.poll(() => page.getByRole('link', { name: 'Unanswered' }).getAttribute('aria-current')).toBe('page');
    // The asked question has an answer; only the welcome question is unanswered.
    await expect
      .poll(() => page.locator('main li h2').allTextContents())
      .toEqual(['Welcome to E2E Site: how does this site work?']);
    expect(problems).toEqual([]);
  });

  it('[S2-033] [S2-034] [S2-035] [S2-036] [S2-037] [S2-038] [S7-141] [S7-142] [S7-143] [S7-144] [S7-145] [S7-146] [C-4] pages the personal tabs (questions and answers with their tags), with bookmarks and votes for the owner only', async () => {
    const { page, problems } = await openTab(browser);
    await signIn(page, ASKER, '/users/asker');
    const tabs = page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link');
    // Sign-in ends with a client-side navigation: the URL changes before React commits the page,
    // so wait for the tabs themselves before reading them (allTextContents does not wait).
    await tabs.first().waitFor();
    expect(await tabs.allTextContents()).toEqual([
      'Overview',
      'Answers',
      'Questions',
      'Bookmarks',
      'Comments',
      'Reputation',
      'Votes',
    ]);
    await tabs.filter({ hasText: 'Questions' }).click();
    await page.waitForURL(/\/users\/asker\/questions$/);
    const questionsTab = page.getByRole('region', { name: 'Questions', exact: true });
    await questionsTab.getByRole('link', { name: 'How do I read a big file one line at a time?' }).waitFor();
    // Each question shows its tags (issue 14: personal/question/page items carry them).
    await questionsTab.locator('a[href^="/tags/"]').first().waitFor();
    await screenshot(page, 'profile-questions-desktop-light');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Score' }).click();
    await page.waitForURL(/order=score/);
    await tabs.filter({ hasText: 'Bookmarks' }).click();
    await page
      .getByRole('region', { name: 'Bookmarks' })
      .getByRole('link', { name: 'How do I read a big file one line at a time?' })
      .waitFor();
    // Reputation: +10 for the upvote of the question, +2 for accepting an answer.
    await tabs.filter({ hasText: 'Reputation' }).click();
    await page.getByText('Question upvoted').waitFor();
    expect(await page.getByText('+10').isVisible()).toBe(true);
    await screenshot(page, 'profile-reputation-desktop-light');
    expect(await axeViolations(page)).toEqual([]);
    await tabs.filter({ hasText: 'Votes' }).click();
    await page.getByText('No votes cast yet.').waitFor();
    expect(problems).toEqual([]);

    // The helper sees their answer, comment and vote; the asker's own tabs are not theirs to see.
    const other = await openTab(browser, { viewport: PHONE, colorScheme: 'dark' });
    await signIn(other.page, HELPER, '/users/helper/answers');
    const answersTab = other.page.getByRole('region', { name: 'Answers' });
    await answersTab.getByRole('link', { name: 'How do I read a big file one line at a time?' }).waitFor();
    // The answered question's tags, from personal/answer/page's question_info.
    await answersTab.locator('a[href^="/tags/"]').first().waitFor();
    await screenshot(other.page, 'profile-answers-phone-dark');
    expect(await axeViolations(other.page)).toEqual([]);
    await other.page.goto(`${site.url}/users/helper/comments`);
    await other.page.getByText('Is the file sorted?').waitFor();
    await other.page.goto(`${site.url}/users/helper/votes`);
    await other.page.getByText('Up', { exact: true }).waitFor();
    await screenshot(other.page, 'profile-votes-phone-dark');
    expect(await axeViolations(other.page)).toEqual([]);
    const theirs = await other.page.goto(`${site.url}/users/asker/bookmarks`);
    expect(theirs?.status()).toBe(404);
    await other.page.goto(`${site.url}/users/asker`);
    expect(await other.page.getByRole('link', { name: 'Bookmarks' }).count()).toBe(0);
    expect(other.problems).toEqual([]);
  });
});
