import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { DESKTOP, launchBrowser, openTab, PHONE, screenshot, type Tab } from '../support/browser.js';
import { seedUsers, updateSettings } from '../support/seed.js';
import { initSite, startSite, type RunningSite } from '../support/server.js';

const WRITER = { username: 'writer', email: 'writer@example.com', password: 'writer-pass-1' };

let browser: Browser;
let site: RunningSite;
let png: Buffer;

beforeAll(async () => {
  browser = await launchBrowser();
  const dataDir = mkdtempSync(join(tmpdir(), 'inquire-e2e-'));
  initSite(dataDir);
  // With restrict_answer on (the default), a posted answer replaces the form with an offer to
  // edit it; the answer editor's reset is seen only where members may answer again. Written
  // before the server starts, so no page can be rendered from the old settings.
  await updateSettings(dataDir, 'site_write', { restrict_answer: false });
  await seedUsers(dataDir, [WRITER]);
  site = await startSite({ dataDir });
  png = await sharp({ create: { width: 96, height: 48, channels: 3, background: '#2563eb' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await site?.stop();
  if (site) rmSync(site.dataDir, { recursive: true, force: true });
  await browser?.close();
});

async function signIn(page: Page, back: string) {
  await page.goto(`${site.url}/users/login?redirect=${encodeURIComponent(back)}`);
  await page.getByLabel('Email').fill(WRITER.email);
  await page.getByLabel('Password').fill(WRITER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${site.url}${back}`);
}

/**
 * The e2e site is installed with the site URL http://127.0.0.1 (no port), so the URLs the
 * server gives uploads point there; the browser is sent to the running server instead.
 */
async function serveUploadsFromTestServer(page: Page) {
  await page.route('http://127.0.0.1/uploads/**', async (route) => {
    const path = new URL(route.request().url()).pathname;
    await route.fulfill({ response: await page.request.fetch(`${site.url}${path}`) });
  });
}

/** The ask page with CodeMirror loaded (it replaces the server's textarea after hydration). */
async function openAskPage(tab: Tab) {
  await signIn(tab.page, '/questions/ask');
  await tab.page.locator('.cm-content[role="textbox"]').waitFor();
}

/** The editor's text, as the form holds it (CodeMirror's DOM renders only what is in view). */
const markdown = (page: Page) => page.locator('input[type="hidden"][name="content"]').inputValue();

describe('the markdown editor', () => {
  it('[S5-036][S5-037][S5-038][S5-035][S5-034][S7-056] asks a question with the toolbar, dialogs and shortcuts', async () => {
    const tab = await openTab(browser);
    const { page, problems } = tab;
    await serveUploadsFromTestServer(page);
    await openAskPage(tab);
    await page.getByLabel('Title').fill('How do I add two numbers in Python?');
    const body = page.getByLabel('Body');

    // Keyboard: Ctrl+B wraps a placeholder, typing replaces it; Ctrl+Z undoes a change.
    await body.click();
    await page.keyboard.type('I tried this ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('carefully');
    expect(await markdown(page)).toBe('I tried this **carefully**');
    await page.keyboard.press('End');
    // History joins typing within half a second into one undo step; this one must stand alone.
    await page.waitForTimeout(600);
    await page.keyboard.type(' X');
    await page.keyboard.press('Control+z');
    expect(await markdown(page)).toBe('I tried this **carefully**');
    await page.keyboard.press('End');
    await page.keyboard.type(', following ');

    // Link: an empty URL is refused with the spec's message.
    await page.getByRole('button', { name: 'Link' }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Insert a link' });
    await linkDialog.getByRole('button', { name: 'Insert' }).click();
    await linkDialog.getByText('Link URL cannot be empty.').waitFor();
    await linkDialog.getByLabel('Link URL').fill('https://docs.python.org/3/');
    await linkDialog.getByLabel('Link text').fill('the tutorial');
    await linkDialog.getByRole('button', { name: 'Insert' }).click();
    await linkDialog.waitFor({ state: 'detached' });
    expect(await markdown(page)).toBe(
      'I tried this **carefully**, following [the tutorial](https://docs.python.org/3/)',
    );

    // Code block with a language; an empty sample is refused.
    await page.getByRole('button', { name: 'Code block' }).click();
    const codeDialog = page.getByRole('dialog', { name: 'Insert a code block' });
    await codeDialog.getByLabel('Language').selectOption('python');
    await codeDialog.getByRole('button', { name: 'Insert' }).click();
    await codeDialog.getByText('Code sample cannot be empty.').waitFor();
    await codeDialog.getByLabel('Code').fill('def add(a, b):\n    return a + b');
    await codeDialog.getByRole('button', { name: 'Insert' }).click();
    await codeDialog.waitFor({ state: 'detached' });

    // Image: neither file nor URL, a text file, a file over 4 MB, then a real PNG upload.
    await page.getByRole('button', { name: 'Image' }).click();
    const imageDialog = page.getByRole('dialog', { name: 'Insert an image' });
    await imageDialog.getByRole('button', { name: 'Insert' }).click();
    await imageDialog.getByText('Choose an image file or enter an image URL.').waitFor();
    const file = imageDialog.getByLabel('Upload an image');
    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await imageDialog.getByText('Only image files can be uploaded.').waitFor();
    await file.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(4 * 1024 * 1024 + 1) });
    await imageDialog.getByText('Images can be up to 4 MB.').waitFor();
    await file.setInputFiles({ name: 'blue.png', mimeType: 'image/png', buffer: png });
    await imageDialog.getByLabel('Description (alt text)').fill('A blue box');
    const upload = page.waitForRequest((r) => r.url().endsWith('/answer/api/v1/file') && r.method() === 'POST');
    await imageDialog.getByRole('button', { name: 'Insert' }).click();
    const sent = await upload;
    expect(sent.headers()['content-type']).toMatch(/^multipart\/form-data/);
    const parts = sent.postDataBuffer()?.toString('latin1') ?? '';
    expect(parts).toMatch(/name="source"\r\n\r\npost\r\n/);
    expect(parts).toMatch(/name="file"; filename="blue\.png"/);
    await imageDialog.waitFor({ state: 'detached' });

    const text = await markdown(page);
    expect(text).toContain('```python\ndef add(a, b):\n    return a + b\n```');
    expect(text).toMatch(/```\n\n!\[A blue box\]\(http:\/\/127\.0\.0\.1\/uploads\/post\/[0-9a-f]{32}\.png\)/);

    // The live preview beside the editor shows the server's rendering.
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.locator('pre code.language-python .hljs-keyword').first().waitFor();
    await preview.locator('img[alt="A blue box"]').waitFor({ state: 'attached' });
    await page.getByRole('combobox', { name: 'Tags' }).fill('sup');
    await page.getByRole('option', { name: 'support' }).click();
    await screenshot(page, 'editor-desktop-light');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Post your question' }).click();
    await page.getByRole('heading', { name: 'How do I add two numbers in Python?' }).waitFor();
    const article = page.locator('article').first();
    expect(await article.locator('strong').first().textContent()).toBe('carefully');
    expect(await article.getByRole('link', { name: 'the tutorial' }).getAttribute('href')).toBe(
      'https://docs.python.org/3/',
    );
    expect(await article.locator('pre code.hljs.language-python .hljs-keyword').first().textContent()).toBe('def');
    const img = article.locator('img[alt="A blue box"]');
    expect(await img.getAttribute('src')).toMatch(/\/uploads\/post\/[0-9a-f]{32}\.png$/);
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(96);
    await screenshot(page, 'editor-posted-question');

    // The answer editor empties after posting, and that reset is not an unsaved change.
    await page.getByLabel('Your answer').fill('Use the built-in: sum([a, b]) works too.');
    await page.getByRole('button', { name: 'Post your answer' }).click();
    await page.getByText('Your answer was posted.').waitFor();
    await expect.poll(() => markdown(page)).toBe('');
    const prompts: string[] = [];
    page.on('dialog', (dialog) => {
      prompts.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole('navigation').getByRole('link', { name: 'Questions' }).first().click();
    await page.waitForURL(`${site.url}/questions`);
    expect(prompts).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('formats with the toolbar before and after Preview on a phone, in dark', async () => {
    const tab = await openTab(browser, { viewport: PHONE, colorScheme: 'dark' });
    const { page, problems } = tab;
    await openAskPage(tab);
    await page.getByLabel('Body').fill('Steps so far');
    await page.getByRole('button', { name: 'Bulleted list' }).click();
    expect(await markdown(page)).toBe('- Steps so far');
    await page.keyboard.press('End');
    await page.keyboard.type('\nread the file');
    await page.getByRole('button', { name: 'Heading' }).click();
    expect(await markdown(page)).toBe('- Steps so far\n## - read the file');
    await page.keyboard.press('Control+z');
    expect(await markdown(page)).toBe('- Steps so far\n- read the file');
    // On a phone the preview takes the editor's place.
    expect(await page.getByRole('region', { name: 'Preview' }).isVisible()).toBe(false);
    await screenshot(page, 'editor-phone-dark');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('.prose li').nth(1).waitFor();
    expect(await page.getByRole('toolbar', { name: 'Formatting' }).isVisible()).toBe(false);
    await screenshot(page, 'editor-phone-dark-preview');
    await page.getByRole('button', { name: 'Write' }).click();
    expect(await page.getByLabel('Body').isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('looks right at desktop in dark, on a phone in light, and in Chinese', async () => {
    const dark = await openTab(browser, { viewport: DESKTOP, colorScheme: 'dark' });
    await openAskPage(dark);
    await dark.page.getByLabel('Body').fill('# Title\n\nSome **bold** and `code`.\n\n> quoted');
    await dark.page.getByRole('region', { name: 'Preview' }).locator('blockquote').waitFor();
    await dark.page.getByRole('button', { name: 'Bold' }).focus();
    await dark.page.getByRole('tooltip').getByText('Bold (Ctrl+B)').waitFor();
    await screenshot(dark.page, 'editor-desktop-dark');
    // One tab stop for the toolbar; arrow keys move along it.
    const toolbar = dark.page.getByRole('toolbar', { name: 'Formatting' });
    expect(await toolbar.locator('[tabindex="0"]').count()).toBe(1);
    await dark.page.keyboard.press('ArrowRight');
    expect(await dark.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Italic');
    await dark.page.keyboard.press('End');
    expect(await dark.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Markdown help');
    expect(await axeViolations(dark.page)).toEqual([]);
    expect(dark.problems).toEqual([]);

    const phone = await openTab(browser, { viewport: PHONE });
    await openAskPage(phone);
    await phone.page.getByLabel('Body').fill('A short body with `code`.');
    await screenshot(phone.page, 'editor-phone-light');
    expect(phone.problems).toEqual([]);

    // Signed in in English, then switched by the language cookie the switcher sets.
    const zh = await openTab(browser);
    await openAskPage(zh);
    await zh.context.addCookies([{ name: 'inquire_lang', value: 'zh_CN', url: site.url }]);
    await zh.page.reload();
    await zh.page.locator('.cm-content[role="textbox"]').waitFor();
    await zh.page.getByRole('button', { name: '链接' }).click();
    await zh.page.getByRole('dialog', { name: '插入链接' }).getByRole('button', { name: '插入' }).click();
    await zh.page.getByText('链接地址不能为空。').waitFor();
    // The dialog's form is its own: the question form behind it was not submitted.
    expect(await zh.page.getByText('标题不能为空。').count()).toBe(0);
    await screenshot(zh.page, 'editor-desktop-zh');
    expect(zh.problems).toEqual([]);
  });

  it('serves a labelled plain textarea that works without JavaScript', async () => {
    const tab = await openTab(browser);
    await signIn(tab.page, '/questions/ask');
    const context = await browser.newContext({
      storageState: await tab.context.storageState(),
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(`${site.url}/questions/ask`);
    const body = page.getByLabel('Body');
    expect(await body.evaluate((el) => [el.tagName, el.getAttribute('name')])).toEqual(['TEXTAREA', 'content']);
    await body.fill('Typed without scripts.');
    expect(await body.inputValue()).toBe('Typed without scripts.');
    await context.close();
  });
});
