/**
 * Screens and rules of the spec that no other browser test walks through: the standalone
 * maintenance page, the 50X page and every error page's way home, the auth pages' layout,
 * drafts kept and restored, the leave prompt, the light scheme, the admin navigation, the
 * password confirmations, and a site with sign-up and password login switched off.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, tokenOf } from '../support/api.js';
import { launchBrowser, openTab, screenshot } from '../support/browser.js';
import { seedUsers, updateSettings } from '../support/seed.js';
import { ADMIN, initSite, startSite, type RunningSite } from '../support/server.js';

const MEMBER = { username: 'drafts', email: 'drafts@example.com', password: 'drafts-pass-1' };
const QUESTION_DRAFT = '_a_qd_';
const ANSWER_DRAFT = '_a_ad_';
const ADMIN_USERS_SETTINGS = '/answer/admin/api/siteinfo/users';
const LEAVE_TEXT = 'Are you sure you want to leave the page? Your changes may not be saved.';

let browser: Browser;
let site: RunningSite;
/** Two questions by the admin: an answer draft belongs to one of them. */
const questions: { id: string; title: string }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite({ installed: true });
  await seedUsers(site.dataDir, [MEMBER]);
  const admin = await tokenOf(site.url, ADMIN);
  for (const title of ['Where do answer drafts live between visits?', 'Which question owns a stored draft?']) {
    const body = { title, content: 'A question body long enough for the rules.', tags: [{ slug_name: 'support' }] };
    const { id } = await apiCall<{ id: string }>(site.url, admin, 'POST', 'question', body);
    questions.push({ id, title });
  }
});
afterAll(async () => {
  await site?.stop();
  await browser?.close();
});

async function signIn(page: Page, who: { email: string; password: string }, back: string) {
  await page.goto(`${site.url}/users/login?redirect=${encodeURIComponent(back)}`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith(back));
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** The text in an editor: CodeMirror's lines, or the plain textarea's value while it loads. */
const textOf = (page: Page, label: string) =>
  page
    .getByLabel(label, { exact: true })
    .evaluate((field) => (field instanceof HTMLTextAreaElement ? field.value : (field.textContent ?? '')));

/** A second tab of the same browser: a reload of a dirty form would raise the browser's own leave prompt. */
async function sameBrowserTab(page: Page, path: string): Promise<Page> {
  const other = await page.context().newPage();
  await other.goto(`${site.url}${path}`);
  await other.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return other;
}

describe('standalone and error pages', () => {
  it('[S2-131] [S8-005] /maintenance stands alone (no site header) with the spec text', async () => {
    const { page, problems } = await openTab(browser);
    await page.goto(`${site.url}/maintenance`);
    await page.getByText("We are under maintenance, we'll be back soon.", { exact: true }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('[S2-094] [S8-003] [S8-008] [S8-004] a page call that answers 500 shows the 50X page, whose link goes home', async () => {
    const { page, problems } = await openTab(browser);
    await page.goto(`${site.url}/questions`);
    await page.route('**/answer/api/v1/page-data**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":500,"reason":"base.unknown"}' }),
    );
    await page.getByRole('navigation', { name: 'Main navigation' }).first().getByRole('link', { name: 'Tags' }).click();
    await page.getByText('The server encountered an error and could not complete your request.').waitFor();
    await page.getByText('50X', { exact: true }).waitFor();
    await screenshot(page, 'error-50x-desktop');
    await page.unroute('**/answer/api/v1/page-data**');
    await page.getByRole('link', { name: 'Back to homepage' }).click();
    await page.waitForURL(`${site.url}/`);
    expect(problems).toEqual([]);
  });

  it('[S8-004] the 403 and 404 pages link back to the homepage', async () => {
    const { page, problems } = await openTab(browser);
    for (const path of ['/403', '/no-such-page-anywhere']) {
      await page.goto(`${site.url}${path}`);
      await page.getByRole('link', { name: 'Back to homepage' }).click();
      await page.waitForURL(`${site.url}/`);
    }
    expect(problems).toEqual([]);
  });
});

describe('auth pages', () => {
  it('[S2-065] [S2-143] sign-in has the site header but no side navigation, and sign-up links lead to /users/register', async () => {
    const { page, problems } = await openTab(browser);
    await page.goto(`${site.url}/users/login`);
    await page.getByRole('banner').waitFor();
    // The side layout's navigation (questions, tags, users beside the page) is not there.
    expect(await page.locator('main nav').count()).toBe(0);
    const signUps = page.getByRole('link', { name: 'Sign up' });
    expect(await signUps.count()).toBeGreaterThan(0);
    for (const href of await signUps.evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
      expect(href).toBe('/users/register');
    await signUps.first().click();
    await page.waitForURL(`${site.url}/users/register`);
    await page.getByLabel('Display name').waitFor();
    expect(problems).toEqual([]);
  });

  it('[S2-039] a guest opening /users/settings is sent to login', async () => {
    const response = await fetch(`${site.url}/users/settings`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/users/login?redirect=%2Fusers%2Fsettings');
  });

  it('[S5-026] sign-up refuses two different passwords beside the confirmation', async () => {
    const { page, problems } = await openTab(browser);
    await page.goto(`${site.url}/users/register`);
    await page.getByLabel('Display name').fill('mismatched');
    await page.getByLabel('Email').fill('mismatched@example.com');
    await page.getByLabel('Password', { exact: true }).fill('first-pass-1');
    await page.getByLabel('Confirm password').fill('other-pass-2');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/user/register/email')) sent.push(request.url());
    });
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('The passwords do not match.').waitFor();
    expect(sent).toEqual([]);
    expect(page.url()).toBe(`${site.url}/users/register`);
    expect(problems).toEqual([]);
  });
});

describe('drafts and the leave prompt', () => {
  it('[S3-024] [S4-071] [S9-004] the ask form is kept under an _a_ key and comes back in a new visit', async () => {
    const { page, problems } = await openTab(browser);
    await signIn(page, MEMBER, '/questions/ask');
    await page.getByLabel('Title').fill('A title kept between two visits');
    await page.getByLabel('Body', { exact: true }).fill('A body that must survive a closed tab.');
    await expect.poll(() => stored(page, QUESTION_DRAFT), { timeout: 10_000 }).toContain('survive a closed tab');
    const again = await sameBrowserTab(page, '/questions/ask');
    expect(await again.getByLabel('Title').inputValue()).toBe('A title kept between two visits');
    await expect.poll(() => textOf(again, 'Body')).toContain('A body that must survive a closed tab.');
    await page.context().close();
    expect(problems).toEqual([]);
  });

  it('[S3-025] [S4-072] an answer draft comes back on its own question only', async () => {
    const { page, problems } = await openTab(browser);
    const [own, other] = [questions[0]!, questions[1]!];
    await signIn(page, MEMBER, `/questions/${own.id}`);
    await page.getByLabel('Your answer').fill('An answer drafted on the first question.');
    await expect.poll(() => stored(page, ANSWER_DRAFT), { timeout: 10_000 }).toContain('drafted on the first');
    const same = await sameBrowserTab(page, `/questions/${own.id}`);
    await expect.poll(() => textOf(same, 'Your answer')).toContain('An answer drafted on the first question.');
    const elsewhere = await sameBrowserTab(page, `/questions/${other.id}`);
    expect(await textOf(elsewhere, 'Your answer')).not.toContain('drafted on the first');
    await page.context().close();
    expect(problems).toEqual([]);
  });

  it('[S2-163] [S4-084] [S5-062] leaving the ask form with changes asks first, with the spec text', async () => {
    const { page, problems } = await openTab(browser);
    await signIn(page, MEMBER, '/questions/ask');
    await page.getByLabel('Title').fill('A question left half written');
    const tags = page.getByRole('navigation', { name: 'Main navigation' }).first().getByRole('link', { name: 'Tags' });
    // Stay: the form is still there.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await tags.click();
    await expect.poll(() => problems.length).toBe(1);
    expect(page.url()).toBe(`${site.url}/questions/ask`);
    expect(await page.getByLabel('Title').inputValue()).toBe('A question left half written');
    // Leave.
    page.once('dialog', (dialog) => void dialog.accept());
    await tags.click();
    await page.waitForURL(`${site.url}/tags`);
    expect(problems).toEqual([`dialog (confirm): ${LEAVE_TEXT}`, `dialog (confirm): ${LEAVE_TEXT}`]);
  });
});

describe('scheme and admin navigation', () => {
  it('[S4-081] a chosen light scheme holds on a dark device, across a reload', async () => {
    const { page, problems } = await openTab(browser, { colorScheme: 'dark' });
    await page.goto(`${site.url}/`);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.getByLabel('Color scheme').selectOption('light');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(problems).toEqual([]);
  });

  it('[S2-120] [S2-121] [S2-122] [S2-123] [S2-124] [S2-125] the admin navigation has the spec groups and pages, in order', async () => {
    const { page, problems } = await openTab(browser);
    await signIn(page, ADMIN, '/admin');
    const nav = page.getByRole('navigation', { name: 'Admin navigation' }).last();
    await nav.waitFor();
    const groups = await nav.locator(':scope > div').evaluateAll((divs) =>
      divs.map((div) => ({
        group: div.querySelector('p')?.textContent ?? '',
        links: [...div.querySelectorAll('a')].map((a) => `${a.textContent} ${a.getAttribute('href')}`),
      })),
    );
    expect(groups.slice(0, 6)).toEqual([
      { group: 'Dashboard', links: ['Dashboard /admin'] },
      { group: 'Contents', links: ['Questions /admin/questions', 'Answers /admin/answers'] },
      { group: 'Users', links: ['Users /admin/users'] },
      { group: 'Customize', links: ['Themes /admin/themes', 'CSS & HTML /admin/css-html'] },
      {
        group: 'Settings',
        links: [
          'General /admin/general',
          'Interface /admin/interface',
          'Branding /admin/branding',
          'SMTP /admin/smtp',
          'Legal /admin/legal',
          'Write /admin/write',
          'SEO /admin/seo',
          'Login /admin/login',
          'Users /admin/settings-users',
          'Privileges /admin/privileges',
        ],
      },
      { group: 'Plugins', links: ['Installed plugins /admin/installed-plugins'] },
    ]);
    // Inquire's one addition, after the spec's groups: the design gallery for developers.
    expect(groups.slice(6).map((g) => g.group)).toEqual(['Developer']);
    expect(problems).toEqual([]);
  });

  it('[S5-021] account settings refuse two different new passwords, and send nothing', async () => {
    const { page, problems } = await openTab(browser);
    await signIn(page, MEMBER, '/users/settings/account');
    await page.getByLabel('Current password').fill(MEMBER.password);
    await page.getByLabel('New password').fill('a-new-pass-1');
    await page.getByLabel('Confirm password').fill('another-pass-2');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/user/password')) sent.push(request.url());
    });
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The passwords do not match.').waitFor();
    expect(sent).toEqual([]);
    expect(problems).toEqual([]);
  });
});

describe('what the admin locks and prefills', () => {
  it('[S6-024] [S6-025] [S6-026] [S6-027] [S6-028] profile fields the admin locked are read-only, with the reason', async () => {
    const admin = await tokenOf(site.url, ADMIN);
    const users = await apiCall<Record<string, unknown>>(site.url, admin, 'GET', ADMIN_USERS_SETTINGS);
    const locked = {
      ...users,
      allow_update_display_name: true,
      allow_update_username: false,
      allow_update_avatar: false,
      allow_update_bio: false,
      allow_update_website: false,
      allow_update_location: false,
    };
    await apiCall(site.url, admin, 'PUT', ADMIN_USERS_SETTINGS, locked);
    try {
      const { page, problems } = await openTab(browser);
      await signIn(page, MEMBER, '/users/settings/profile');
      await page.getByLabel('Display name').waitFor();
      expect(await page.getByLabel('Display name').isEnabled()).toBe(true);
      for (const label of ['Username', 'About me', 'Website', 'Location']) {
        expect(await page.getByLabel(label, { exact: true }).isDisabled(), label).toBe(true);
      }
      // The avatar's choices are off and no picture can be uploaded.
      for (const choice of ['System (initials)', 'Gravatar']) {
        expect(await page.getByLabel(choice).isDisabled(), choice).toBe(true);
      }
      expect(await page.getByLabel('Upload a picture').count()).toBe(0);
      expect(await page.getByText('The site does not allow changing this.').count()).toBeGreaterThanOrEqual(5);
      expect(problems).toEqual([]);
    } finally {
      await apiCall(site.url, admin, 'PUT', ADMIN_USERS_SETTINGS, users);
    }
  });

  it('[S9-013] a fresh site prefills the public Gravatar address in the admin users settings', async () => {
    const { page, problems } = await openTab(browser);
    await signIn(page, ADMIN, '/admin/settings-users');
    expect(await page.getByLabel('Gravatar base URL').inputValue()).toBe('https://www.gravatar.com/avatar/');
    expect(problems).toEqual([]);
  });
});

describe('a site with sign-up and password login switched off', () => {
  let closed: RunningSite;
  let dataDir: string;
  beforeAll(async () => {
    // Written before the site starts: no wait for its settings cache.
    dataDir = mkdtempSync(join(tmpdir(), 'inquire-e2e-closed-'));
    initSite(dataDir);
    await updateSettings(dataDir, 'login', { allow_new_registrations: false, allow_password_login: false });
    closed = await startSite({ dataDir });
  });
  afterAll(async () => {
    await closed?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('[S2-069] [S6-030] [S6-032] offers no sign-up form and no password form, and says why', async () => {
    const { page, problems } = await openTab(browser);
    await page.goto(`${closed.url}/users/register`);
    await page.getByText('New registrations are closed on this site.').waitFor();
    expect(await page.getByLabel('Display name').count()).toBe(0);
    await page.goto(`${closed.url}/users/login`);
    await page.getByText('Password login is turned off on this site.').waitFor();
    expect(await page.getByLabel('Password').count()).toBe(0);
    // Nor does the sign-in page offer to sign up.
    expect(await page.getByRole('link', { name: 'Sign up' }).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
