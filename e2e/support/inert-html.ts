import { DomUtils, parseDocument } from 'htmlparser2';
import { HOLD_EARLY_SUBMIT } from '../../apps/server/src/ssr/document.js';

/**
 * Checks that HTML carries no live markup an attacker could have planted: what the server
 * renders for a page, and the stored HTML fields the API returns. htmlparser2 is not a full
 * HTML5 tree builder, so the browser tests check the live DOM as well.
 */
type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

/** Elements that have no business in a page built from user text. */
const FORBIDDEN = new Set(['iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'portal', 'math']);
/** Attributes that hold a URL a browser may navigate to or load. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'poster',
  'background',
  'cite',
  'ping',
]);

/** A URL as a browser reads its scheme: control characters and spaces stripped, lower case. */
function scheme(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
}

function dangerousUrl(tag: string, value: string): boolean {
  const url = scheme(value);
  if (url.startsWith('javascript:') || url.startsWith('vbscript:')) return true;
  // Inline images are harmless; inline documents are not.
  return (
    url.startsWith('data:') && !(tag === 'img' && url.startsWith('data:image/') && !url.startsWith('data:image/svg'))
  );
}

function describe(el: Element): string {
  const attributes = Object.entries(el.attribs)
    .map(([name, value]) => `${name}="${value.slice(0, 60)}"`)
    .join(' ');
  return `<${el.name}${attributes ? ` ${attributes}` : ''}>`;
}

/** Problems common to pages and fragments: event handlers, script URLs, embedding elements. */
function attributeFindings(el: Element): string[] {
  const findings: string[] = [];
  if (FORBIDDEN.has(el.name)) findings.push(`forbidden element ${describe(el)}`);
  if (el.name === 'meta' && 'http-equiv' in el.attribs) findings.push(`meta http-equiv ${describe(el)}`);
  for (const [name, value] of Object.entries(el.attribs)) {
    if (/^on/i.test(name)) findings.push(`event handler ${name} on ${describe(el)}`);
    if (name === 'srcdoc') findings.push(`srcdoc on ${describe(el)}`);
    if (URL_ATTRIBUTES.has(name) && dangerousUrl(el.name, value)) findings.push(`script URL in ${describe(el)}`);
    if (name === 'srcset' && value.split(',').some((part) => dangerousUrl(el.name, part.trim()))) {
      findings.push(`script URL in srcset of ${describe(el)}`);
    }
  }
  return findings;
}

function elementsOf(html: string): Element[] {
  return DomUtils.findAll(() => true, parseDocument(html).children);
}

/** Stored HTML (a post's `html`, a comment's `parsed_text`, a bio): no script or style at all. */
export function fragmentFindings(html: string): string[] {
  return elementsOf(html).flatMap((el) => [
    ...(el.name === 'script' || el.name === 'style' ? [`${el.name} element ${describe(el)}`] : []),
    ...attributeFindings(el),
  ]);
}

/** What the scripts the server writes into a page carry, parsed. */
export interface PageData {
  /** `window.__INQUIRE__`. */
  inquire: unknown;
  /** React Router's `window.__staticRouterHydrationData`. */
  router: unknown;
  /** JSON-LD blocks. */
  jsonLd: unknown[];
}

const INQUIRE_PREFIX = 'window.__INQUIRE__=';
/**
 * The router's script (entry-server.tsx): its hydration data as a JSON object literal, then,
 * when the page has them, the deferred chunks and the page's strings, each a JSON assignment.
 */
const ROUTER_PREFIX = 'window.__staticRouterHydrationData=';
/** The assignments that may follow the router's data, peeled off from the end, last first. */
const ROUTER_EXTRAS = ['window.__inquireStrings=', 'window.__inquireDeferred='] as const;

/**
 * The JSON texts of the router's script, or undefined when it is not one. Text planted in the
 * data cannot pass for an extra: the real ones come last, and a cut inside the data leaves JSON
 * that does not parse, which is reported.
 */
function routerScriptParts(text: string): { router: string; extras: string[] } | undefined {
  if (!text.startsWith(ROUTER_PREFIX) || !text.endsWith(';')) return undefined;
  let rest = text.slice(ROUTER_PREFIX.length, -1);
  const extras: string[] = [];
  for (const name of ROUTER_EXTRAS) {
    const at = rest.lastIndexOf(`;${name}`);
    if (at < 0) continue;
    extras.push(rest.slice(at + 1 + name.length));
    rest = rest.slice(0, at);
  }
  return rest.startsWith('{') && rest.endsWith('}') ? { router: rest, extras } : undefined;
}
const SCHEME_SCRIPT = /^\(function\(\)\{var d=document\.documentElement,p="(?:light|dark|system)";.*\}\)\(\);$/s;

/**
 * Classifies one script the server wrote. Each has a fixed shape; anything else (or a known
 * shape whose JSON does not parse) means text broke out of where it was put.
 */
function readScript(el: Element, data: PageData): string | null {
  const text = DomUtils.textContent(el);
  if (el.attribs.src !== undefined) {
    return el.attribs.type === 'module' && el.attribs.src.startsWith('/assets/') && text === ''
      ? null
      : `unexpected external script ${describe(el)}`;
  }
  try {
    if (el.attribs.type === 'application/ld+json') {
      data.jsonLd.push(JSON.parse(text));
      return null;
    }
    if (text.startsWith(INQUIRE_PREFIX)) {
      data.inquire = JSON.parse(text.slice(INQUIRE_PREFIX.length));
      return null;
    }
    const router = routerScriptParts(text.trim());
    if (router) {
      data.router = JSON.parse(router.router);
      for (const extra of router.extras) JSON.parse(extra);
      return null;
    }
  } catch (error) {
    return `script data does not parse (${(error as Error).message}): ${text.slice(0, 120)}`;
  }
  // The head's first script: the colour scheme, then the early-submit hold (fixed text).
  const scheme = text.endsWith(HOLD_EARLY_SUBMIT) ? text.slice(0, -HOLD_EARLY_SUBMIT.length) : undefined;
  return scheme !== undefined && SCHEME_SCRIPT.test(scheme) ? null : `unknown inline script: ${text.slice(0, 160)}`;
}

/**
 * A whole page: every script is one of ours (it carries this response's CSP nonce and has a
 * known shape whose data parses), the only style element is the theme's, and no element
 * carries a handler or a script URL.
 */
export function pageFindings(html: string, nonce: string): { findings: string[]; data: PageData } {
  const data: PageData = { inquire: undefined, router: undefined, jsonLd: [] };
  const findings: string[] = [];
  for (const el of elementsOf(html)) {
    findings.push(...attributeFindings(el));
    if (el.name === 'style' && el.attribs.id !== 'theme-vars') findings.push(`style element ${describe(el)}`);
    if (el.name !== 'script') continue;
    if (el.attribs.nonce !== nonce) findings.push(`script without the response's nonce ${describe(el)}`);
    const problem = readScript(el, data);
    if (problem) findings.push(problem);
  }
  if (data.inquire === undefined) findings.push('no window.__INQUIRE__ data');
  if (data.router === undefined) findings.push('no router hydration data');
  return { findings, data };
}

/** The text a reader sees in the page body (scripts excluded). */
export function bodyText(html: string): string {
  const document = parseDocument(html);
  const body = DomUtils.getElementsByTagName('body', document)[0];
  if (!body) return '';
  DomUtils.findAll((el) => el.name === 'script' || el.name === 'style', body.children).forEach((el) =>
    DomUtils.removeElement(el),
  );
  return DomUtils.textContent(body);
}
