/**
 * External sign-in in the browser, through the built-in OAuth2 connector configured as an admin
 * does, against a stand-in provider (support/fake-oauth.ts): the login page's button, the auth
 * landing, an email bound to a login without one, My logins, and the failures a person sees.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../apps/server/src/services.js';
import { codeFromMail, mailToSink, startSmtpSink, type SmtpSink } from '../../apps/server/test/smtp-sink.js';
import { apiCall, signInByToken, tokenOf } from '../support/api.js';
import { DESKTOP, launchBrowser, openTab, PHONE, screenshot } from '../support/browser.js';
import { startFakeOAuth, type FakeOAuth } from '../support/fake-oauth.js';
import { seedUsers } from '../support/seed.js';
import { ADMIN, startSite, withSiteRuntime, type RunningSite } from '../support/server.js';

const OWNER = { username: 'owner', email: 'owner@example.com', password: 'owner-pass-1' };

let browser: Browser;
let site: RunningSite;
let sink: SmtpSink;
let provider: FakeOAuth;

/** The member the stored token belongs to, as the API answers the page's own token. */
async function signedInAs(page: Page): Promise<{ username: string; mail_status: number } | null> {
  return page.evaluate(async () => {
    const stored = localStorage.getItem('_a_ltk_');
    if (!stored) return null;
    const token = JSON.parse(stored).value as string;
    const response = await fetch('/answer/api/v1/user/info', { headers: { Authorization: token } });
    return ((await response.json()) as { data: { username: string; mail_status: number } | null }).data;
  });
}

/** Starts a sign-in with the connector's button on the login page. */
async function signInWithAcme(page: Page, label = 'Sign in with Acme'): Promise<void> {
  await page.goto(`${site.url}/users/login`);
  await page.getByRole('link', { name: label }).click();
}

/** The admin sets the connector up on its settings page (/admin/connector_basic) and switches it on. */
async function configureAsAdmin(): Promise<void> {
  const admin = await tokenOf(site.url, ADMIN);
  const { context, page, problems } = await openTab(browser, { viewport: DESKTOP });
  await signInByToken(context, site.url, admin);
  await page.goto(`${site.url}/admin/connector_basic`);
  await page.getByRole('heading', { name: 'OAuth2 sign-in settings' }).waitFor();
  const fields: [string, string][] = [
    ['Button name', 'Acme'],
    ['Client ID', 'inquire-e2e'],
    ['Client secret', 'e2e-secret'],
    ['Authorize URL', `${provider.url}/authorize`],
    ['Token URL', `${provider.url}/token`],
    ['User JSON URL', `${provider.url}/user`],
    ['Scope', 'email'],
  ];
  for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
  await screenshot(page, 'connectors-admin-config-desktop-light');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Update success.').waitFor();
  await page.reload();
  expect(await page.getByLabel('Authorize URL', { exact: true }).inputValue()).toBe(`${provider.url}/authorize`);
  expect(problems).toEqual([]);
  await context.close();
  // Built in, so on from the start; switched on here in case a run left it off.
  await apiCall(site.url, admin, 'PUT', '/answer/admin/api/plugin/status', {
    plugin_slug_name: 'connector_basic',
    enabled: true,
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  sink = await startSmtpSink();
  provider = await startFakeOAuth();
  site = await startSite({ installed: true });
  await seedUsers(site.dataDir, [OWNER]);
  await withSiteRuntime(site, async (runtime) => {
    const services = createServices(runtime);
    // The provider sends the browser back to the site's own address.
    await services.siteinfo.update('general', { site_url: site.url });
    await mailToSink(services.mail, sink, 'E2E Site');
  });
  await new Promise((r) => setTimeout(r, 5500)); // the settings cache lives 5 s
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await sink?.close();
  await provider?.close();
});

describe('external sign-in in the browser', () => {
  // First: every flow below signs in through the connector this sets up.
  it('[S2-119] the admin sets the connector up on its settings page', configureAsAdmin);

  it('[S1-034] [S3-038] [S2-088] [S4-024] [S4-026] signs a new member in with the connector button and lands on the saved page', async () => {
    provider.next.user = { id: 'ada-1', name: 'Ada Provider', login: 'ada', email: 'ada@provider.example' };
    provider.next.declined = false;
    const { page, problems } = await openTab(browser, { viewport: DESKTOP });
    // A guest sent to sign in from a page: that page is where the sign-in ends.
    await page.goto(`${site.url}/users/login?redirect=${encodeURIComponent('/tags')}`);
    const button = page.getByRole('link', { name: 'Sign in with Acme' });
    await button.waitFor();
    const icon = button.locator('img');
    expect(await icon.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await screenshot(page, 'connectors-login-desktop-light');
    await button.click();
    await page.waitForURL(`${site.url}/tags`);
    // The token left the address bar before anything could keep it.
    expect(await page.evaluate(() => window.history.length)).toBeGreaterThan(0);
    const history = await page.evaluate(() => location.href);
    expect(history).not.toContain('access_token');
    expect(await signedInAs(page)).toMatchObject({ mail_status: 1 });
    expect(problems).toEqual([]);
  });

  it('[S4-027] a returning member signs in again with the same login and lands home', async () => {
    const { page, problems } = await openTab(browser, { viewport: DESKTOP });
    await signInWithAcme(page);
    await page.waitForURL(`${site.url}/`);
    const me = await signedInAs(page);
    expect(me?.mail_status).toBe(1);
    expect(problems).toEqual([]);
  });

  it('[S2-087] [S7-161] [S8-054] [S8-055] [S7-162] binds a login without email to an existing account by email, then unlinks it in My logins', async () => {
    provider.next.user = { id: 'noemail-7', name: 'Quiet Owner', login: 'quiet' };
    const { page, problems } = await openTab(browser, { viewport: PHONE, colorScheme: 'dark' });
    await signInWithAcme(page);
    await page.waitForURL(/\/users\/confirm-email\?binding_key=/);
    await page.getByRole('heading', { name: 'Confirm your email' }).waitFor();
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Email already exists').first().waitFor();
    const connect = page.getByRole('button', { name: 'Connect to the existing account' });
    await connect.waitFor();
    await screenshot(page, 'connectors-confirm-email-exists-phone-dark');
    await connect.click();
    await page.getByText(`We sent a link to ${OWNER.email}`).waitFor();
    expect(await signedInAs(page)).toBeNull();

    // The owner follows the link from their mailbox: the login is theirs from now on.
    const mail = await sink.waitFor(OWNER.email, undefined, 20_000);
    const code = codeFromMail(mail, 'account-activation');
    // Opened in another browser, the link connects nothing: only the one that asked may.
    const elsewhere = await openTab(browser, { viewport: DESKTOP });
    await elsewhere.page.goto(`${site.url}/users/account-activation?code=${encodeURIComponent(code)}`);
    await elsewhere.page.getByText('Open this link in the browser where you started signing in').waitFor();
    await screenshot(elsewhere.page, 'connectors-link-other-browser-desktop-light');
    expect(await signedInAs(elsewhere.page)).toBeNull();
    await page.goto(`${site.url}/users/account-activation?code=${encodeURIComponent(code)}`);
    await page.waitForURL((url) => !url.pathname.startsWith('/users/account-activation?'));
    await expect.poll(async () => (await signedInAs(page))?.username).toBe(OWNER.username);

    // Signing in with the provider now opens the owner's account.
    const again = await openTab(browser, { viewport: DESKTOP });
    await signInWithAcme(again.page);
    await again.page.waitForURL(`${site.url}/`);
    expect((await signedInAs(again.page))?.username).toBe(OWNER.username);

    // My logins: linked, and unlinked after the confirmation (the owner keeps a password).
    await page.goto(`${site.url}/users/settings/account`);
    const logins = page.getByRole('region', { name: 'My logins' });
    await logins.getByText('Linked', { exact: true }).waitFor();
    await screenshot(page, 'connectors-my-logins-phone-dark');
    await logins.getByRole('button', { name: 'Unlink' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlink Acme?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Unlink' }).click();
    await logins.getByText('Not linked', { exact: true }).waitFor();
    await logins.getByRole('link', { name: 'Link' }).waitFor();
    expect(problems).toEqual([]);
    expect(again.problems).toEqual([]);
    expect(elsewhere.problems).toEqual([]);
  });

  it('[S8-056] shows why a declined sign-in failed, in Chinese', async () => {
    provider.next.declined = true;
    try {
      const { page, problems } = await openTab(browser, { viewport: PHONE, colorScheme: 'dark', locale: 'zh-CN' });
      await signInWithAcme(page, '使用 Acme 登录');
      await page.waitForURL(/\/users\/auth-landing\?error=email_permission/);
      await page.getByRole('link', { name: '返回登录' }).waitFor();
      await screenshot(page, 'connectors-declined-phone-dark-zh');
      expect(await signedInAs(page)).toBeNull();
      expect(problems).toEqual([]);
      const english = await openTab(browser, { viewport: DESKTOP });
      await signInWithAcme(english.page);
      await english.page
        .getByText('Login failed, please allow this app to access your email information before try again')
        .waitFor();
      await screenshot(english.page, 'connectors-declined-desktop-light');
      expect(english.problems).toEqual([]);
    } finally {
      provider.next.declined = false;
    }
  });

  it('[S4-025] [S2-087] a member who bound a new address but has not activated it lands on the inactive page', async () => {
    provider.next.user = { id: 'later-3', name: 'Later Larry', login: 'larry' };
    const { page, problems } = await openTab(browser, { viewport: DESKTOP, colorScheme: 'dark' });
    await signInWithAcme(page);
    await page.waitForURL(/\/users\/confirm-email\?binding_key=/);
    await page.getByLabel('Email').fill('larry@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('We sent a link to larry@example.com').waitFor();
    await screenshot(page, 'connectors-confirm-email-sent-desktop-dark');
    // Back before following the link: the login is this new member's, not yet activated.
    await signInWithAcme(page);
    await page.waitForURL(/\/users\/login\?status=inactive$/);
    await page.getByRole('heading', { name: 'Please activate your account' }).waitFor();
    expect((await signedInAs(page))?.mail_status).toBe(2);
    expect(problems).toEqual([]);
  });
});
