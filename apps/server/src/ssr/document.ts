import type { Language, RenderedHead, SiteInfo } from '@inquire/shared';
import { themeStyle } from './theme.js';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON safe to place inside a <script> element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Runs before the first paint: picks light or dark from the stored choice, else the
 * account's or site's, following the device when the choice is "system".
 */
function schemeScript(fallback: string): string {
  return `(function(){var d=document.documentElement,p=${scriptJson(fallback)};try{var s=JSON.parse(localStorage.getItem('_a_color_scheme_')||'null');if(s&&s.value&&(!s.expires||s.expires>Date.now()))p=s.value}catch(e){}if(p!=='light'&&p!=='dark')p=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';d.setAttribute('data-theme',p)})();`;
}

export interface DocumentParts {
  template: string;
  lang: Language;
  head: RenderedHead;
  appHtml: string;
  site: SiteInfo;
  /** The account's scheme, when it is more than "default". */
  userScheme: string | undefined;
}

export function composeDocument(parts: DocumentParts): string {
  const { site, head, lang } = parts;
  const fallback = parts.userScheme && parts.userScheme !== 'default' ? parts.userScheme : site.theme.color_scheme;
  const favicon = site.branding.favicon || site.branding.square_icon;
  const headHtml = [
    `<title>${escapeHtml(head.title)}</title>`,
    head.description ? `<meta name="description" content="${escapeHtml(head.description)}">` : '',
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">` : '',
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:site_name" content="${escapeHtml(site.general.name)}">`,
    head.description ? `<meta property="og:description" content="${escapeHtml(head.description)}">` : '',
    head.canonical ? `<meta property="og:url" content="${escapeHtml(head.canonical)}">` : '',
    `<meta property="og:type" content="${escapeHtml(head.ogType ?? 'website')}">`,
    head.jsonLd ? `<script type="application/ld+json">${head.jsonLd.replace(/</g, '\\u003c')}</script>` : '',
    favicon ? `<link rel="icon" href="${escapeHtml(favicon)}">` : '',
    `<script>${schemeScript(fallback)}</script>`,
    `<style id="theme-vars">${themeStyle(site)}</style>`,
    `<script>window.__INQUIRE__=${scriptJson({ lang })}</script>`,
  ]
    .filter(Boolean)
    .join('\n');
  // The site's own CSS and head HTML come after our stylesheet, so they can override anything.
  const customHtml = [
    site.custom_css_html.custom_css
      ? `<style id="custom-css">${site.custom_css_html.custom_css.replace(/<\/style/gi, '<\\/style')}</style>`
      : '',
    // Admin-authored HTML, trusted by design (like the peer's custom head).
    site.custom_css_html.custom_head,
  ]
    .filter(Boolean)
    .join('\n');
  return parts.template
    .replace('<html lang="en">', `<html lang="${lang === 'zh_CN' ? 'zh-CN' : 'en'}">`)
    .replace('<!--app-head-->', headHtml)
    .replace('</head>', customHtml ? `${customHtml}\n</head>` : '</head>')
    .replace('<!--app-html-->', parts.appHtml);
}
