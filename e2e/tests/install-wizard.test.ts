import type { Browser } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { DESKTOP, launchBrowser, openTab, PHONE, screenshot } from '../support/browser.js';
import { startSite, type RunningSite } from '../support/server.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const SITE = {
  name: 'Wizard Site',
  email: 'owner@example.com',
  admin: 'wizard',
  password: 'wizard-pass-1',
  adminEmail: 'wizard@example.com',
};

describe('install wizard in the browser', () => {
  let site: RunningSite;
  afterAll(async () => site?.stop());

  it('[S1-026][S2-003][S2-071][S2-130][S2-132][S2-133][S2-134][S2-135][S2-136][S2-137] installs on SQLite, then the admin signs in and out', async () => {
    site = await startSite();
    const { page, problems } = await openTab(browser);

    // Every page redirects to /install before installation.
    await page.goto(`${site.url}/questions`);
    expect(new URL(page.url()).pathname).toBe('/install');
    await expect.poll(() => page.getByRole('heading', { name: 'Install Inquire' }).isVisible()).toBe(true);
    await screenshot(page, 'install-1-language-desktop');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('SQLite (built in').waitFor();
    expect(await page.getByLabel('Database file').inputValue()).toMatch(/inquire\.db$/);
    await screenshot(page, 'install-2-database-desktop');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByText('config.yaml was written and the database is ready.').waitFor();
    await screenshot(page, 'install-3-config-desktop');
    await page.getByRole('button', { name: 'Next' }).click();

    // Empty submit: every field's error beside it, nothing sent.
    await page.getByLabel('Site URL').fill('');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Site name cannot be empty.').waitFor();
    for (const text of [
      'Site URL cannot be empty.',
      'Contact email cannot be empty.',
      'Name cannot be empty.',
      'Password cannot be empty.',
      'Email cannot be empty.',
    ]) {
      expect(await page.getByText(text, { exact: true }).isVisible()).toBe(true);
    }
    await screenshot(page, 'install-4-errors-desktop');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Site name').fill(SITE.name);
    await page.getByLabel('Site URL').fill(site.url);
    await page.getByLabel('Contact email').fill(SITE.email);
    await page.getByLabel('Name', { exact: true }).fill(SITE.admin);
    await page.getByLabel('Password').fill(SITE.password);
    await page.getByLabel('Email', { exact: true }).fill(SITE.adminEmail);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Installation complete').waitFor();
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('5');
    await screenshot(page, 'install-5-done-desktop');

    await page.getByRole('link', { name: 'Log in' }).click();
    await page.getByLabel('Email').fill(SITE.adminEmail);
    await page.getByLabel('Password').fill(SITE.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${site.url}/`);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(await page.getByRole('heading', { name: /Welcome to Wizard Site/ }).isVisible()).toBe(true);
    expect(await page.title()).toBe(SITE.name);
    await screenshot(page, 'home-admin-desktop');

    // The installed site refuses the wizard.
    await page.goto(`${site.url}/install`);
    await page.getByRole('heading', { name: 'Already installed' }).waitFor();

    await page.goto(`${site.url}/`);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('_a_ltk_'))).toBeNull();
    expect(problems).toEqual([]);
  });

  it('shows the wizard at phone width', async () => {
    const fresh = await startSite();
    try {
      const { page, problems } = await openTab(browser, { viewport: PHONE, colorScheme: 'dark' });
      await page.goto(`${fresh.url}/install`);
      await page.getByRole('heading', { name: 'Install Inquire' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await screenshot(page, 'install-1-language-phone-dark');
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await fresh.stop();
    }
  });
});

describe('install wizard on PostgreSQL', () => {
  it('[S1-037] [S8-046] refuses a wrong password with "Database connection failed", then installs', async () => {
    const base = process.env.INQUIRE_TEST_PG_URL;
    if (!base) throw new Error('INQUIRE_TEST_PG_URL is not set: the e2e suite needs the PostgreSQL test cluster');
    const pgUrl = new URL(base);
    const dbName = `e2e_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    // The site's own role; an unknown role fails to connect even on this trust-auth cluster.
    const role = `wizard_${Date.now()}`;
    await admin.query(`create role ${role} login password 'right-password'`);
    await admin.query(`alter database ${dbName} owner to ${role}`);
    await admin.end();

    const site = await startSite();
    try {
      const { page, problems } = await openTab(browser, { viewport: DESKTOP, locale: 'zh-CN' });
      await page.goto(`${site.url}/install`);
      await page.getByLabel('语言').selectOption('en_US');
      await page.getByRole('button', { name: '下一步' }).click();
      await page.getByLabel('PostgreSQL').check();
      await page.getByLabel('Host').fill(pgUrl.hostname);
      await page.getByLabel('Port').fill(pgUrl.port);
      await page.getByLabel('Username').fill('nobody_at_all');
      await page.getByLabel('Password').fill('wrong-password');
      await page.getByLabel('Database name').fill(dbName);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Database connection failed').waitFor();
      await screenshot(page, 'install-2-database-failed-desktop');

      await page.getByLabel('Username').fill(role);
      await page.getByLabel('Password').fill('right-password');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('config.yaml was written and the database is ready.').waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('Site name').fill('PG Site');
      await page.getByLabel('Site URL').fill(site.url);
      await page.getByLabel('Contact email').fill('owner@example.com');
      await page.getByLabel('Name', { exact: true }).fill('pgadmin');
      await page.getByLabel('Password').fill('pg-admin-pass');
      await page.getByLabel('Email', { exact: true }).fill('pgadmin@example.com');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Installation complete').waitFor();

      await page.goto(`${site.url}/users/login`);
      await page.getByLabel('Email').fill('pgadmin@example.com');
      await page.getByLabel('Password').fill('pg-admin-pass');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('button', { name: 'Account menu' }).waitFor();
      expect(await page.getByRole('heading', { name: /Welcome to PG Site/ }).isVisible()).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await site.stop();
    }
  });
});
