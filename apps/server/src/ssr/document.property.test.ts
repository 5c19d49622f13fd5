import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS, type SiteInfo } from '@inquire/shared';
import { compileTemplate, composeDocument, escapeHtml } from './document.js';

// The web app's template as Vite emits it: its markers, plus the entry script and a preload.
const source = readFileSync(new URL('../../../web/index.html', import.meta.url), 'utf8').replace(
  '<script type="module" src="/src/entry-client.tsx"></script>',
  '',
);
const built = source.replace(
  '</head>',
  '<script type="module" crossorigin src="/assets/entry.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/chunk.js">\n</head>',
);
const template = compileTemplate(built);

function siteWith(name: string, customHead = ''): SiteInfo {
  const settings = DEFAULT_SITE_SETTINGS;
  return {
    ...settings,
    general: { ...settings.general, name },
    custom_css_html: { ...settings.custom_css_html, custom_head: customHead },
  } as unknown as SiteInfo;
}

/** Text that breaks naive assembly: replacement patterns, script ends, line separators, quotes. */
const hostile = fc.string({
  unit: fc.constantFrom(
    '$',
    "$'",
    '$`',
    '$&',
    '$$',
    '</script>',
    '<!--',
    '\u2028',
    '\u2029',
    '"',
    "'",
    '<',
    '>',
    '&',
    'a',
    ' ',
    'é',
    '中',
  ),
  maxLength: 40,
});

function page(title: string, body: string, siteName: string) {
  return composeDocument({
    template,
    lang: 'en_US',
    head: { title, description: body.slice(0, 50), canonical: 'http://localhost/questions/1' },
    // React escapes text the same way: the app's HTML is markup plus escaped text.
    appHtml: `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></main>`,
    site: siteWith(siteName),
    userScheme: undefined,
    nonce: 'abc123',
  });
}

describe('server page assembly', () => {
  it('[H-3] any title, body and site name make exactly one title and one root with the same text', () => {
    fc.assert(
      fc.property(hostile, hostile, hostile, (title, body, siteName) => {
        const document = parseDocument(page(title, body, siteName));
        const titles = DomUtils.getElementsByTagName('title', document);
        expect(titles).toHaveLength(1);
        expect(DomUtils.textContent(titles[0]!)).toBe(title);
        const roots = DomUtils.findAll((el) => el.attribs.id === 'root', document.children);
        expect(roots).toHaveLength(1);
        expect(DomUtils.getElementsByTagName('html', document)).toHaveLength(1);
        expect(DomUtils.textContent(DomUtils.getElementsByTagName('h1', roots[0]!)[0]!)).toBe(title);
        expect(DomUtils.textContent(DomUtils.getElementsByTagName('p', roots[0]!)[0]!)).toBe(body);
      }),
      { numRuns: 300 },
    );
  });

  it("[H-3] the regression: a body with $' and $` and a title of $$ come through verbatim", () => {
    const html = page('$$', "before $' middle $` after $&", 'Site');
    const document = parseDocument(html);
    expect(DomUtils.getElementsByTagName('title', document).map((t) => DomUtils.textContent(t))).toEqual(['$$']);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/id="root"/g)).toHaveLength(1);
  });

  it("[H-15] every script we send, the entry, its preload and the admin's custom head scripts carry the nonce", () => {
    const html = composeDocument({
      template,
      lang: 'zh_CN',
      head: { title: 't', description: '', canonical: '' },
      appHtml: '',
      site: siteWith('S', '<script>window.analytics=1</script><script src="https://stats.example/a.js"></script>'),
      userScheme: undefined,
      nonce: 'n0nce',
    });
    const document = parseDocument(html);
    const scripts = DomUtils.getElementsByTagName('script', document);
    expect(scripts.length).toBeGreaterThanOrEqual(5);
    for (const script of scripts) expect(script.attribs.nonce).toBe('n0nce');
    const preload = DomUtils.findAll((el) => el.attribs.rel === 'modulepreload', document.children);
    expect(preload.map((el) => el.attribs.nonce)).toEqual(['n0nce']);
    expect(html).toContain('<html lang="zh-CN">');
  });

  it('[H-3] refuses a template that lost a marker', () => {
    expect(() => compileTemplate(built.replace('<!--app-html-->', ''))).toThrow(/app/);
  });
});
