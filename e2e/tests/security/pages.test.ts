import { createServer, type Server } from 'node:http';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteRuntime } from '../../../apps/server/src/infra/site.js';
import { createServices } from '../../../apps/server/src/services.js';
import { launchBrowser, openTab } from '../../support/browser.js';
import { seedUsers } from '../../support/seed.js';
import { ADMIN, startSite, type RunningSite } from '../../support/server.js';
import { tokenOf } from '../../support/api.js';

let browser: Browser;
let site: RunningSite;
const READER = { username: 'reader', email: 'reader@example.com', password: 'reader-password-1' };
const TITLE = "Why does $$ show as one $ and $' copy the page?";
const BODY = "The text `$'` and `` $` `` and $& and </script> and \u2028 must come through as written.";
let questionPath = '';

beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite({ installed: true });
  await seedUsers(site.dataDir, [READER]);
  const runtime = new SiteRuntime(site.dataDir);
  await runtime.open();
  // The admin's custom head HTML: a script that must still run under the CSP (with the nonce).
  await createServices(runtime).siteinfo.update('custom_css_html', {
    custom_head: '<script>window.__customHead = "ran"</script>',
  });
  await runtime.close();
  // The running server re-reads settings within seconds: wait until its pages carry the head.
  const deadline = Date.now() + 30_000;
  while (!(await (await fetch(`${site.url}/`)).text()).includes('__customHead')) {
    if (Date.now() > deadline) throw new Error('the custom head never reached the pages');
    await new Promise((r) => setTimeout(r, 250));
  }
  const token = await tokenOf(site.url, ADMIN);
  const response = await fetch(`${site.url}/answer/api/v1/question`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: TITLE,
      content: `${BODY}\n\n![logout](/answer/api/v1/user/logout)\n\n![logout](${site.url}/answer/api/v1/user/logout)`,
      tags: [{ slug_name: 'support' }],
    }),
  });
  const created = ((await response.json()) as { data: { id: string; url_title: string } }).data;
  questionPath = `/questions/${created.id}/${created.url_title}`;
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('server-rendered pages under attack-shaped text', () => {
  it('[H-3][H-15][SEC-12] a question page with $-patterns has one title, one root, the exact text, and a nonce CSP', async () => {
    const response = await fetch(`${site.url}${questionPath}`);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
    expect(nonce).not.toBe('');
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');

    const html = await response.text();
    const document = parseDocument(html);
    const titles = DomUtils.getElementsByTagName('title', document);
    expect(titles).toHaveLength(1);
    expect(DomUtils.textContent(titles[0]!)).toContain(TITLE);
    expect(DomUtils.findAll((el) => el.attribs.id === 'root', document.children)).toHaveLength(1);
    const heading = DomUtils.findOne((el) => el.name === 'h1', document.children);
    expect(heading && DomUtils.textContent(heading)).toBe(TITLE);
    for (const script of DomUtils.getElementsByTagName('script', document)) expect(script.attribs.nonce).toBe(nonce);
    // Images at the site's own routes never made it into the stored HTML with a source.
    const sources = DomUtils.getElementsByTagName('img', document).map((img) => img.attribs.src ?? '');
    expect(sources.filter((src) => src.includes('/user/logout') && !src.startsWith('http'))).toEqual([]);
  });

  it("[H-2][H-3][H-15] in Chromium: hydration runs under the CSP, the admin head script runs, and a post's images do not sign the reader out", async () => {
    const { page, problems } = await openTab(browser);
    await page.goto(`${site.url}/users/login?redirect=${encodeURIComponent(questionPath)}`);
    await page.getByLabel('Email').fill(READER.email);
    await page.getByLabel('Password').fill(READER.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${site.url}${questionPath}`);
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await expect.poll(() => page.evaluate(() => (window as { __customHead?: string }).__customHead)).toBe('ran');
    // The absolute image did load from this site, with the reader's cookie; it ended nothing.
    await page.reload();
    await page.getByRole('heading', { name: TITLE }).waitFor();
    const info = await page.evaluate(async () => {
      const response = await fetch('/answer/api/v1/user/info');
      return ((await response.json()) as { data: { username: string } | null }).data;
    });
    expect(info?.username).toBe(READER.username);
    // Client-side code still works after hydration: the body text is exactly what was written.
    expect(await page.locator('article').first().innerText()).toContain("$' and $` and $& and </script>");
    expect(problems).toEqual([]);
  });

  it('[SEC-14] a signed-in reader visiting another site: its auto-posted form and its image change nothing here', async () => {
    const { page } = await openTab(browser);
    await page.goto(`${site.url}/users/login?redirect=/`);
    await page.getByLabel('Email').fill(READER.email);
    await page.getByLabel('Password').fill(READER.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${site.url}/`);
    const before = await questionCount();

    // "localhost" is another site than "127.0.0.1" for the browser: a real cross-site page.
    const attack = `<!doctype html><html><body>
      <img src="${site.url}/answer/api/v1/user/logout">
      <form id="f" method="POST" action="${site.url}/answer/api/v1/question" enctype="text/plain">
        <input name='{"title":"Forged question from elsewhere","content":"forged forged forged","tags":[{"slug_name":"support"}],"x":"' value='"}'>
      </form>
      <script>document.getElementById('f').submit()</script></body></html>`;
    const evil: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(attack);
    });
    await new Promise<void>((done) => evil.listen(0, '127.0.0.1', done));
    const port = (evil.address() as { port: number }).port;
    try {
      const posted = page.waitForResponse((r) => r.url().endsWith('/answer/api/v1/question'));
      await page.goto(`http://localhost:${port}/`);
      expect((await posted).status()).toBe(401);
    } finally {
      await new Promise((done) => evil.close(done));
    }
    expect(await questionCount()).toBe(before);
    await page.goto(`${site.url}/`);
    const info = await page.evaluate(async () => {
      const response = await fetch('/answer/api/v1/user/info');
      return ((await response.json()) as { data: { username: string } | null }).data;
    });
    expect(info?.username).toBe(READER.username);
  });
});

async function questionCount(): Promise<number> {
  const response = await fetch(`${site.url}/answer/api/v1/question/page?page=1&page_size=1`);
  return ((await response.json()) as { data: { count: number } }).data.count;
}
