/**
 * Rendered HTML goes to the browser once: in the page's markup. The hydration data carries
 * a marker in its place, and the browser reads the HTML back from the element that shows it
 * before the router hydrates. A question page with a few answers and their comments saves
 * the size of every post and comment a second time.
 */

/** The attribute of the element that shows a post's or comment's HTML (its value is the id). */
export const HTML_ONCE_ATTR = 'data-html-once';

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

function mapHtml(value: Json, map: (id: string, html: string) => string): Json {
  if (Array.isArray(value)) return value.map((item) => mapHtml(item, map));
  if (typeof value !== 'object' || value === null) return value;
  const item = value as Item;
  const copy: Item = {};
  for (const [key, child] of Object.entries(item)) copy[key] = mapHtml(child, map);
  const shape = shapeOf(item);
  if (shape) copy[shape.html] = map(item[shape.id] as string, item[shape.html] as string);
  return copy;
}

/** Server: the data with each HTML replaced by the marker, when the markup shows it. */
export function dehydratePostHtml(data: Json, markup: string): Json {
  return mapHtml(data, (id, html) => (markup.includes(`${HTML_ONCE_ATTR}="${id}"`) ? FROM_PAGE : html));
}

/** Browser: the marker replaced by the HTML of the element that shows it. */
export function restorePostHtml(data: Json, page: Document): Json {
  return mapHtml(data, (id, html) => {
    if (html !== FROM_PAGE) return html;
    return page.querySelector(`[${HTML_ONCE_ATTR}="${CSS.escape(id)}"]`)?.innerHTML ?? '';
  });
}
