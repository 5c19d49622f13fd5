import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../apps/server/src/services.js';
import {
  codeFromMail,
  mailToSink,
  startSmtpSink,
  type SinkMail,
  type SmtpSink,
} from '../../apps/server/test/smtp-sink.js';
import { apiCall, tokenOf } from '../support/api.js';
import { axeViolations } from '../support/axe.js';
import { DESKTOP, launchBrowser, openTab, PHONE, screenshot } from '../support/browser.js';
import { seedUsers } from '../support/seed.js';
import { startSite, withSiteRuntime, type RunningSite } from '../support/server.js';

/**
 * Notification emails end to end (issue 11, item 5): a member answers, the asker's email
 * arrives in a local SMTP sink, and its unsubscribe link works in the browser. The server
 * runs with no digest delay and a fast outbox pass, so the mail arrives within seconds; the
 * test waits for it (the sink is polled), never for a fixed time.
 */
const ASKER = { username: 'asker', email: 'asker@example.com', password: 'asker-pass-1', rank: 3000 };
const HELPER = { username: 'helper', email: 'helper@example.com', password: 'helper-pass-1', rank: 3000 };
const TITLE = 'Why does my bread <b>collapse</b> in the oven?';

let browser: Browser;
let site: RunningSite;
let sink: SmtpSink;
let askerToken = '';
let mail: SinkMail;

/** The emailed unsubscribe link on this test server's origin (the site URL of `inquire init` has no port). */
const unsubscribeLink = (code: string) => `${site.url}/users/unsubscribe?code=${encodeURIComponent(code)}`;
const inboxEmailOn = async () =>
  (await apiCall<{ inbox: { enable: boolean } }>(site.url, askerToken, 'GET', 'user/notification/config')).inbox.enable;

beforeAll(async () => {
  browser = await launchBrowser();
  sink = await startSmtpSink();
  process.env.INQUIRE_MAIL_DIGEST_SECONDS = '0';
  process.env.INQUIRE_MAIL_INTERVAL_MS = '300';
  site = await startSite({ installed: true });
  await seedUsers(site.dataDir, [ASKER, HELPER]);
  await withSiteRuntime(site, async (runtime) => {
    await mailToSink(createServices(runtime).mail, sink, 'E2E Site');
  });
  askerToken = await tokenOf(site.url, ASKER);
  await apiCall(site.url, askerToken, 'PUT', 'user/notification/config', { inbox: { key: 'email', enable: true } });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await sink?.close();
  delete process.env.INQUIRE_MAIL_DIGEST_SECONDS;
  delete process.env.INQUIRE_MAIL_INTERVAL_MS;
});

describe('notification emails', () => {
  it('[N-5] a member answers: the asker’s email arrives with the answer’s link, escaped text and one-click headers', async () => {
    const question = await apiCall<{ id: string }>(site.url, askerToken, 'POST', 'question', {
      title: TITLE,
      content: 'It rises well, then falls flat as soon as it bakes.',
      tags: [{ slug_name: 'baking' }],
    });
    const helperToken = await tokenOf(site.url, HELPER);
    const answer = await apiCall<{ id: string }>(site.url, helperToken, 'POST', 'answer', {
      question_id: question.id,
      content: 'Your dough is over-proofed; shorten the second rise.',
    });
    mail = await sink.waitFor(ASKER.email, undefined, 20_000);
    expect(mail.subject).toBe(`[E2E Site] helper answered your question “${TITLE}”`);
    expect(mail.text).toMatch(new RegExp(`/questions/${question.id}/[^/\\s]+/${answer.id}\\s`));
    expect(mail.html).toContain('&lt;b&gt;collapse&lt;/b&gt;');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['list-unsubscribe']).toContain(
      `/answer/api/v1/user/notification/unsubscribe?code=${codeFromMail(mail, 'unsubscribe')}`,
    );
    // Only the asker was emailed.
    expect(sink.mails.filter((m) => m.to === HELPER.email)).toEqual([]);
  });

  it('[S2-128] [S7-132] the unsubscribe page: opening it changes nothing, the button turns inbox email off (en/zh, light/dark, desktop/phone)', async () => {
    const link = unsubscribeLink(codeFromMail(mail, 'unsubscribe'));
    const looks = [
      { name: 'unsubscribe-desktop-light', viewport: DESKTOP, colorScheme: 'light', locale: 'en-US' },
      { name: 'unsubscribe-desktop-dark-zh', viewport: DESKTOP, colorScheme: 'dark', locale: 'zh-CN' },
      { name: 'unsubscribe-phone-light-zh', viewport: PHONE, colorScheme: 'light', locale: 'zh-CN' },
      { name: 'unsubscribe-phone-dark', viewport: PHONE, colorScheme: 'dark', locale: 'en-US' },
    ] as const;
    for (const look of looks) {
      const { context, page, problems } = await openTab(browser, look);
      await page.goto(link);
      const zh = look.locale === 'zh-CN';
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(zh ? '退订' : 'Unsubscribe');
      await screenshot(page, look.name);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    }
    // Four visits, no click: still subscribed.
    expect(await inboxEmailOn()).toBe(true);

    const { context, page, problems } = await openTab(browser);
    await page.goto(link);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('You are unsubscribed.').waitFor();
    await screenshot(page, 'unsubscribe-done-desktop-light');
    expect(await inboxEmailOn()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('[S7-132] the one-click POST of the List-Unsubscribe header works without sign-in; an expired link says so on the page', async () => {
    await apiCall(site.url, askerToken, 'PUT', 'user/notification/config', { inbox: { key: 'email', enable: true } });
    const address = /<([^>]+)>/.exec(mail.headers['list-unsubscribe'] ?? '')![1]!;
    const oneClick = await fetch(`${site.url}${new URL(address).pathname}${new URL(address).search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await inboxEmailOn()).toBe(false);

    await withSiteRuntime(site, async (runtime) => {
      await runtime.db.updateTable('email_codes').set({ expires_at: 1 }).where('action', '=', 'unsubscribe').execute();
    });
    const { context, page, problems } = await openTab(browser, { locale: 'zh-CN', colorScheme: 'dark' });
    await page.goto(unsubscribeLink(codeFromMail(mail, 'unsubscribe')));
    await page.getByRole('button', { name: '退订' }).click();
    await page.getByText('此退订链接已过期').waitFor();
    await screenshot(page, 'unsubscribe-expired-desktop-dark-zh');
    expect(await axeViolations(page)).toEqual([]);
    // The 403 is the page's own state: no console error, no redirect to another page.
    expect(page.url()).toContain('/users/unsubscribe?code=');
    expect(problems).toEqual([]);
    await context.close();
  });
});
