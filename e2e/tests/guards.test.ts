import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openTab, PHONE, screenshot } from '../support/browser.js';
import { seedUsers, updateSettings } from '../support/seed.js';
import { ADMIN, startSite, type RunningSite } from '../support/server.js';

const MEMBER = { username: 'member', email: 'member@example.com', password: 'member-pass-1' };
const INACTIVE = { username: 'newbie', email: 'newbie@example.com', password: 'newbie-pass-1', mail_status: 2 };
const SUSPENDED = {
  username: 'banned',
  email: 'banned@example.com',
  password: 'banned-pass-1',
  status: 9,
  suspended_until: Math.floor(Date.now() / 1000) + 86_400,
};

let browser: Browser;
let site: RunningSite;

beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite({ installed: true });
  await seedUsers(site.dataDir, [MEMBER, INACTIVE, SUSPENDED]);
});
afterAll(async () => {
  await site?.stop();
  await browser?.close();
});

async function signIn(page: import('playwright-core').Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** What the server answers before any script runs. */
async function raw(path: string, cookie = '') {
  const response = await fetch(`${site.url}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

describe('server rendering and guards', () => {
  it('[S1-001] renders the question list as complete HTML with title, description and canonical link', async () => {
    const page = await raw('/questions');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>Questions - E2E Site</title>');
    expect(page.html).toContain('Welcome to E2E Site');
    expect(page.html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1\/questions">/);
    expect(page.html).toContain('window.__staticRouterHydrationData');
  });

  it('[S4-008] answers a guarded page with an HTTP redirect to login that keeps the return URL', async () => {
    const page = await raw('/questions/ask');
    expect(page.status).toBe(302);
    expect(page.location).toBe('/users/login?redirect=%2Fquestions%2Fask');
  });

  it('[S2-093] [S2-129] [S8-001] [S8-002] [S8-007] renders unknown paths with the 404 page and status, and /403 with 403', async () => {
    const missing = await raw('/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Unfortunately, this page doesn&#x27;t exist.');
    const forbidden = await raw('/403');
    expect(forbidden.status).toBe(403);
    expect(forbidden.html).toContain('You don&#x27;t have permission to access this page.');
  });

  it('[S2-148] [S3-045] [S9-002] sends a guest to login, then back to the page they asked for after signing in', async () => {
    const { page, problems } = await openTab(browser);
    await page.goto(`${site.url}/users/settings/profile`);
    await page.waitForURL(/\/users\/login\?redirect=/);
    // The login page stores the return path once hydrated (its chunk loads first).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('_a_rt_'))).toContain('/users/settings/profile');
    await screenshot(page, 'login-desktop-light');
    await signIn(page, MEMBER.email, MEMBER.password);
    await page.waitForURL(`${site.url}/users/settings/profile`);
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('_a_ltk_'))).toContain('value');
    expect(problems).toEqual([]);
  });

  it('[S4-001] a reader whose stored token is gone is a guest: the page drops the cookie, and login opens again', async () => {
    const { context, page, problems } = await openTab(browser);
    await page.goto(`${site.url}/users/login`);
    await signIn(page, MEMBER.email, MEMBER.password);
    await page.waitForURL(`${site.url}/`);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await page.evaluate(() => localStorage.removeItem('_a_ltk_'));
    await page.reload();
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    expect((await context.cookies()).map((c) => c.name)).not.toContain('inquire_token');
    // A leftover cookie used to send the login page back home.
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL(/\/users\/login/);
    await page.getByLabel('Email').waitFor();
    expect(problems).toEqual([]);
  });

  it('[S2-066] shows wrong credentials beside the email field and keeps the reader on the login page', async () => {
    const { page, problems } = await openTab(browser);
    await page.goto(`${site.url}/users/login`);
    await signIn(page, MEMBER.email, 'wrong-password');
    await page.getByText('Email and password do not match.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/users/login');
    await signIn(page, '', '');
    await page.getByText('Email cannot be empty.').waitFor();
    expect(await page.getByText('Password cannot be empty.').isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('[S2-095] [S8-006] [S8-009] gives a member the 403 page in the admin area, and lets the admin past the guard', async () => {
    const { page, problems } = await openTab(browser);
    await page.goto(`${site.url}/users/login`);
    await signIn(page, MEMBER.email, MEMBER.password);
    await page.waitForURL(`${site.url}/`);
    await page.goto(`${site.url}/admin`);
    await page.getByText("You don't have permission to access this page.").waitFor();
    const admin = await openTab(browser);
    await admin.page.goto(`${site.url}/users/login`);
    await signIn(admin.page, ADMIN.email, ADMIN.password);
    await admin.page.waitForURL(`${site.url}/`);
    await admin.page.goto(`${site.url}/admin`);
    await admin.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect([...problems, ...admin.problems]).toEqual([]);
  });

  it('sends a not-activated member to the inactive page after login', async () => {
    const { page, problems } = await openTab(browser);
    await page.goto(`${site.url}/users/login`);
    await signIn(page, INACTIVE.email, INACTIVE.password);
    await page.waitForURL(/status=inactive/);
    await page.getByRole('heading', { name: 'Please activate your account' }).waitFor();
    await page.goto(`${site.url}/questions/ask`);
    await page.waitForURL(/\/users\/login\?status=inactive/);
    expect(problems).toEqual([]);
  });

  it('refuses a suspended member at sign-in', async () => {
    const { page } = await openTab(browser);
    await page.goto(`${site.url}/users/login`);
    await signIn(page, SUSPENDED.email, SUSPENDED.password);
    await page.waitForURL(/\/users\/account-suspended/);
  });

  it('[S1-006][S2-001][S4-013][S4-014][S4-015][S4-016][S4-017][S4-018][S4-019][S6-004] sends guests of a private site to login, except on auth pages', async () => {
    await updateSettings(site.dataDir, 'login', { login_required: true });
    try {
      await new Promise((r) => setTimeout(r, 5500)); // the settings cache lives 5 s
      const home = await raw('/');
      expect(home.status).toBe(302);
      expect(home.location).toBe('/users/login');
      expect((await raw('/users/login')).status).toBe(200);
      expect((await raw('/tos')).status).toBe(302);
      expect((await raw('/tags')).location).toBe('/users/login?redirect=%2Ftags');
      for (const path of [
        '/users/register',
        '/users/account-recovery',
        '/users/change-email',
        '/users/password-reset',
        '/users/account-activation',
      ]) {
        expect((await raw(path)).location ?? '', path).not.toMatch(/^\/users\/login/);
      }
    } finally {
      await updateSettings(site.dataDir, 'login', { login_required: false });
      await new Promise((r) => setTimeout(r, 5500));
    }
  });
});

describe('every guard of the route table', () => {
  async function cookieFor(email: string, password: string): Promise<string> {
    const response = await fetch(`${site.url}/answer/api/v1/user/login/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ e_mail: email, pass: password }),
    });
    const { data } = (await response.json()) as { data: { access_token: string } };
    return `inquire_token=${data.access_token}`;
  }

  it('[S2-006][S2-067][S2-072][S2-074][S2-079][S2-081][S2-084][S2-090][S4-003][S4-004][S4-009][S4-010][S4-011][S4-012][S6-005][S6-009][S6-012] sends each reader where the spec says, on the server', async () => {
    const member = await cookieFor(MEMBER.email, MEMBER.password);
    const admin = await cookieFor(ADMIN.email, ADMIN.password);
    const inactive = await cookieFor(INACTIVE.email, INACTIVE.password);
    const suspended = await cookieFor(SUSPENDED.email, SUSPENDED.password);
    const cases: [string, string, number, string | null][] = [
      // [path, cookie, status, redirect target]
      ['/users/logout', '', 302, '/'],
      ['/users/settings/profile', '', 302, '/users/login?redirect=%2Fusers%2Fsettings%2Fprofile'],
      ['/review', '', 302, '/users/login?redirect=%2Freview'],
      ['/users/login', member, 302, '/'],
      ['/users/register', member, 302, '/'],
      ['/users/account-recovery', member, 302, '/'],
      ['/user-center/auth', member, 302, '/'],
      ['/review', member, 403, null],
      ['/tags/create', member, 403, null],
      ['/admin', member, 403, null],
      ['/admin/themes', member, 403, null],
      ['/users/account-suspended', member, 302, '/'],
      ['/users/account-activation/failed', member, 302, '/'],
      ['/questions/ask', inactive, 302, '/users/login?status=inactive'],
      ['/users/login', inactive, 200, null],
      ['/users/account-activation/success', inactive, 302, '/'],
      ['/questions', suspended, 302, '/users/account-suspended'],
      ['/review', admin, 200, null],
      ['/tags/create', admin, 200, null],
      ['/admin/themes', admin, 200, null],
    ];
    for (const [path, cookie, status, location] of cases) {
      const page = await raw(path, cookie);
      expect([path, page.status, page.location], `${path} as ${cookie ? cookie.slice(0, 20) : 'guest'}`).toEqual([
        path,
        status,
        location,
      ]);
    }
  });
});

describe('language and colour scheme', () => {
  it('[S1-038] [S9-003] switches to Chinese and keeps it across a reload', async () => {
    const { page, problems } = await openTab(browser);
    await page.goto(`${site.url}/`);
    await page.getByLabel('Language').selectOption('zh_CN');
    await page.getByRole('heading', { name: '全部问题' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('_a_lang_'))).toContain('zh_CN');
    await page.reload();
    await page.getByRole('heading', { name: '全部问题' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await screenshot(page, 'home-guest-desktop-zh');
    expect(problems).toEqual([]);
  });

  it('[S4-080] [S4-082] [S4-083] [S9-008] follows the device scheme by default and keeps a chosen dark scheme', async () => {
    const { page, problems } = await openTab(browser, { colorScheme: 'dark' });
    await page.goto(`${site.url}/`);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.getByLabel('Color scheme').selectOption('dark');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await screenshot(page, 'home-guest-desktop-dark');
    expect(problems).toEqual([]);
  });

  it('lays the shell out for a phone, light and dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { page, problems } = await openTab(browser, { viewport: PHONE, colorScheme: scheme });
      await page.goto(`${site.url}/`);
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('menuitem', { name: 'Tags' }).waitFor();
      await screenshot(page, `home-guest-phone-${scheme}`);
      expect(problems).toEqual([]);
    }
  });
});
