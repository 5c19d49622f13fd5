import { createRequire } from 'node:module';
import type { HLJSApi } from 'highlight.js';
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * highlight.js with its ~190 languages, loaded by the first fenced code block with a language:
 * pages are served from stored HTML, so a worker that renders no markdown never holds it
 * (some 10 MB each). markdown-it's highlight hook is synchronous, hence require.
 */
let highlighter: HLJSApi | undefined;
function hljs(): HLJSApi {
  if (!highlighter) {
    const loaded = createRequire(import.meta.url)('highlight.js') as HLJSApi & { default?: HLJSApi };
    highlighter = loaded.default ?? loaded;
  }
  return highlighter;
}

/**
 * The one markdown renderer. Whatever it returns is sanitized, so stored HTML is safe to
 * serve as is; `post/render` previews go through the same function.
 */
const md = new MarkdownIt({
  html: false,
  linkify: true,
  breaks: false,
  highlight(code, lang): string {
    const language = lang && hljs().getLanguage(lang) ? lang : undefined;
    const body = language
      ? hljs().highlight(code, { language, ignoreIllegals: true }).value
      : md.utils.escapeHtml(code);
    const cls = language ? ` class="hljs language-${language}"` : ' class="hljs"';
    // tabindex: a code block wider than the screen scrolls, and keyboards must reach it.
    return `<pre tabindex="0"><code${cls}>${body}</code></pre>`;
  },
});

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'span',
    'strong',
    'em',
    'del',
    's',
    'sup',
    'sub',
    'kbd',
    'a',
    'img',
    'ul',
    'ol',
    'li',
    'input',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'loading'],
    code: ['class'],
    pre: ['tabindex'],
    span: ['class'],
    th: ['style'],
    td: ['style'],
    input: ['type', 'checked', 'disabled'],
    ol: ['start'],
  },
  allowedClasses: { code: ['hljs', /^language-[\w-]+$/], span: [/^hljs-[\w-]+$/] },
  allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'nofollow ugc noopener', ...(attribs.target ? { target: '_blank' } : {}) },
    }),
    img: (tagName, { src, ...attribs }) => {
      const safe = src === undefined ? undefined : imageSource(src);
      return { tagName, attribs: { ...attribs, ...(safe ? { src: safe } : {}), loading: 'lazy' } };
    },
  },
};

/** Our own files: `/uploads/` and then plain path characters, no dot segments. */
const OWN_UPLOAD = /^\/uploads\/[\w\-~./]+$/;
const DOT_SEGMENT = /(^|\/)\.\.?(\/|$)/;

/**
 * Where a post's image may come from: another site over http(s), or our own uploads. Any other
 * address on this site (`/answer/api/...`, `../x`, `user/logout`) is dropped, so an image in a
 * post can never make every reader's browser call the site's own routes.
 */
function imageSource(src: string): string | undefined {
  const value = src.trim();
  if (/^https?:\/\//i.test(value)) return value;
  return OWN_UPLOAD.test(value) && !DOT_SEGMENT.test(value) ? value : undefined;
}

/**
 * Sanitizes until the output is stable. sanitize-html keeps the nesting it was given, and
 * some nestings are not what a browser builds from the same text (`<p><p></p></p>` becomes
 * three paragraphs when parsed again), so one pass is not always a fixed point; stored HTML
 * must be, or what is checked differs from what is shown. Markdown-it's own output settles
 * after the first pass, so this costs one extra pass for it.
 */
export function sanitize(html: string): string {
  let current = sanitizeHtml(html, SANITIZE);
  for (let pass = 0; pass < 3; pass += 1) {
    const next = sanitizeHtml(current, SANITIZE);
    if (next === current) return current;
    current = next;
  }
  return current;
}

/** Markdown → sanitized HTML. */
export function renderMarkdown(source: string): string {
  return sanitize(md.render(source));
}

/** The comment subset: inline markdown only (emphasis, code, links), no blocks. */
export function renderInline(source: string): string {
  return sanitize(md.renderInline(source));
}

/** The entities sanitized HTML's text holds, and their characters. */
export const HTML_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** Tags whose boundaries are word boundaries in the text: they become a space. */
const BLOCK_TAGS = new Set('p br li ul ol div pre blockquote tr td th table hr h1 h2 h3 h4 h5 h6'.split(' '));

/** An ASCII letter, digit or underscore (a regular expression's `\w`). */
function isWordUnit(unit: number): boolean {
  return (unit >= 48 && unit <= 57) || (unit >= 65 && unit <= 90) || (unit >= 97 && unit <= 122) || unit === 95;
}

/** Whether the tag opening at `open` (`<name` or `</name`) is a block tag. */
function isBlockTag(html: string, open: number): boolean {
  const start = html.charCodeAt(open + 1) === 47 ? open + 2 : open + 1;
  let end = start;
  while (end < html.length && isWordUnit(html.charCodeAt(end))) end++;
  return end > start && BLOCK_TAGS.has(html.slice(start, end).toLowerCase());
}

/**
 * The text of sanitized HTML: tags stripped, entities decoded, whitespace collapsed. Block
 * boundaries become spaces; inline tags vanish, so "**sorted**?" stays "sorted?". One pass over
 * the tags (each from its "<" to the next ">"), where four regular expressions took 20 us for a
 * 1 KB body: in sanitized HTML a "<" only opens a tag (sanitize-html escapes it in text and in
 * attributes), so this is the expressions' result (a property test compares them). Entities
 * and whitespace are then read in one pass too (`decodedCollapsed`): `\s+` over the stripped
 * text was two thirds of the time (15 -> 11 us for a seeded answer of 1.2 KB, 30 of them a search).
 */
export function htmlText(html: string): string {
  let text = '';
  let at = 0;
  for (let open = html.indexOf('<'); open !== -1; open = html.indexOf('<', at)) {
    const close = html.indexOf('>', open + 1);
    if (close === -1) break;
    text += html.slice(at, open);
    if (isBlockTag(html, open)) text += ' ';
    at = close + 1;
  }
  text += html.slice(at);
  return decodedCollapsed(text);
}

/** A regular expression's `\s` (and what `trim` removes): ECMAScript's white space and line terminators. */
function isSpace(unit: number): boolean {
  if (unit <= 32) return unit === 32 || (unit >= 9 && unit <= 13);
  if (unit < 160) return false;
  return (
    unit === 160 ||
    unit === 5760 ||
    (unit >= 8192 && unit <= 8202) ||
    unit === 8232 ||
    unit === 8233 ||
    unit === 8239 ||
    unit === 8287 ||
    unit === 12288 ||
    unit === 65279
  );
}

/** The entity of HTML_ENTITIES that starts at `at` (an "&"), if any. */
function entityAt(text: string, at: number): string | undefined {
  const end = text.indexOf(';', at + 2);
  if (end === -1 || end - at > 5) return undefined;
  const entity = text.slice(at, end + 1);
  return HTML_ENTITIES[entity] === undefined ? undefined : entity;
}

/**
 * `text` with its entities decoded, then every run of white space made one space and the ends
 * trimmed: `.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, …).replace(/\s+/g, ' ').trim()` in one
 * pass. Text is copied in runs as long as it can be: a lone " " between words is already what
 * the collapse makes, so it stays inside its run (copying word by word cost as much as the
 * expressions). A decoded entity that is a space joins the runs of space around it, as there.
 */
function decodedCollapsed(text: string): string {
  let out = '';
  let from = 0;
  let space = false;
  const append = (piece: string) => {
    if (space && out !== '' && out.charCodeAt(out.length - 1) !== 32) out += ' ';
    out += piece;
    space = false;
  };
  const length = text.length;
  for (let i = 0; i < length;) {
    const unit = text.charCodeAt(i);
    if (unit === 32 && i > from && (i + 1 === length || !isSpace(text.charCodeAt(i + 1)))) {
      i++;
    } else if (isSpace(unit)) {
      if (i > from) append(text.slice(from, i));
      while (i < length && isSpace(text.charCodeAt(i))) i++;
      space = true;
      from = i;
    } else if (unit === 38) {
      const entity = entityAt(text, i);
      if (entity === undefined) {
        i++;
        continue;
      }
      if (i > from) append(text.slice(from, i));
      const decoded = HTML_ENTITIES[entity] as string;
      if (isSpace(decoded.charCodeAt(0))) space = true;
      else append(decoded);
      i += entity.length;
      from = i;
    } else i++;
  }
  if (length > from) append(text.slice(from));
  return out.charCodeAt(out.length - 1) === 32 ? out.slice(0, -1) : out;
}

/** HTML characters read per character of an excerpt before the whole body is read instead. */
const HTML_PER_EXCERPT_CHAR = 4;
/** The most a cut at the prefix's end can change its text: a partial entity (`&quot`). */
const CUT_DAMAGE = 8;

/**
 * Plain text of HTML this renderer produced (already sanitized), for excerpts and meta
 * descriptions. A tag strip is enough here and far cheaper than parsing again; the result is
 * text, escaped wherever it is shown.
 *
 * Lists cut every body to an excerpt, so only a prefix of a long body is read (a fifth of the
 * list API's time went to reading whole bodies). The prefix loses any tag cut at its end;
 * then a cut can only change its text's last few characters (a partial entity), so when the
 * prefix yields more than `max` characters beyond those, its excerpt is the whole body's.
 * Otherwise (markup-heavy bodies) the whole body is read.
 */
export function plainText(html: string, max = 240): string {
  const prefixLength = max * HTML_PER_EXCERPT_CHAR + 64;
  if (html.length > prefixLength) {
    const prefix = html.slice(0, prefixLength);
    const cutTag = prefix.lastIndexOf('<');
    const head = htmlText(cutTag > prefix.lastIndexOf('>') ? prefix.slice(0, cutTag) : prefix);
    if (head.length > max + CUT_DAMAGE) return `${head.slice(0, max - 1)}…`;
  }
  const text = htmlText(html);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
