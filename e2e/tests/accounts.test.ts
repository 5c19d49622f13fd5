import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../apps/server/src/services.js';
import {
  codeFromMail,
  mailToSink,
  startSmtpSink,
  type SinkMail,
  type SmtpSink,
} from '../../apps/server/test/smtp-sink.js';
import { axeViolations } from '../support/axe.js';
import { DESKTOP, launchBrowser, openTab, PHONE, screenshot } from '../support/browser.js';
import { seedUsers } from '../support/seed.js';
import { ADMIN, startSite, withSiteRuntime, type RunningSite } from '../support/server.js';

const RECOVER = { username: 'forgetful', email: 'forgetful@example.com', password: 'old-password-1' };
const SUSPENDED = {
  username: 'paused',
  email: 'paused@example.com',
  password: 'paused-pass-1',
  status: 9,
  suspended_until: Date.UTC(2031, 0, 2, 3, 4) / 1000,
};
const FOREVER = {
  username: 'gone',
  email: 'gone@example.com',
  password: 'gone-pass-1',
  status: 9,
  suspended_until: Date.UTC(2099, 11, 31, 23, 59, 59) / 1000,
};

let browser: Browser;
let site: RunningSite;
let sink: SmtpSink;

async function setCaptcha(enabled: boolean): Promise<void> {
  await withSiteRuntime(site, async (runtime) => {
    await runtime.db
      .insertInto('plugin_state')
      .values({ slug_name: 'captcha-basic', enabled: enabled ? 1 : 0, config: '', updated_at: 0 })
      .onConflict((oc) => oc.column('slug_name').doUpdateSet({ enabled: enabled ? 1 : 0 }))
      .execute();
  });
}

/** The emailed link, on this test server's origin (the site URL of `inquire init` has no port). */
function linkOn(mail: SinkMail, page: string): string {
  return `${site.url}/users/${page}?code=${encodeURIComponent(codeFromMail(mail, page))}`;
}

async function waitForMail(to: string): Promise<SinkMail> {
  return sink.waitFor(to, undefined, 20_000);
}

beforeAll(async () => {
  browser = await launchBrowser();
  sink = await startSmtpSink();
  site = await startSite({ installed: true });
  await seedUsers(site.dataDir, [RECOVER, SUSPENDED, FOREVER]);
  await withSiteRuntime(site, async (runtime) => {
    await mailToSink(createServices(runtime).mail, sink, 'E2E Site');
  });
  await setCaptcha(false);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await sink?.close();
});

async function fillRegister(
  page: Page,
  labels: { name: string; email: string; pass: string; confirm: string; submit: string },
  values: { name: string; email: string; pass: string },
) {
  await page.getByLabel(labels.name).fill(values.name);
  await page.getByLabel(labels.email, { exact: true }).fill(values.email);
  await page.getByLabel(labels.pass, { exact: true }).fill(values.pass);
  await page.getByLabel(labels.confirm).fill(values.pass);
  await page.getByRole('button', { name: labels.submit }).click();
}

describe('accounts in the browser', () => {
  it('[S2-068] [S2-077] [S2-078] [S7-111] [S7-114] registers, receives the activation email over SMTP, follows it and is activated', async () => {
    const { page, problems } = await openTab(browser);
    await page.goto(`${site.url}/users/register`);
    await page.getByRole('heading', { name: 'Sign up for E2E Site' }).waitFor();
    // Every failing field at once, before anything is sent.
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Name cannot be empty.').waitFor();
    await page.getByText('Email cannot be empty.').waitFor();
    await screenshot(page, 'accounts-register-errors-desktop-light');
    await fillRegister(
      page,
      { name: 'Display name', email: 'Email', pass: 'Password', confirm: 'Confirm password', submit: 'Sign up' },
      { name: 'Fresh_Member', email: 'fresh@example.com', pass: 'fresh-pass-1' },
    );
    await page.waitForURL(/\/users\/login\?status=inactive/);
    await page.getByRole('heading', { name: 'Please activate your account' }).waitFor();
    await page.getByRole('button', { name: 'Resend activation email' }).waitFor();
    await screenshot(page, 'accounts-inactive-desktop-light');

    const mail = await waitForMail('fresh@example.com');
    expect(mail.subject).toBe('[E2E Site] Confirm your email address');
    await page.goto(linkOn(mail, 'account-activation'));
    await page.waitForURL(/\/users\/account-activation\/success$/);
    await page.getByRole('heading', { name: 'Your account is activated' }).waitFor();
    await screenshot(page, 'accounts-activated-desktop-light');
    const info = await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('_a_ltk_') ?? '{}').value as string;
      const response = await fetch('/answer/api/v1/user/info', { headers: { Authorization: token } });
      return ((await response.json()) as { data: { mail_status: number; rank: number } }).data;
    });
    expect(info).toMatchObject({ mail_status: 1, rank: 1 });

    // The same link again: the activation page shows its own "no longer valid" message.
    await page.goto(linkOn(mail, 'account-activation'));
    await page.getByRole('heading', { name: 'Activation failed' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('[S2-073] [S2-076] [S2-141] [S7-118] [S7-119] [S8-048] recovers a password by email and signs in with the new one', async () => {
    const { page, problems } = await openTab(browser, { viewport: PHONE, colorScheme: 'dark' });
    await page.goto(`${site.url}/users/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/users\/account-recovery$/);
    // The router moves the address as it starts rendering the next page: until that page is
    // shown, "Email" is still the login form's field, and text typed there would be lost.
    await page.getByRole('heading', { name: 'Account recovery' }).waitFor();
    await page.getByLabel('Email').fill(RECOVER.email);
    await screenshot(page, 'accounts-recovery-phone-dark');
    await page.getByRole('button', { name: 'Send recovery email' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    const mail = await waitForMail(RECOVER.email);
    expect(mail.subject).toBe('[E2E Site] Reset your password');
    await page.goto(linkOn(mail, 'password-reset'));
    await page.getByLabel('New password').fill('brand-new-pass-1');
    await page.getByLabel('Confirm password').fill('not-the-same-1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('The passwords do not match.').waitFor();
    await page.getByLabel('Confirm password').fill('brand-new-pass-1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    await screenshot(page, 'accounts-reset-done-phone-dark');

    await page.getByRole('link', { name: 'Log in' }).last().click();
    await page.getByLabel('Email').fill(RECOVER.email);
    await page.getByLabel('Password').fill('brand-new-pass-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${site.url}/`);

    // The reset link was used up.
    await page.goto(linkOn(mail, 'password-reset'));
    await page.getByLabel('New password').fill('another-pass-12');
    await page.getByLabel('Confirm password').fill('another-pass-12');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('This password reset link is no longer valid.', { exact: false }).waitFor();
    expect(problems).toEqual([]);
  });

  it('注册并激活：registers and activates in Chinese', async () => {
    const { page, problems } = await openTab(browser, { locale: 'zh-CN', viewport: PHONE });
    await page.goto(`${site.url}/users/register`);
    await page.getByRole('heading', { name: '注册 E2E Site' }).waitFor();
    await fillRegister(
      page,
      { name: '显示名称', email: '邮箱', pass: '密码', confirm: '确认密码', submit: '注册' },
      { name: 'zhong_wen', email: 'zhongwen@example.com', pass: 'zhong-pass-1' },
    );
    await page.waitForURL(/\/users\/login\?status=inactive/);
    const mail = await waitForMail('zhongwen@example.com');
    expect(mail.subject).toBe('[E2E Site] 请验证您的邮箱地址');
    expect(mail.text).toContain('欢迎加入 E2E Site');
    await page.goto(linkOn(mail, 'account-activation'));
    await page.getByRole('heading', { name: '您的账号已激活' }).waitFor();
    await screenshot(page, 'accounts-activated-phone-light-zh');
    expect(problems).toEqual([]);
  });

  it('[S2-162] [S4-076] [S4-077] [S4-078] [S4-079] [S8-018] asks for a captcha; a wrong code reloads the image and reopens the dialog', async () => {
    await setCaptcha(true);
    try {
      const { page, problems } = await openTab(browser, { colorScheme: 'dark' });
      await page.goto(`${site.url}/users/account-recovery`);
      await page.getByLabel('Email').fill('someone@example.com');
      await page.getByRole('button', { name: 'Send recovery email' }).click();
      const dialog = page.getByRole('dialog', { name: 'Verification' });
      await dialog.waitFor();
      const firstImage = await dialog.getByRole('img').getAttribute('src');
      expect(firstImage).toMatch(/^data:image\/svg\+xml;base64,/);
      await screenshot(page, 'accounts-captcha-desktop-dark');
      await dialog.getByLabel('Type the characters in the image').fill('zzzz');
      await dialog.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('dialog', { name: 'Verification' }).getByText('Verification code is incorrect.').waitFor();
      const secondImage = await page.getByRole('dialog', { name: 'Verification' }).getByRole('img').getAttribute('src');
      expect(secondImage).not.toBe(firstImage);
      expect(await page.getByLabel('Type the characters in the image').getAttribute('aria-invalid')).toBe('true');
      await page.getByRole('button', { name: 'Cancel' }).click();
      expect(problems).toEqual([]);
    } finally {
      await setCaptcha(false);
    }
  });

  it('[S1-017] [S1-029] [S2-040] [S2-041] [S2-042] [S2-043] [S2-044] [S2-059] [S2-060] [S2-061] [S6-023] [S8-037] [S8-038] shows the settings screens', async () => {
    const { page, problems } = await openTab(browser, { viewport: DESKTOP });
    await page.goto(`${site.url}/users/login`);
    await page.getByLabel('Email').fill(RECOVER.email);
    await page.getByLabel('Password').fill('brand-new-pass-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${site.url}/`);
    await page.goto(`${site.url}/users/settings`);
    await page.getByLabel('Display name').waitFor();
    expect(await page.getByLabel('Display name').isDisabled()).toBe(true);
    await screenshot(page, 'accounts-settings-profile-desktop-light');
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { name: 'My logins' }).waitFor();
    await page.getByLabel('Current password').fill('brand-new-pass-1');
    await page.getByLabel('New password').fill('third-pass-123');
    await page.getByLabel('Confirm password').fill('third-pass-123');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed successfully').waitFor();
    await screenshot(page, 'accounts-settings-account-desktop-light');
    await page.getByRole('link', { name: 'Notifications' }).click();
    await page.getByRole('switch').first().click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('update success').waitFor();
    await page.getByRole('link', { name: 'Interface' }).click();
    await page.getByLabel('Time zone').selectOption('Asia/Shanghai');
    // The Notifications page's toast may still show: wait for this save's own answer.
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/answer/api/v1/user/interface') && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).ok()).toBe(true);
    await page.reload();
    expect(await page.getByLabel('Time zone').inputValue()).toBe('Asia/Shanghai');
    expect(problems).toEqual([]);
  });

  it('[S2-083] [S2-085] [S2-086] [S8-050] [S8-051] shows the suspended page with its end, or forever', async () => {
    for (const [user, text] of [
      [SUSPENDED, 'Your account has been suspended until 2031-01-02 03:04 UTC.'],
      [FOREVER, 'Your account has been suspended permanently.'],
    ] as const) {
      const { page, problems } = await openTab(browser, { viewport: PHONE, colorScheme: 'dark' });
      await page.goto(`${site.url}/users/login`);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(/\/users\/account-suspended$/);
      await page.getByText(text).waitFor();
      if (user === SUSPENDED) await screenshot(page, 'accounts-suspended-phone-dark');
      expect(problems).toEqual([]);
    }
  });

  it('[S1-004] [S1-016] [S2-029] [S2-030] [S2-032] [S2-063] [S2-064] [S7-130] [S7-139] [S7-140] lists members and shows a profile edited in settings', async () => {
    await withSiteRuntime(site, async (runtime) => {
      const services = createServices(runtime);
      await services.siteinfo.update('general', { site_url: site.url });
      await services.siteinfo.update('site_users', {
        allow_update_avatar: true,
        allow_update_display_name: true,
        allow_update_bio: true,
        allow_update_location: true,
        allow_update_website: true,
      });
    });
    await new Promise((r) => setTimeout(r, 5500)); // the settings cache lives 5 s
    const { page, problems } = await openTab(browser, { viewport: DESKTOP });
    await page.goto(`${site.url}/users/login`);
    await page.getByLabel('Email').fill(RECOVER.email);
    await page.getByLabel('Password').fill('third-pass-123');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${site.url}/`);
    await page.goto(`${site.url}/users/settings/profile`);
    await page.getByLabel('Display name').fill('Forgetful Fred');
    await page.getByLabel('About me').fill('I **rarely** remember <b>passwords</b>.');
    await page.getByLabel('Website').fill('not a url');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Website must be a valid URL', { exact: false }).waitFor();
    await page.getByLabel('Website').fill('https://fred.example');
    await page.getByLabel('Location').fill('Lisbon');
    const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#cc3366' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam' } })
      .toBuffer();
    await page
      .getByLabel('Upload a picture')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: picture });
    await page.getByRole('radio', { name: 'My picture' }).waitFor();
    expect(await page.getByRole('radio', { name: 'My picture' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('update success').last().waitFor();

    await page.goto(`${site.url}/users`);
    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
    await page.getByRole('region', { name: 'Staff' }).getByRole('link', { name: 'admin' }).waitFor();
    await screenshot(page, 'people-users-desktop-light');

    await page.goto(`${site.url}/users/${RECOVER.username}`);
    await page.getByRole('heading', { name: 'Forgetful Fred' }).waitFor();
    await page.getByText('Lisbon').waitFor();
    const avatar = page.locator('header img').first();
    const src = (await avatar.getAttribute('src')) ?? '';
    // Stored as the site's own path (a custom avatar can never name another host).
    expect(src).toMatch(/^\/uploads\/avatar\/[0-9a-f]{32}\.jpg$/);
    expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(300);
    const served = Buffer.from(await (await fetch(new URL(src, site.url))).arrayBuffer());
    expect((await sharp(served).metadata()).exif).toBeUndefined();
    expect(await page.locator('.prose strong').textContent()).toBe('rarely');
    expect(await page.locator('.prose b').count()).toBe(0);
    await page.getByRole('heading', { name: 'Top answers' }).waitFor();
    await screenshot(page, 'people-profile-desktop-light');
    const phone = await openTab(browser, { viewport: PHONE, colorScheme: 'dark' });
    await phone.page.goto(`${site.url}/users/${RECOVER.username}`);
    await phone.page.getByRole('heading', { name: 'Forgetful Fred' }).waitFor();
    await screenshot(phone.page, 'people-profile-phone-dark');
    expect((await fetch(`${site.url}/users/no-such-member`)).status).toBe(404);
    expect(problems).toEqual([]);
    expect(phone.problems).toEqual([]);
  });

  it('[S2-110] [S5-054] [S5-055] [S7-036] [S7-037] [S8-042] [S9-060] sets up SMTP in the admin area and sends a test email', async () => {
    const { page, problems } = await openTab(browser, { viewport: DESKTOP });
    await page.goto(`${site.url}/users/login?redirect=%2Fadmin%2Fsmtp`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${site.url}/admin/smtp`);
    expect(await page.getByLabel('SMTP host').inputValue()).toBe('127.0.0.1');
    expect(await page.getByRole('radio').evaluateAll((r) => r.map((x) => x.parentElement?.textContent))).toEqual([
      'SSL',
      'TLS',
      'None',
    ]);
    // Bad port and recipient: both fields named, nothing saved.
    await page.getByLabel('SMTP port').fill('65536');
    await page.getByLabel('Test email recipient').fill('not-an-address');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Port must be a number from 1 to 65535.').waitFor();
    expect(await page.getByText('Enter a valid email address.').isVisible()).toBe(true);
    // Without a host, mail is not configured, and the page says so.
    await page.getByLabel('SMTP port').fill(String(sink.port));
    await page.getByLabel('Test email recipient').fill('');
    await page.getByLabel('SMTP host').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/Email is not configured/).waitFor();
    await page.getByLabel('SMTP host').fill('127.0.0.1');
    await page.getByLabel('Test email recipient').fill('postmaster@example.com');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Sent successfully').waitFor();
    const mail = await waitForMail('postmaster@example.com');
    expect(mail.text).toContain('Your SMTP settings work.');
    await expect.poll(() => page.getByText(/Email is not configured/).count()).toBe(0);
    await screenshot(page, 'admin-smtp-desktop-light');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);

    const session = await page.context().storageState();
    const zh = await openTab(browser, { viewport: PHONE, colorScheme: 'dark', locale: 'zh-CN', storageState: session });
    await zh.page.goto(`${site.url}/admin/smtp`);
    await zh.page.getByLabel('Language').selectOption('zh_CN');
    await zh.page.getByLabel('SMTP 主机').waitFor();
    await screenshot(zh.page, 'admin-smtp-phone-dark-zh');
    expect(zh.problems).toEqual([]);
  });
});
