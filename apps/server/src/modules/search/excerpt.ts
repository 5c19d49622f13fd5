/**
 * Search excerpts: a window of a post's plain text around the first match, as escaped HTML
 * whose only markup is `<em>` around each match. The text is cut and escaped piece by piece;
 * no replacement pattern ever sees it.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const BEFORE = 60;
const LENGTH = 240;

export function highlightExcerpt(text: string, terms: string[]): string {
  const wanted = terms.filter(Boolean).sort((a, b) => b.length - a.length);
  const pattern = wanted.length ? new RegExp(wanted.map(escapeRegExp).join('|'), 'giu') : undefined;
  const first = pattern ? text.search(pattern) : -1;
  const start = first > BEFORE ? first - BEFORE : 0;
  // LENGTH code points are at most twice as many UTF-16 units: the rest of a long post is not split.
  const window = [...text.slice(start, start + 2 * LENGTH)].slice(0, LENGTH).join('');
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
