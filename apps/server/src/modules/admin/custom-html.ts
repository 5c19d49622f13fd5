import sanitizeHtml from 'sanitize-html';

/**
 * The admin's header, footer and sidebar HTML, made into a balanced fragment before it is
 * stored: every tag it opens is closed and end tags it never opened are dropped, so it cannot
 * close the page's own elements (a stray `</main>` would end the page's main landmark). Script
 * elements are removed: these parts are drawn by the app, where scripts would not run anyway;
 * scripts belong in the custom head, which gets the page's CSP nonce. Everything else (classes,
 * styles, links, images) stays as the admin wrote it; inline event handlers are inert under
 * the page's CSP.
 */
export function balanceCustomHtml(html: string): string {
  if (!html.trim()) return '';
  return sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    exclusiveFilter: (frame) => frame.tag === 'script',
  });
}
