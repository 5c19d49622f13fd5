/**
 * Number and time-gap formatting of spec section 9, shared by server rendering and the
 * browser so both print the same text.
 */

/** 9999 → "9,999"; 12345 → "12.3k"; 2500000 → "2.5m". */
export function formatCount(value: number): string {
  const n = Math.trunc(value);
  const abs = Math.abs(n);
  if (abs < 10_000) return n.toLocaleString('en-US');
  if (abs < 1_000_000) return `${trimZero((n / 1000).toFixed(1))}k`;
  return `${trimZero((n / 1_000_000).toFixed(1))}m`;
}

function trimZero(text: string): string {
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}

export type TimeGap = { unit: 'less_than_hour' } | { unit: 'hours'; count: number } | { unit: 'days'; count: number };

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * How long ago `thenSeconds` was, in the spec's three bands: under an hour, hours up to a
 * day, days beyond. Both arguments are Unix seconds; the caller translates the result.
 */
export function timeGap(thenSeconds: number, nowSeconds: number): TimeGap {
  const gap = Math.max(0, nowSeconds - thenSeconds);
  if (gap > DAY) return { unit: 'days', count: Math.floor(gap / DAY) };
  if (gap > HOUR) return { unit: 'hours', count: Math.floor(gap / HOUR) };
  return { unit: 'less_than_hour' };
}

/** The slug of a question title for its permalink: letters and digits of any script, joined by "-". */
export function slugify(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return slug || 'question';
}

const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * JSON safe inside a <script> element: no closing tag, no line separators old parsers reject.
 * One pass over the text (a page's hydration data is kilobytes), not one per character it escapes.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<\u2028\u2029]/g, (ch) => SCRIPT_ESCAPES[ch] ?? ch);
}
