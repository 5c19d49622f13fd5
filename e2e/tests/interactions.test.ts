import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortId } from '@inquire/shared';
import { SiteRuntime } from '../../apps/server/src/infra/site.js';
import { createServices } from '../../apps/server/src/services.js';
import { axeViolations } from '../support/axe.js';
import { launchBrowser, openTab, PHONE, screenshot } from '../support/browser.js';
import { seedUsers } from '../support/seed.js';
import { startSite, type RunningSite } from '../support/server.js';

// Ann may invite (500 reputation at privilege level 2); Ben is a new member; Carl is invited.
const ANN = { username: 'ann', email: 'ann@example.com', password: 'ann-pass-123', rank: 600 };
const BEN = { username: 'ben', email: 'ben@example.com', password: 'ben-pass-123', rank: 20 };
const CARL = { username: 'carl', email: 'carl@example.com', password: 'carl-pass-123' };
const TITLE = 'How do I keep a long running job alive?';

let browser: Browser;
let site: RunningSite;
let questionPath = '';

beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite({ installed: true });
  await seedUsers(site.dataDir, [ANN, BEN, CARL]);
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

async function setPermalink(permalink: number) {
  const runtime = new SiteRuntime(site.dataDir);
  await runtime.open();
  try {
    await createServices(runtime).siteinfo.update('site_seo', { permalink });
  } finally {
    await runtime.close();
  }
}

const heart = (page: Page, nth = 0) => page.getByRole('button', { name: /^Heart: \d+$/ }).nth(nth);

describe('comments, reactions, invitations and related questions', () => {
  it('[S2-019][S2-017][S7-084][S7-070] a member asks, reacts with a heart, comments and invites a member to answer', async () => {
    const { page, problems } = await openTab(browser);
    await signIn(page, ANN, '/questions/ask');
    await page.getByLabel('Title').fill(TITLE);
    await page.getByLabel('Body').fill('My worker stops after an hour without any error in the logs.');
    await page.getByRole('combobox', { name: 'Tags' }).fill('sup');
    await page.getByRole('option', { name: 'support' }).click();
    await page.getByRole('button', { name: 'Post your question' }).click();
    await page.getByRole('heading', { name: TITLE }).waitFor();
    questionPath = new URL(page.url()).pathname;

    await heart(page).click();
    await expect.poll(() => heart(page).getAttribute('aria-label')).toBe('Heart: 1');
    expect(await heart(page).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'Add a comment' }).first().click();
    await page.getByLabel('Comment', { exact: true }).fill('Which process manager do you use?');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.getByText('Which process manager do you use?').waitFor();

    const invite = page.getByRole('region', { name: 'Invite people to answer' });
    await invite.getByText('Nobody has been invited yet.').waitFor();
    await invite.getByRole('button', { name: 'Invite' }).click();
    await invite.getByLabel('Search members').fill('car');
    await invite.getByRole('button', { name: /carl/ }).click();
    await invite.getByRole('button', { name: 'Save invitations' }).click();
    await page.getByText('Invitations saved.').waitFor();
    await invite.getByRole('list', { name: 'Invited to answer' }).getByRole('link', { name: 'carl' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('[S1-009][S1-015][S2-018][S3-026][S7-081] another member mentions from the popup, edits, upvotes a comment and sees related questions', async () => {
    const { page, problems } = await openTab(browser);
    await signIn(page, BEN, questionPath);
    // Related questions share a tag: the welcome question is tagged support too.
    const related = page.getByRole('region', { name: 'Related questions' });
    await related.getByRole('link', { name: /Welcome to E2E Site/ }).waitFor();
    // Only members with the invite privilege get the control; everyone sees who is invited.
    expect(await page.getByRole('button', { name: 'Invite', exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Add a comment' }).first().click();
    const box = page.getByLabel('Comment', { exact: true });
    await box.pressSequentially('Did you ask @an');
    await page.getByRole('option', { name: /ann/ }).click();
    await expect.poll(() => box.inputValue()).toBe('Did you ask @ann ');
    await box.pressSequentially('about the logs?');
    await page.getByRole('button', { name: 'Add comment' }).click();
    const mention = page.locator('a[href="/users/ann"]', { hasText: '@ann' });
    await mention.waitFor();

    // Edit within the 5 minutes: the PUT carries comment_id.
    const putBody = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/answer/api/v1/comment'));
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const editBox = page.getByLabel('Edit comment');
    await editBox.fill('Did you ask @ann about the worker logs?');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await putBody).postDataJSON()).toMatchObject({ comment_id: expect.stringMatching(/^1007\d{13}$/) });
    await page.getByText('about the worker logs?').waitFor();
    await mention.waitFor();

    // Upvote Ann's comment; Ben's own has no upvote control.
    const upvote = page.getByRole('button', { name: 'Upvote comment' });
    expect(await upvote.count()).toBe(1);
    await upvote.click();
    await page.getByRole('button', { name: 'Remove upvote' }).waitFor();
    expect(await page.getByTestId('comment-votes').first().textContent()).toBe('1');

    await heart(page).click();
    await expect.poll(() => heart(page).getAttribute('aria-label')).toBe('Heart: 2');

    // Everything is still there after a reload.
    await page.reload();
    await expect.poll(() => heart(page).getAttribute('aria-label')).toBe('Heart: 2');
    expect(await heart(page).getAttribute('aria-pressed')).toBe('true');
    expect(await heart(page).getAttribute('title')).toBe('ann, ben');
    await mention.waitFor();
    expect(await page.getByText('about the worker logs?').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Remove upvote' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('list', { name: 'Invited to answer' }).getByRole('link', { name: 'carl' }).waitFor();
    await related.getByRole('link', { name: /Welcome to E2E Site/ }).waitFor();
    await screenshot(page, 'interactions-desktop-light');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('with restrict_answer on, a member who answered is offered to edit their answer instead', async () => {
    const { page, problems } = await openTab(browser);
    await signIn(page, BEN, questionPath);
    await page.getByLabel('Your answer').fill('Run it under systemd with Restart=always.');
    await page.getByRole('button', { name: 'Post your answer' }).click();
    await page.getByRole('heading', { name: '1 answer' }).waitFor();
    const notice = page.getByTestId('restricted-answer');
    await notice.getByText('You have already answered this question.').waitFor();
    const answerId = await page
      .locator('section[aria-labelledby="answers-heading"] > div[id]')
      .first()
      .getAttribute('id');
    const questionId = questionPath.split('/')[2];
    expect(await notice.getByRole('link', { name: 'Edit your answer' }).getAttribute('href')).toBe(
      `/posts/${questionId}/${answerId}/edit`,
    );
    expect(await page.getByLabel('Your answer').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('anyone copies the link to a question from Share', async () => {
    const { page, problems } = await openTab(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    await page.goto(`${site.url}${questionPath}`);
    await page.getByRole('button', { name: 'Share' }).click();
    const field = page.getByRole('textbox', { name: 'Link to this question' });
    expect(await field.inputValue()).toMatch(new RegExp(`${questionPath}$`));
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await field.inputValue());
    expect(problems).toEqual([]);
  });

  it('lays the question page out on a phone in dark', async () => {
    const { page, problems } = await openTab(browser, { viewport: PHONE, colorScheme: 'dark' });
    await signIn(page, ANN, questionPath);
    await page.getByRole('region', { name: 'Related questions' }).waitFor();
    await screenshot(page, 'interactions-phone-dark');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('shows reactions, invitations and related questions in Chinese', async () => {
    const { page, problems } = await openTab(browser, { locale: 'zh-CN' });
    await page.goto(`${site.url}${questionPath}`);
    await page.getByRole('region', { name: '相关问题' }).waitFor();
    await page.getByRole('region', { name: '邀请他人回答' }).waitFor();
    await page.getByRole('button', { name: '爱心：2' }).waitFor();
    await screenshot(page, 'interactions-desktop-light-zh');
    expect(problems).toEqual([]);
  });

  it('[S2-145][S2-146] with short-id permalinks, links use short ids and old long-id addresses redirect', async () => {
    const questionId = questionPath.split('/')[2] as string;
    const slug = questionPath.split('/')[3] as string;
    await setPermalink(3);
    const { page, problems } = await openTab(browser);
    // Settings are re-read within seconds.
    await expect
      .poll(
        async () => {
          await page.goto(`${site.url}/questions`);
          // The list and the hot questions sidebar both link it, built by the same function.
          const links = page.getByRole('link', { name: TITLE });
          return [...new Set(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href'))))];
        },
        { timeout: 20_000 },
      )
      .toEqual([`/questions/${shortId(questionId)}/${slug}`]);
    const response = await page.goto(`${site.url}/questions/${questionId}/${slug}`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(`/questions/${shortId(questionId)}/${slug}`);
    await page.getByRole('heading', { name: TITLE }).waitFor();
    const redirect = await fetch(`${site.url}/questions/${questionId}`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe(`/questions/${shortId(questionId)}/${slug}`);
    await setPermalink(4);
    await expect
      .poll(
        async () => {
          await page.goto(`${site.url}/questions`);
          // The list and the hot questions sidebar both link it, built by the same function.
          const links = page.getByRole('link', { name: TITLE });
          return [...new Set(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href'))))];
        },
        { timeout: 20_000 },
      )
      .toEqual([`/questions/${shortId(questionId)}`]);
    await page.getByRole('link', { name: TITLE }).first().click();
    // The list shows the title in an h2 as well.
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    expect(problems).toEqual([]);
    await setPermalink(1);
  });
});
