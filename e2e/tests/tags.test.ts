import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { launchBrowser, openTab, PHONE, screenshot } from '../support/browser.js';
import type { SiteSettings } from '@inquire/shared';
import { SiteRuntime } from '../../apps/server/src/infra/site.js';
import { createServices } from '../../apps/server/src/services.js';
import { seedUsers } from '../support/seed.js';
import { ADMIN, startSite, type RunningSite } from '../support/server.js';

const MEMBER = { username: 'reader', email: 'reader@example.com', password: 'reader-pass-1' };

let browser: Browser;
let site: RunningSite;

beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite({ installed: true });
  await seedUsers(site.dataDir, [MEMBER]);
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

/** Sets the reserved and recommended tags of site_write, as the admin's Write form would. */
async function setWriteSettings(value: Partial<SiteSettings['site_write']>): Promise<void> {
  const runtime = new SiteRuntime(site.dataDir);
  await runtime.open();
  try {
    await createServices(runtime).siteinfo.update('site_write', value);
  } finally {
    await runtime.close();
  }
}

/**
 * Holds back the editor's code (CodeMirror, loaded after the page shows its plain textarea)
 * until `release`, which first waits until the page has asked for it.
 */
async function holdEditorCode(page: Page): Promise<{ release(): Promise<void> }> {
  let requested!: () => void;
  let released!: () => void;
  const asked = new Promise<void>((resolve) => (requested = resolve));
  const go = new Promise<void>((resolve) => (released = resolve));
  await page.route(/\/assets\/codemirror-view-[^/]*\.js$/, async (route) => {
    requested();
    await go;
    await route.continue();
  });
  return {
    async release() {
      await asked;
      released();
    },
  };
}

/** The tag names of the cards on /tags, in order. */
const cardNames = (page: Page) => page.locator('main ul.grid > li a').allInnerTexts();

/** Waits until the cards show these names (a client navigation renders after the URL changes). */
async function expectCards(page: Page, names: string[]): Promise<void> {
  await expect.poll(() => cardNames(page), { timeout: 5000 }).toEqual(names);
}

describe('tags', () => {
  it('[S2-023][S2-024][S5-001][S5-003][S5-005][S6-015][S7-089] an admin creates tags; the form refuses bad names with the spec messages', async () => {
    const guest = await openTab(browser);
    await guest.page.goto(`${site.url}/tags/create`);
    await guest.page.waitForURL(/\/users\/login\?redirect=%2Ftags%2Fcreate$/);

    const { page, problems } = await openTab(browser);
    await signIn(page, ADMIN, '/tags/create');
    await page.getByRole('button', { name: 'Post new tag' }).click();
    await page.getByText('Display name cannot be empty.').waitFor();
    expect(await page.getByText('URL slug cannot be empty.').isVisible()).toBe(true);
    await page.getByLabel('Display name').fill('TypeScript');
    expect(await page.getByLabel('URL slug').inputValue()).toBe('typescript');
    await page.getByLabel('URL slug').fill('type/script');
    await page.getByRole('button', { name: 'Post new tag' }).click();
    await page.getByText('URL slug contains unallowed character set.').waitFor();
    await page.getByLabel('URL slug').fill('typescript');
    await page.getByLabel('Description').fill('Typed **JavaScript** that compiles to plain JavaScript.');
    await screenshot(page, 'tags-create-desktop-light');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Post new tag' }).click();
    await page.waitForURL(`${site.url}/tags/typescript`);
    await page.getByRole('heading', { name: 'TypeScript', level: 1 }).waitFor();
    expect(await page.getByText('Typed JavaScript that compiles to plain JavaScript.').isVisible()).toBe(true);

    // A second tag, created last, for the newest order; its description is optional.
    await page.goto(`${site.url}/tags/create`);
    await page.getByLabel('Display name').fill('Zebra');
    await page.getByRole('button', { name: 'Post new tag' }).click();
    await page.waitForURL(`${site.url}/tags/zebra`);
    expect(problems).toEqual([]);
  });

  it('[S2-022][S9-059][S1-013][S7-085][S7-087][S7-095] a member filters and sorts the list and follows a tag from its card', async () => {
    const { page, problems } = await openTab(browser);
    await signIn(page, MEMBER, '/tags');
    // Members get no create screen.
    expect(await page.getByRole('link', { name: 'Create tag' }).count()).toBe(0);
    expect((await page.goto(`${site.url}/tags/create`))?.status()).toBe(403);
    await page.goto(`${site.url}/tags`);
    await expectCards(page, ['support', 'TypeScript', 'Zebra']);
    await page.getByRole('link', { name: 'Newest' }).click();
    await page.waitForURL(`${site.url}/tags?order=newest`);
    await expectCards(page, ['Zebra', 'TypeScript', 'support']);
    await page.getByRole('link', { name: 'Name', exact: true }).click();
    await page.waitForURL(`${site.url}/tags?order=name`);
    await expectCards(page, ['support', 'TypeScript', 'Zebra']);
    await page.getByLabel('Filter by tag name').fill('type');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(`${site.url}/tags?order=name&q=type`);
    await expectCards(page, ['TypeScript']);

    await page.getByRole('button', { name: 'Follow TypeScript' }).click();
    await page.getByRole('button', { name: 'Following TypeScript' }).waitFor();
    await page.reload();
    expect(await page.getByRole('button', { name: 'Following TypeScript' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByText('Tags you follow:').waitFor();
    // The followed set is edited as a whole (PUT follow/tags).
    await page.getByRole('button', { name: 'Edit followed tags' }).click();
    await page.getByRole('combobox', { name: 'Tags you follow' }).fill('sup');
    await page.getByRole('option', { name: 'support' }).click();
    await page.getByRole('button', { name: 'Save followed tags' }).click();
    await page.getByText('Followed tags saved.').waitFor();
    await page.locator('main a[href="/tags/support"]').waitFor();
    expect(await page.locator('main a[href="/tags/typescript"]').count()).toBe(2);

    const session = await page.context().storageState();
    const phone = await openTab(browser, { viewport: PHONE, colorScheme: 'dark', storageState: session });
    await phone.page.goto(`${site.url}/tags`);
    await phone.page.getByRole('button', { name: 'Following TypeScript' }).waitFor();
    await screenshot(phone.page, 'tags-list-phone-dark');
    expect(await axeViolations(phone.page)).toEqual([]);
    expect(problems).toEqual([]);
    expect(phone.problems).toEqual([]);
  });

  it('[S2-025][S2-147] a tag page lists its questions with the list sorts', async () => {
    const { page, problems } = await openTab(browser);
    await page.goto(`${site.url}/questions`);
    await page.locator('main a[href="/tags/support"]').first().click();
    await page.waitForURL(`${site.url}/tags/support`);
    await page.getByRole('heading', { name: 'Questions tagged [support]' }).waitFor();
    expect(await page.locator('main ul h2 a').count()).toBe(1);
    await page.getByRole('link', { name: 'Score' }).click();
    await page.waitForURL(`${site.url}/tags/support?order=score`);
    expect(await page.locator('main ul h2 a').count()).toBe(1);
    await page.goto(`${site.url}/tags/typescript`);
    await page.getByRole('heading', { name: 'Questions tagged [TypeScript]' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('[S2-026][S7-092][S7-093] staff add a synonym on the info page; a link to the synonym lands on the main tag', async () => {
    const { page, problems } = await openTab(browser);
    await signIn(page, ADMIN, '/tags/typescript/info');
    await page.getByText('This tag has no synonyms.').waitFor();
    await page.getByRole('button', { name: 'Manage synonyms' }).click();
    await page.getByRole('combobox', { name: 'Synonyms of TypeScript' }).fill('ts');
    await page.getByRole('combobox', { name: 'Synonyms of TypeScript' }).press('Enter');
    await page.getByRole('button', { name: 'Save synonyms' }).click();
    await page.getByText('Synonyms saved.').waitFor();
    await page.locator('main a[href="/tags/ts"]').click();
    await page.waitForURL(`${site.url}/tags/typescript`);
    // The info page's h1 is "TypeScript" too: the tag's question list is the new page.
    await page.getByRole('heading', { name: 'Questions tagged [TypeScript]' }).waitFor();
    await page.goto(`${site.url}/tags/ts/info`);
    expect(page.url()).toBe(`${site.url}/tags/typescript/info`);
    expect(await page.getByRole('link', { name: 'History' }).getAttribute('href')).toMatch(
      /^\/tags\/1003\d+\/timeline$/,
    );

    const zh = await openTab(browser, { locale: 'zh-CN' });
    await zh.page.goto(`${site.url}/tags/ts/info`);
    await zh.page.waitForURL(`${site.url}/tags/typescript/info`);
    await zh.page.getByRole('heading', { name: '同义词' }).waitFor();
    await screenshot(zh.page, 'tags-info-desktop-light-zh');
    expect(await axeViolations(zh.page)).toEqual([]);
    expect(problems).toEqual([]);
    expect(zh.problems).toEqual([]);
  });

  it('[S2-027][S7-090][S2-055] staff edit a tag from its info page; the tag timeline shows the edit', async () => {
    const { page, problems } = await openTab(browser);
    const editorCode = await holdEditorCode(page);
    await signIn(page, ADMIN, '/tags/typescript/info');
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/tags\/1003\d+\/edit$/);
    await page.getByRole('heading', { name: 'Edit tag' }).waitFor();
    // The description is written across the instant CodeMirror replaces the textarea, as `fill`
    // once did by chance (it selects, then types in a second step): the text was lost then.
    await page.getByLabel('Description').selectText();
    await editorCode.release();
    await page.locator('.cm-content[role="textbox"]').waitFor();
    await page.keyboard.insertText('Typed JavaScript, checked before it runs.');
    const formText = page.locator('input[type="hidden"][name="original_text"]');
    await expect.poll(() => formText.inputValue()).toBe('Typed JavaScript, checked before it runs.');
    await page.getByLabel('Edit summary').fill('Sharper description');
    await page.getByRole('button', { name: 'Save edits' }).click();
    await page.waitForURL(`${site.url}/tags/typescript/info`);
    // The edit page shows the same text (editor, preview) until the info page renders.
    await page
      .locator('section[aria-labelledby="tag-description"]')
      .getByText('Typed JavaScript, checked before it runs.')
      .waitFor();

    await page.getByRole('link', { name: 'History' }).click();
    await page.waitForURL(/\/tags\/1003\d+\/timeline$/);
    const main = page.locator('main');
    await main.getByText('edited', { exact: true }).first().waitFor();
    await main.getByText('Sharper description').waitFor();
    await main.getByText('created', { exact: true }).first().waitFor();
    expect(problems).toEqual([]);
  });

  it('[S7-091][S7-094] staff delete a tag after confirming, guests then get 404, and staff recover it', async () => {
    const { page, problems } = await openTab(browser);
    await signIn(page, ADMIN, '/tags/zebra');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete tag' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('This tag has been deleted.').waitFor();
    await screenshot(page, 'tags-deleted-desktop-light');

    const guest = await openTab(browser, { viewport: PHONE });
    const response = await guest.page.goto(`${site.url}/tags/zebra`);
    expect(response?.status()).toBe(404);
    await guest.page.goto(`${site.url}/tags`);
    await expectCards(guest.page, ['support', 'TypeScript']);

    await page.getByRole('button', { name: 'Recover' }).click();
    await page.getByRole('dialog', { name: 'Recover tag' }).getByRole('button', { name: 'Recover' }).click();
    await page.getByText('The tag was recovered.').waitFor();
    await page.getByText('This tag has been deleted.').waitFor({ state: 'detached' });
    expect((await guest.page.goto(`${site.url}/tags/zebra`))?.status()).toBe(200);
    await screenshot(guest.page, 'tags-tag-phone-light');
    expect(problems).toEqual([]);
  });

  it('[S6-016] reserved and recommended tags are marked on cards and in the picker; members cannot use reserved ones', async () => {
    await setWriteSettings({
      reserved_tags: [{ slug_name: 'zebra', display_name: 'Zebra' }],
      recommend_tags: [{ slug_name: 'typescript', display_name: 'TypeScript' }],
    });
    const { page, problems } = await openTab(browser);
    await signIn(page, MEMBER, '/tags');
    // Settings are cached for a few seconds per process.
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.locator('main ul.grid > li').filter({ hasText: 'Zebra' }).innerText();
        },
        { timeout: 15_000, interval: 1000 },
      )
      .toContain('Reserved');
    expect(await page.locator('main ul.grid > li').filter({ hasText: 'TypeScript' }).innerText()).toContain(
      'Recommended',
    );
    await page.goto(`${site.url}/questions/ask`);
    await page.getByLabel('Title').fill('Which stripes does a zebra have exactly?');
    await page.getByLabel('Body').fill('Black on white, or white on black? I would like to know.');
    await page.getByRole('combobox', { name: 'Tags' }).fill('zeb');
    await page.getByRole('option', { name: 'Zebra Reserved' }).click();
    await page.getByRole('button', { name: 'Post your question' }).click();
    await page.getByText('Only moderators can use reserved tags.').waitFor();
    expect(problems).toEqual([]);
  });
  it('[S2-154] the tag picker offers to create a new tag in a modal; the tag is created with the question', async () => {
    const { page, problems } = await openTab(browser);
    await signIn(page, ADMIN, '/questions/ask');
    await page.getByLabel('Title').fill('Which runtime should I pick for scripts?');
    await page.getByLabel('Body').fill('I write small scripts and wonder which runtime suits them best.');
    const picker = page.getByRole('combobox', { name: 'Tags' });
    await picker.fill('Deno Land');
    await page.getByRole('option', { name: 'Create tag “Deno Land”' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create new tag' });
    await expect.poll(() => dialog.getByLabel('URL slug').inputValue()).toBe('deno-land');
    await dialog.getByLabel('Display name').fill('');
    await dialog.getByRole('button', { name: 'Add tag' }).click();
    await dialog.getByText('Display name cannot be empty.').waitFor();
    await screenshot(page, 'tags-create-modal-desktop-light');
    await dialog.getByLabel('Display name').fill('Deno');
    await dialog.getByLabel('URL slug').fill('deno');
    await dialog.getByLabel('Description').fill('A runtime for JavaScript and TypeScript.');
    await dialog.getByRole('button', { name: 'Add tag' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${site.url}/questions/ask`);
    await page.getByRole('button', { name: 'Remove Deno' }).waitFor();
    await page.getByRole('button', { name: 'Post your question' }).click();
    await page.waitForURL(/\/questions\/\d+/);
    await page.locator('main a[href="/tags/deno"]').first().waitFor();
    await page.goto(`${site.url}/tags/deno/info`);
    await page.getByText('A runtime for JavaScript and TypeScript.').waitFor();
    expect(problems).toEqual([]);
  });
});
