import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HTML_ENTITIES, htmlText, plainText, renderInline, renderMarkdown, sanitize } from './markdown.js';

/**
 * Property tests of the one renderer: whatever markdown or HTML goes in, including generated
 * hostile fragments, what comes out has no script, no event handler, no dangerous URL, no
 * style beyond table alignment, and sanitizing it again changes nothing.
 */

const DANGEROUS_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  '\tjavascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java&#x09;script:alert(1)',
  '&#106;avascript:alert(1)',
  '&#x6A;avascript:alert(1)',
  '&#0000106&#0000097vascript:alert(1)',
  'javascript&colon;alert(1)',
  'javascript&#58;alert(1)',
  '\u0001javascript:alert(1)',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'DATA:text/html,<script>alert(1)</script>',
  'livescript:alert(1)',
  'file:///etc/passwd',
];
const SAFE_URLS = ['https://example.com/a?b=c#d', 'http://x.test', '/uploads/post/1.png', '#top', 'mailto:a@b.test'];
const URLS = [...DANGEROUS_URLS, ...SAFE_URLS];

const TAGS = [
  'script',
  'iframe',
  'svg',
  'math',
  'style',
  'object',
  'embed',
  'form',
  'base',
  'meta',
  'link',
  'a',
  'img',
];
const ATTRIBUTES = ['onerror', 'onclick', 'ONLOAD', 'onmouseover', 'href', 'src', 'xlink:href', 'style', 'srcdoc'];

const url = fc.constantFrom(...URLS);
const word = fc.string({ maxLength: 12 });
const attribute = fc
  .tuple(
    fc.constantFrom(...ATTRIBUTES),
    fc.oneof(url, fc.constant('alert(1)'), fc.constant('background:url(javascript:x)')),
    fc.constantFrom('"', "'", ''),
  )
  .map(([name, value, quote]) => `${name}=${quote}${value}${quote}`);

/** Raw HTML a hostile writer might try, nested and broken on purpose. */
const hostileHtml: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.constantFrom(...TAGS), fc.array(attribute, { maxLength: 3 }), word)
    .map(([tag, attrs, text]) => `<${tag} ${attrs.join(' ')}>${text}</${tag}>`),
  fc.constantFrom(
    '<scr<script>ipt>alert(1)</script>',
    '<svg><script>alert(1)</script></svg>',
    '<svg/onload=alert(1)>',
    '<img src=x onerror=alert(1)//',
    '<a href="javas&#99;ript:alert(1)">x</a>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<style>@import "javascript:alert(1)";</style>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '&lt;script&gt;alert(1)&lt;/script&gt;',
    '&#60;script&#62;alert(1)&#60;/script&#62;',
    '<!--<img src=x onerror=alert(1)>-->',
    '<![CDATA[<script>alert(1)</script>]]>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<td style="text-align:left;background:url(javascript:alert(1))">x</td>',
    '<a href="https://ok.test" target="_self" onclick="x">ok</a>',
  ),
);

/** Markdown constructs that carry URLs or raw text into HTML. */
const hostileMarkdown: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(word, url).map(([text, u]) => `[${text}](${u})`),
  fc.tuple(word, url).map(([text, u]) => `![${text}](${u})`),
  fc.tuple(word, url).map(([text, u]) => `[${text}](<${u}> "title")`),
  url.map((u) => `<${u}>`),
  fc.tuple(word, url).map(([label, u]) => `[${label || 'r'}]\n\n[${label || 'r'}]: ${u}`),
  fc
    .tuple(fc.constantFrom('js', 'html', 'js" onmouseover="alert(1)', '"><script>', 'xml'), hostileHtml)
    .map(([lang, code]) => `\`\`\`${lang}\n${code}\n\`\`\``),
  hostileHtml.map((html) => `\`${html}\``),
  fc.constantFrom('| a | b |\n|:--|--:|\n| x | y |', '- [ ] task\n- [x] done', '> quote\n\n---', '# h\n\n1. one'),
);

const fragment = fc.oneof({ weight: 3, arbitrary: hostileMarkdown }, { weight: 3, arbitrary: hostileHtml }, word);
const documentText = fc
  .array(fc.tuple(fragment, fc.constantFrom('', ' ', '\n', '\n\n')), { maxLength: 8 })
  .map((parts) => parts.map(([text, gap]) => text + gap).join(''));

const ALLOWED_TAGS = new Set([
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'span', 'strong', 'em'],
  ...['del', 's', 'sup', 'sub', 'kbd', 'a', 'img', 'ul', 'ol', 'li', 'input', 'table', 'thead', 'tbody', 'tr'],
  ...['th', 'td'],
]);

const NAMED = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n', sol: '/' };

/** How a browser reads an attribute value: entities decoded, tabs and newlines dropped. */
function browserUrl(raw: string): string {
  const decoded = raw
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&([a-z]+);/gi, (entity, name: string) => NAMED[name.toLowerCase() as keyof typeof NAMED] ?? entity);
  // Browsers strip leading C0 controls and spaces, and remove tabs and newlines anywhere.
  let start = 0;
  while (start < decoded.length && decoded.charCodeAt(start) <= 0x20) start += 1;
  return decoded.slice(start).replace(/[\t\n\r]/g, '');
}

function urlIsSafe(tag: string, raw: string): boolean {
  const value = browserUrl(raw);
  // Anything before the first / ? # that still looks like an entity is a trick we do not expect.
  if (/&[a-z]+;/i.test(value.split(/[/?#]/)[0] ?? '')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (!scheme) return !value.startsWith('//');
  return (tag === 'img' ? ['http', 'https'] : ['http', 'https', 'mailto']).includes(scheme);
}

const TAG = /<\/?([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'=<>/]+(?:="[^"<>]*")?)*)\s*\/?>/g;
const ATTRIBUTE = /\s+([^\s"'=<>/]+)(?:="([^"<>]*)")?/g;

/** Every problem in sanitized output (an empty list when it is safe). */
function problems(html: string): string[] {
  const found: string[] = [];
  // Text and attribute values are escaped, so every "<" left must start a well-formed tag.
  if (html.replace(TAG, '').includes('<')) found.push('a "<" outside a well-formed tag');
  for (const [, name, attributes = ''] of html.matchAll(TAG)) {
    const tag = name!.toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) found.push(`tag <${tag}>`);
    for (const [, attrName, value = ''] of attributes.matchAll(ATTRIBUTE)) {
      const attr = attrName!.toLowerCase();
      if (attr.startsWith('on')) found.push(`event handler ${attr} on <${tag}>`);
      if (['href', 'src', 'xlink:href', 'action', 'formaction', 'srcdoc'].includes(attr) && !urlIsSafe(tag, value)) {
        found.push(`dangerous ${attr}="${value}" on <${tag}>`);
      }
      if (attr === 'style' && !/^text-align:(left|right|center);?$/.test(value)) found.push(`style="${value}"`);
    }
  }
  return found;
}

const RUNS = { numRuns: 400 };

describe('renderer and sanitizer properties', () => {
  it('rendered markdown has no script, event handler, dangerous URL or free style', () => {
    fc.assert(
      fc.property(documentText, (source) => {
        expect(problems(renderMarkdown(source))).toEqual([]);
        expect(problems(renderInline(source))).toEqual([]);
      }),
      RUNS,
    );
  });

  it('sanitized raw HTML has none of them either', () => {
    fc.assert(
      fc.property(
        fc.array(hostileHtml, { maxLength: 6 }).map((parts) => parts.join('')),
        (html) => {
          expect(problems(sanitize(html))).toEqual([]);
        },
      ),
      RUNS,
    );
  });

  it('sanitizing the output again changes nothing', () => {
    fc.assert(
      fc.property(documentText, (source) => {
        const rendered = renderMarkdown(source);
        expect(sanitize(rendered)).toBe(rendered);
        const cleaned = sanitize(source);
        expect(sanitize(cleaned)).toBe(cleaned);
      }),
      RUNS,
    );
  });

  it('survives arbitrary text, not only the generated fragments', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 200 }), (source) => {
        const rendered = renderMarkdown(source);
        expect(problems(rendered)).toEqual([]);
        expect(sanitize(rendered)).toBe(rendered);
      }),
      RUNS,
    );
  });

  it('the checker itself catches what it is meant to catch', () => {
    expect(problems('<p><script>x</script></p>')).toContain('tag <script>');
    expect(problems('<img src="x" onerror="alert(1)" />')).toContain('event handler onerror on <img>');
    expect(problems('<a href="java&#x09;script:alert(1)">x</a>')).toHaveLength(1);
    expect(problems('<a href="&#106;avascript:alert(1)">x</a>')).toHaveLength(1);
    expect(problems('<img src="data:image/png;base64,AAAA" />')).toHaveLength(1);
    expect(problems('<td style="background:red">x</td>')).toHaveLength(1);
    expect(problems('<p>a <b onclick=x</p>')).toContain('a "<" outside a well-formed tag');
    expect(problems('<p><a href="https://ok.test" rel="nofollow">ok</a> &lt;script&gt;</p>')).toEqual([]);
  });
});

/** Markdown whose rendering is long and dense with tags, entities and links: prefixes get cut anywhere. */
const longDocument = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme-ascii', maxLength: 80 }),
      fc.constantFrom('&', '<', '>', '"', "'", '&amp;', '&quot;', '**bold**', '`a<b>`', '\n\n', '\n- item\n'),
      url.map((href) => `[link](${href})`),
      fc.constantFrom(
        '\n```\nconst a = b < c && d;\n```\n',
        '\n> quoted "text"\n\n',
        '| a | b |\n|---|---|\n| 1 | 2 |\n',
      ),
    ),
    { minLength: 20, maxLength: 120 },
  )
  .map((parts) => parts.join(' '));

/** htmlText as four regular expressions: its definition, which the one-pass form must equal. */
const htmlTextByExpressions = (html: string) =>
  html
    .replace(/<\/?(?:p|br|li|ul|ol|div|h[1-6]|pre|blockquote|tr|td|th|table|hr)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => HTML_ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();

describe('excerpts', () => {
  it('[P-2] the text of rendered markdown and of sanitized raw HTML is what the regular expressions give', () => {
    fc.assert(
      fc.property(documentText, fc.array(hostileHtml, { maxLength: 6 }), (source, parts) => {
        for (const html of [renderMarkdown(source), renderInline(source), sanitize(parts.join(''))]) {
          expect(htmlText(html)).toBe(htmlTextByExpressions(html));
        }
      }),
      RUNS,
    );
    for (const html of ['<P>a</P><H2 id="x">b</H2><thead><tr><TH>c</TH></tr></thead>', '<hr/>x<br>y<param>z</p >']) {
      expect(htmlText(html)).toBe(htmlTextByExpressions(html));
    }
  });

  it('[P-2] spaces, entities and tags in any order collapse and decode as the regular expressions do', () => {
    // Pieces that meet at every boundary the one-pass collapse treats apart: lone and repeated
    // spaces, other white space (tabs, no-break, ideographic), entities that decode to a space
    // or not, half entities, and block and inline tags between them.
    const piece = fc.constantFrom(
      ' ',
      '  ',
      '\n',
      '\t',
      '\u00a0',
      '\u3000',
      '\u2028',
      'a',
      'bc',
      '&amp;',
      '&nbsp;',
      '&lt;',
      '&#39;',
      '&',
      ';',
      '&amp',
      'nbsp;',
      '<p>',
      '</p>',
      '<b>',
      '</b>',
      '<br>',
      '<li class="x">',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const html = pieces.join('');
        expect(htmlText(html)).toBe(htmlTextByExpressions(html));
      }),
      { numRuns: 2000 },
    );
  });

  it("[P-2] an excerpt read from a prefix of the body is the whole body's excerpt", () => {
    fc.assert(
      fc.property(longDocument, fc.integer({ min: 1, max: 300 }), (source, max) => {
        const html = renderMarkdown(source);
        const whole = htmlText(html);
        expect(plainText(html, max)).toBe(whole.length > max ? `${whole.slice(0, max - 1)}…` : whole);
      }),
      RUNS,
    );
  });
});
