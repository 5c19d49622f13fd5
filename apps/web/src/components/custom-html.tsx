/**
 * The admin's header, footer or sidebar HTML from Customize → CSS & HTML. It is the admin's own
 * markup, so it is not sanitized like posts; the server stored it balanced and without scripts
 * (modules/admin/custom-html.ts), so it cannot close the page's elements around it.
 */
export function CustomHtml({ html }: { html: string }) {
  return html ? <div className="custom-html" dangerouslySetInnerHTML={{ __html: html }} /> : null;
}
