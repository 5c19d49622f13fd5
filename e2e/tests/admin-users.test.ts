import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { DESKTOP, launchBrowser, openTab, PHONE, screenshot, type Tab } from '../support/browser.js';
import { seedUsers } from '../support/seed.js';
import { ADMIN, startSite, type RunningSite } from '../support/server.js';

/**
 * Admin user management (issue 13, item 4) in a real browser: an admin suspends a member for
 * 7 days with a reason, which the member then reads on the suspended page, and changes a role.
 */
const MEMBER = { username: 'fern_grower', email: 'fern@example.com', password: 'fern-password-1' };
/** Renamed by the profile test, which runs after the others that use the name. */
const PROMOTED = { username: 'moss_keeper', email: 'moss@example.com', password: 'moss-password-1' };
const REASON = 'Repeated spam links in answers';
/** Signed up but never activated: the activation dialog's member. */
const WAITING = {
  username: 'sprout_waiting',
  email: 'sprout@example.com',
  password: 'sprout-password-1',
  mail_status: 2,
};

let browser: Browser;
let site: RunningSite;

beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite({ installed: true });
  await seedUsers(site.dataDir, [MEMBER, PROMOTED, WAITING]);
}, 180_000);
afterAll(async () => {
  await site?.stop();
  await browser?.close();
});

async function signIn(tab: Tab, who: { email: string; password: string }): Promise<void> {
  await tab.page.goto(`${site.url}/users/login`);
  await tab.page.locator('input[name="e_mail"]').fill(who.email);
  await tab.page.locator('input[name="pass"]').fill(who.password);
  await tab.page.locator('form button[type="submit"]').click();
  await tab.page.waitForURL((url) => !url.pathname.startsWith('/users/login'));
}

async function adminTab(options: Parameters<typeof openTab>[1] = {}): Promise<Tab> {
  const tab = await openTab(browser, options);
  await signIn(tab, ADMIN);
  // The admin's account language (English) outranks the browser's: choose Chinese with its cookie.
  if (options.locale === 'zh-CN') {
    await tab.context.addCookies([{ name: 'inquire_lang', value: 'zh_CN', url: site.url }]);
  }
  return tab;
}

async function expectAccessible(page: Page, what: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, `${what}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/** The row of a member in the users table. */
const rowOf = (page: Page, username: string) => page.locator('tbody tr', { hasText: `@${username}` });

describe('admin users', () => {
  it('[A-4] [S2-104] [S2-085] [S1-022] [S2-002] [S4-048] an admin suspends a member for 7 days with a reason; the member sees the suspended page with it', async () => {
    const member = await openTab(browser);
    await signIn(member, MEMBER);

    const { page, problems } = await adminTab();
    await page.goto(`${site.url}/admin/users`);
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByLabel('Search by name, email or user:id').fill('fern');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('query') === 'fern');
    // The URL can change before the new rows render: wait for the other members' rows to go.
    await rowOf(page, ADMIN.name).waitFor({ state: 'detached' });
    expect(await page.locator('tbody tr').count()).toBe(1);

    await rowOf(page, MEMBER.username)
      .getByRole('button', { name: `Action for ${MEMBER.username}` })
      .click();
    await page.getByRole('menuitem', { name: 'Change status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change status' });
    await dialog.getByLabel('Suspended').check();
    await dialog.getByLabel('Suspend for').selectOption('7d');
    await dialog.getByLabel('Reason').fill(REASON);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Update success.').waitFor();
    await rowOf(page, MEMBER.username).getByText('Suspended').waitFor();

    // The suspended filter lists the member.
    await page.getByRole('link', { name: 'Suspended' }).click();
    await page.waitForURL((url) => url.searchParams.get('filter') === 'suspended');
    await rowOf(page, MEMBER.username).waitFor();

    // The member's next page is the suspended page, with the end date 7 days on and the reason.
    await member.page.goto(`${site.url}/`);
    await member.page.waitForURL(`${site.url}/users/account-suspended`);
    await member.page.getByText(`Reason: ${REASON}`).waitFor();
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await member.page.getByText(until, { exact: false }).waitFor();
    await screenshot(member.page, 'admin-users-suspended-member-en-US-light-desktop');
    expect(problems).toEqual([]);
    expect(member.problems).toEqual([]);
    await member.context.close();
  });

  it('[A-4] [S2-156] [S3-023] [S4-051] [S4-052] [S4-053] [S6-014] [S7-041] an admin changes a role: the unchanged role just closes; moderator is saved', async () => {
    const { page, problems } = await adminTab();
    await page.goto(`${site.url}/admin/users?query=moss`);
    const row = rowOf(page, PROMOTED.username);
    const roleChanges: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith('/admin/api/user/role')) roleChanges.push(request.url());
    });
    await row.getByRole('button', { name: `Action for ${PROMOTED.username}` }).click();
    await page.getByRole('menuitem', { name: 'Change role' }).click();
    let dialog = page.getByRole('dialog', { name: 'Change role' });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(roleChanges).toEqual([]);

    await row.getByRole('button', { name: `Action for ${PROMOTED.username}` }).click();
    await page.getByRole('menuitem', { name: 'Change role' }).click();
    dialog = page.getByRole('dialog', { name: 'Change role' });
    // the dialog lists the roles `roles` answers, each with its description.
    await dialog.getByText("Looks after posts and members, without the site's settings.").waitFor();
    await dialog.getByLabel('Moderator').check();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Update success.').waitFor();
    expect(roleChanges).toHaveLength(1);
    await row.getByRole('cell', { name: 'Moderator' }).waitFor();
    await page.getByRole('link', { name: 'Staff' }).click();
    await page.waitForURL((url) => url.searchParams.get('filter') === 'staff');
    await rowOf(page, PROMOTED.username).waitFor();
    expect(problems).toEqual([]);
  });

  it('[A-4] [S2-158] the password dialog shows the length error beside its field', async () => {
    const { page, problems } = await adminTab();
    await page.goto(`${site.url}/admin/users?query=moss`);
    await rowOf(page, PROMOTED.username)
      .getByRole('button', { name: `Action for ${PROMOTED.username}` })
      .click();
    await page.getByRole('menuitem', { name: 'Set new password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set new password' });
    await dialog.getByLabel('New password').fill('short');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Password must be at 8-32 characters in length.').waitFor();
    expect(problems).toEqual([]);
  });

  it('[A-4] [S2-159] [S4-055] an admin edits a member’s profile: a taken email is refused beside its field, a new username is saved', async () => {
    const { page, problems } = await adminTab();
    await page.goto(`${site.url}/admin/users?query=moss`);
    await rowOf(page, PROMOTED.username)
      .getByRole('button', { name: `Action for ${PROMOTED.username}` })
      .click();
    await page.getByRole('menuitem', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit profile' });
    await dialog.getByLabel('Email').fill(MEMBER.email);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Email already exists.').waitFor();
    await dialog.getByLabel('Email').fill(PROMOTED.email);
    await dialog.getByLabel('Username').fill('moss_keeper2');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Update success.').waitFor();
    await rowOf(page, 'moss_keeper2').waitFor();
    PROMOTED.username = 'moss_keeper2';
    expect(problems).toEqual([]);
  });

  it('[A-4] [S2-157] [S4-057] [S7-044] an admin bulk adds two members: a bad line is named by its number, then both are listed', async () => {
    const { page, problems } = await adminTab();
    await page.goto(`${site.url}/admin/users`);
    await page.getByRole('button', { name: 'Add users' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add users' });
    const field = dialog.getByLabel('Users');
    await field.fill('Ivy Bulk, ivy.bulk@example.com, ivy-password-1\nRowan Bulk, not-an-email, rowan-password-1');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Line 2: the email address is not valid.').waitFor();
    await field.fill(
      'Ivy Bulk, ivy.bulk@example.com, ivy-password-1\nRowan Bulk, rowan.bulk@example.com, rowan-password-1',
    );
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('2 users added').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.goto(`${site.url}/admin/users?query=bulk`);
    await page.getByRole('cell', { name: 'ivy.bulk@example.com' }).waitFor();
    await page.getByRole('cell', { name: 'rowan.bulk@example.com' }).waitFor();
    expect(problems).toEqual([]);
  });

  for (const locale of ['en-US', 'zh-CN'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      for (const [width, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        it(`[A-4] [S2-160] users list, a member's page and the status dialog, ${locale} ${scheme} ${width}: screenshot and axe`, async () => {
          const { page, problems } = await adminTab({ viewport, colorScheme: scheme, locale });
          await page.goto(`${site.url}/admin/users`);
          await page.locator('tbody tr').first().waitFor();
          await screenshot(page, `admin-users-${locale}-${scheme}-${width}`);
          await expectAccessible(page, `admin users ${locale} ${scheme} ${width}`);
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale === 'zh-CN' ? 'zh-CN' : 'en');

          await rowOf(page, MEMBER.username).locator('a').first().click();
          await page.waitForURL((url) => url.pathname.startsWith('/admin/users/'));
          // The list has an h1 too: wait for the member's own heading.
          await page.locator('#admin-user-heading').waitFor();
          await screenshot(page, `admin-user-${locale}-${scheme}-${width}`);
          await expectAccessible(page, `admin user ${locale} ${scheme} ${width}`);

          await page.locator('section[aria-labelledby="admin-user-heading"] button').first().click();
          await page.getByRole('dialog').waitFor();
          await screenshot(page, `admin-user-status-dialog-${locale}-${scheme}-${width}`);
          await expectAccessible(page, `status dialog ${locale} ${scheme} ${width}`);
          await page.keyboard.press('Escape');
          await page.getByRole('dialog').waitFor({ state: 'detached' });

          // [S7-044] the bulk add dialog, with a line error from the server beside its field.
          await page.goto(`${site.url}/admin/users`);
          await page.locator('#admin-users-heading').waitFor();
          await page.locator('section[aria-labelledby="admin-users-heading"] > div button').first().click();
          const bulk = page.getByRole('dialog');
          await bulk.locator('textarea').fill('Ivy Bulk, ivy.bulk@example.com, ivy-password-1');
          await bulk.locator('button[type="submit"]').click();
          await bulk.locator('[aria-invalid="true"]').waitFor();
          await screenshot(page, `admin-users-bulk-dialog-${locale}-${scheme}-${width}`);
          await expectAccessible(page, `bulk add dialog ${locale} ${scheme} ${width}`);
          await page.keyboard.press('Escape');
          await bulk.waitFor({ state: 'detached' });

          // [S7-047] the activation dialog of a member who never activated, with a fresh link.
          await page.goto(`${site.url}/admin/users?filter=inactive`);
          await rowOf(page, WAITING.username).locator('button').first().click();
          await page.getByRole('menuitem').last().click();
          const activation = page.getByRole('dialog');
          await activation.locator('input[value*="/users/account-activation?code="]').waitFor();
          await screenshot(page, `admin-user-activation-dialog-${locale}-${scheme}-${width}`);
          await expectAccessible(page, `activation dialog ${locale} ${scheme} ${width}`);
          expect(problems).toEqual([]);
        });
      }
    }
  }
});
