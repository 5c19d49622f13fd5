/**
 * Rendered HTML goes to the browser once: in the page's markup. The hydration data carries
 * a marker in its place, and the browser reads the HTML back from the element that shows it
 * before the router hydrates. A question page with a few answers and their comments saves
 * the size of every post and comment a second time.
 */

/** The attribute of the element that shows a post's or comment's HTML (its value is the id). */
export const HTML_ONCE_ATTR = 'data-html-once';

/** Where an element that shows a post's or comment's HTML gives its id. */
const SHOWN = `${HTML_ONCE_ATTR}="`;

/** What stands for the HTML in the hydration data. */
const FROM_PAGE = '\u0000from-page';

type Json = unknown;
type Item = Record<string, Json>;

/** The shapes whose HTML is sent once: a post (id, html) and a comment (comment_id, parsed_text). */
const SHAPES = [
  { id: 'id', html: 'html' },
  { id: 'comment_id', html: 'parsed_text' },
] as const;

type Shape = (typeof SHAPES)[number];

function shapeOf(value: Item): Shape | undefined {
  return SHAPES.find((shape) => typeof value[shape.id] === 'string' && typeof value[shape.html] === 'string');
}

/**
 * The data with `map` applied to each HTML it holds. Parts without HTML are shared with the
 * input rather than copied: a page's data is mostly such parts, and copying them all was a
 * good share of a member's render.
 */
function mapHtml(value: Json, map: (id: string, html: string) => string): Json {
  if (Array.isArray(value)) {
    const mapped = value.map((item) => mapHtml(item, map));
    return mapped.some((item, i) => item !== value[i]) ? mapped : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  const item = value as Item;
  let copy: Item | undefined;
  for (const key of Object.keys(item)) {
    const child = mapHtml(item[key], map);
    if (child !== item[key]) (copy ??= { ...item })[key] = child;
  }
  const shape = shapeOf(item);
  if (shape) {
    const html = map(item[shape.id] as string, item[shape.html] as string);
    if (html !== item[shape.html]) (copy ??= { ...item })[shape.html] = html;
  }
  return copy ?? item;
}

/**
 * The ids whose HTML the markup shows, read in one pass (not one search of the page per post),
 * by plain string search: a regular expression over the whole page was 2% of a member's render.
 */
function shownIds(markup: string): Set<string> {
  const ids = new Set<string>();
  for (let at = markup.indexOf(SHOWN); at >= 0;) {
    const start = at + SHOWN.length;
    const end = markup.indexOf('"', start);
    if (end < 0) break;
    ids.add(markup.slice(start, end));
    at = markup.indexOf(SHOWN, end);
  }
  return ids;
}

/** Server: the data with each HTML replaced by the marker, when the markup shows it. */
export function dehydratePostHtml(data: Json, markup: string): Json {
  const shown = shownIds(markup);
  return mapHtml(data, (id, html) => (shown.has(id) ? FROM_PAGE : html));
}

/** Browser: the marker replaced by the HTML of the element that shows it. */
export function restorePostHtml(data: Json, page: Document): Json {
  return mapHtml(data, (id, html) => {
    if (html !== FROM_PAGE) return html;
    return page.querySelector(`[${HTML_ONCE_ATTR}="${CSS.escape(id)}"]`)?.innerHTML ?? '';
  });
}
