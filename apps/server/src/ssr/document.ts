import { scriptJson, type Language, type RenderedHead, type SiteInfo } from '@inquire/shared';
import { themeStyle } from './theme.js';

/** The theme's CSS variables by site: the palette math is the same until the settings change. */
const themeStyles = new WeakMap<SiteInfo['theme'], string>();
function siteThemeStyle(site: SiteInfo): string {
  let style = themeStyles.get(site.theme);
  if (style === undefined) themeStyles.set(site.theme, (style = themeStyle(site)));
  return style;
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Runs before the first paint: picks light or dark from the stored choice, else the
 * account's or site's, following the device when the choice is "system".
 */
function schemeScript(fallback: string): string {
  return `(function(){var d=document.documentElement,p=${scriptJson(fallback)};try{var s=JSON.parse(localStorage.getItem('_a_color_scheme_')||'null');if(s&&s.value&&(!s.expires||s.expires>Date.now()))p=s.value}catch(e){}if(p!=='light'&&p!=='dark')p=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';d.setAttribute('data-theme',p)})();`;
}

/**
 * Runs before the app's scripts: until React has hydrated the page, a form the app handles (one
 * without an `action`) would submit natively, as a GET of the page with every field in the
 * address, a password included. The submit is held instead, and kept from React while it
 * catches up (or it would be sent twice); the app sends it once hydrated, with what was typed
 * meanwhile (apps/web/src/lib/early-input.ts). A form with an action (the header's search)
 * submits natively, as it always can.
 */
export const HOLD_EARLY_SUBMIT = `addEventListener('submit',function(e){var f=e.target;if(document.documentElement.dataset.hydrated||!(f instanceof HTMLFormElement)||f.hasAttribute('action'))return;e.preventDefault();e.stopPropagation();window.__inquireHeldSubmit={form:f,submitter:e.submitter||null}},true);`;

/** Where a page's parts go in the built index.html. */
type Slot = 'htmlOpen' | 'head' | 'customHead' | 'app' | 'nonce';

/** The built index.html cut once into fixed text and slots; see compileTemplate. */
export type CompiledTemplate = ReadonlyArray<string | { slot: Slot }>;

/** Each marker of the template, and the slots it becomes (a plain string stays as it is). */
const MARKERS: ReadonlyArray<[string, ReadonlyArray<string | { slot: Slot }>]> = [
  ['<html lang="en">', [{ slot: 'htmlOpen' }]],
  ['<!--app-head-->', [{ slot: 'head' }]],
  ['</head>', [{ slot: 'customHead' }, '</head>']],
  ['<!--app-html-->', [{ slot: 'app' }]],
  // Vite's entry script and module preloads need the request's nonce under the CSP.
  ['<script', ['<script', { slot: 'nonce' }]],
  ['<link rel="modulepreload"', ['<link rel="modulepreload"', { slot: 'nonce' }]],
];

const REQUIRED_SLOTS: readonly Slot[] = ['htmlOpen', 'head', 'customHead', 'app'];

/**
 * Cuts the template at its markers once, at start-up. Pages are then assembled by joining
 * pieces, never with `String.replace`: a replacement string treats `$&`, `$'` and `` $` `` as
 * patterns, so a title or post containing them would copy parts of the template into the page.
 */
export function compileTemplate(template: string): CompiledTemplate {
  let pieces: Array<string | { slot: Slot }> = [template];
  for (const [marker, replacement] of MARKERS) {
    pieces = pieces.flatMap((piece) => {
      if (typeof piece !== 'string') return [piece];
      const parts = piece.split(marker);
      return parts.flatMap((text, index) => (index === 0 ? [text] : [...replacement, text]));
    });
  }
  const compiled = pieces.filter((piece) => piece !== '');
  for (const slot of REQUIRED_SLOTS) {
    const count = compiled.filter((piece) => typeof piece !== 'string' && piece.slot === slot).length;
    if (count !== 1) throw new Error(`index.html must have exactly one place for "${slot}" (found ${count})`);
  }
  return compiled;
}

export interface DocumentParts {
  template: CompiledTemplate;
  lang: Language;
  head: RenderedHead;
  appHtml: string;
  site: SiteInfo;
  /** The account's scheme, when it is more than "default". */
  userScheme: string | undefined;
  /** This response's CSP nonce: every script we send carries it. */
  nonce: string;
  /** Files of the page's own chunks and strings (`/assets/…`), preloaded with the entry. */
  preloads?: readonly string[];
}

export function composeDocument(parts: DocumentParts): string {
  const { site, head, lang, nonce } = parts;
  const nonceAttr = ` nonce="${escapeHtml(nonce)}"`;
  const fallback = parts.userScheme && parts.userScheme !== 'default' ? parts.userScheme : site.theme.color_scheme;
  const favicon = site.branding.favicon || site.branding.square_icon;
  const headHtml = [
    `<title>${escapeHtml(head.title)}</title>`,
    head.description ? `<meta name="description" content="${escapeHtml(head.description)}">` : '',
    head.robots ? `<meta name="robots" content="${escapeHtml(head.robots)}">` : '',
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">` : '',
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:site_name" content="${escapeHtml(site.general.name)}">`,
    head.description ? `<meta property="og:description" content="${escapeHtml(head.description)}">` : '',
    head.canonical ? `<meta property="og:url" content="${escapeHtml(head.canonical)}">` : '',
    `<meta property="og:type" content="${escapeHtml(head.ogType ?? 'website')}">`,
    head.jsonLd
      ? `<script type="application/ld+json"${nonceAttr}>${head.jsonLd.replace(/</g, '\\u003c')}</script>`
      : '',
    // Without a favicon set, browsers fetch /favicon.ico, which the server draws (site-files.routes).
    favicon ? `<link rel="icon" href="${escapeHtml(favicon)}">` : '',
    site.branding.square_icon ? `<link rel="apple-touch-icon" href="${escapeHtml(site.branding.square_icon)}">` : '',
    `<script${nonceAttr}>${schemeScript(fallback)}${HOLD_EARLY_SUBMIT}</script>`,
    `<style id="theme-vars">${siteThemeStyle(site)}</style>`,
    `<script${nonceAttr}>window.__INQUIRE__=${scriptJson({ lang })}</script>`,
    ...(parts.preloads ?? []).map(
      (file) => `<link rel="modulepreload"${nonceAttr} crossorigin href="${escapeHtml(file)}">`,
    ),
  ]
    .filter(Boolean)
    .join('\n');
  // The site's own CSS and head HTML come after our stylesheet, so they can override anything.
  const customHtml = [
    site.custom_css_html.custom_css
      ? `<style id="custom-css">${site.custom_css_html.custom_css.replace(/<\/style/gi, '<\\/style')}</style>`
      : '',
    // Admin-authored HTML, trusted by design (like the peer's custom head); its scripts get the
    // nonce so they still run under the CSP.
    withNonce(site.custom_css_html.custom_head, nonceAttr),
  ]
    .filter(Boolean)
    .join('\n');
  const slots: Record<Slot, string> = {
    htmlOpen: `<html lang="${lang === 'zh_CN' ? 'zh-CN' : 'en'}">`,
    head: headHtml,
    customHead: customHtml ? `${customHtml}\n` : '',
    app: parts.appHtml,
    nonce: nonceAttr,
  };
  let html = '';
  for (const piece of parts.template) html += typeof piece === 'string' ? piece : slots[piece.slot];
  return html;
}

/** Adds the nonce to each <script> start tag of trusted admin HTML (split and join, no patterns). */
function withNonce(html: string, nonceAttr: string): string {
  return html ? html.split(/<script(?=[\s>])/i).join(`<script${nonceAttr}`) : '';
}
