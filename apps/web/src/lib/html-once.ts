/**
 * A post's rendered HTML goes to the browser once: in the page's markup. The hydration data
 * carries a marker in its place, and the browser reads the HTML back from the element that
 * shows it before the router hydrates. A question page with a few answers saves its posts'
 * size a second time.
 */

/** The attribute of the element that shows a post's HTML (its value is the post id). */
export const HTML_ONCE_ATTR = 'data-html-once';

/** What stands for the HTML in the hydration data. */
const FROM_PAGE = '\u0000from-page';

type Json = unknown;

function isPost(value: Json): value is { id: string; html: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { html?: unknown }).html === 'string'
  );
}

function mapPosts(value: Json, map: (post: { id: string; html: string }) => string): Json {
  if (Array.isArray(value)) return value.map((item) => mapPosts(item, map));
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, Json> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = mapPosts(item, map);
  return isPost(value) ? { ...copy, html: map(value) } : copy;
}

/** Server: the data with each post's HTML replaced by the marker, when the markup shows it. */
export function dehydratePostHtml(data: Json, markup: string): Json {
  return mapPosts(data, (post) => (markup.includes(`${HTML_ONCE_ATTR}="${post.id}"`) ? FROM_PAGE : post.html));
}

/** Browser: the marker replaced by the HTML of the element that shows the post. */
export function restorePostHtml(data: Json, page: Document): Json {
  return mapPosts(data, (post) => {
    if (post.html !== FROM_PAGE) return post.html;
    return page.querySelector(`[${HTML_ONCE_ATTR}="${CSS.escape(post.id)}"]`)?.innerHTML ?? '';
  });
}
