/**
 * Search excerpts: a window of a post's plain text around the first match, as escaped HTML
 * whose only markup is `<em>` around each match. The text is cut and escaped piece by piece;
 * no replacement pattern ever sees it.
 */
import { plainText } from '../../lib/markdown.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) =>
  /[&<>"']/.test(text) ? text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string) : text;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const BEFORE = 60;
const LENGTH = 240;
/** LENGTH code points are at most twice as many UTF-16 units: the most text a window spans. */
const WINDOW_UNITS = 2 * LENGTH;
/** Plain text read per post for its excerpt: enough to find a match past the first screen. */
const SOURCE_MAX = 20_000;
/** Plain text read first: most posts' first match, and its window, are in it. */
const FIRST_READ = 1_000;

/** The search's terms as one pattern (longest first), or none; made once per page of results. */
export function termPattern(terms: string[]): RegExp | undefined {
  const wanted = terms.filter(Boolean).sort((a, b) => b.length - a.length);
  return wanted.length ? new RegExp(wanted.map(escapeRegExp).join('|'), 'giu') : undefined;
}

const windowStart = (first: number) => (first > BEFORE ? first - BEFORE : 0);

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** `count` code points of `text` from `start` (a lone surrogate counts as one, as iteration does). */
function codePointsFrom(text: string, start: number, count: number): string {
  let end = start;
  for (let n = 0; n < count && end < text.length; n++) {
    end += isHigh(text.charCodeAt(end)) && isLow(text.charCodeAt(end + 1)) ? 2 : 1;
  }
  return text.slice(start, end);
}

/** The excerpt of plain text for the search's terms. */
export function highlightExcerpt(text: string, terms: string[]): string {
  return markExcerpt(text, termPattern(terms));
}

function markExcerpt(text: string, pattern: RegExp | undefined): string {
  const first = pattern ? text.search(pattern) : -1;
  const start = windowStart(first);
  const window = codePointsFrom(text, start, LENGTH);
  const cut = start + window.length < text.length;
  let html = start > 0 ? '…' : '';
  let at = 0;
  if (pattern) {
    for (const match of window.matchAll(pattern)) {
      const index = match.index ?? 0;
      html += escapeHtml(window.slice(at, index)) + `<em>${escapeHtml(match[0])}</em>`;
      at = index + match[0].length;
    }
  }
  html += escapeHtml(window.slice(at));
  return cut ? `${html}…` : html;
}

/**
 * The excerpt of a post's HTML (`pattern`: termPattern's, made once for a page). Its first
 * FIRST_READ characters of text are read first (a tag strip of the whole body was a tenth of a
 * search's time): when they hold the first match and its whole window, with text after it, the
 * excerpt is the one the whole text gives. Otherwise (no match in them, or one near their end)
 * up to SOURCE_MAX characters are read.
 */
export function excerptOfHtml(html: string, pattern: RegExp | undefined): string {
  const head = plainText(html, FIRST_READ);
  // Shorter than the cut: the whole text (plainText cuts to exactly FIRST_READ, ending in "…").
  if (head.length < FIRST_READ) return markExcerpt(head, pattern);
  const text = head.slice(0, -1);
  const first = pattern ? text.search(pattern) : -1;
  if (first >= 0 && windowStart(first) + WINDOW_UNITS < text.length) return markExcerpt(text, pattern);
  return markExcerpt(plainText(html, SOURCE_MAX), pattern);
}
