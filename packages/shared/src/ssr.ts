import type { Language } from './enums.js';

/**
 * The contract between the server and the web app's server entry. The server hands the
 * web app a reader that calls the API's reads in-process (services directly, no HTTP) as
 * the page's reader; the web app answers with a redirect, a rendered page, or page data.
 */
export interface PageReader {
  /**
   * The data an API read answers (by its path, e.g. `/answer/api/v1/question/info`). A
   * refusal rejects with an error carrying the HTTP `code` and the `reason` key.
   */
  read(path: string, query?: Record<string, string | number | undefined>): Promise<unknown>;
}

/** What a refused read rejects with (the server's AppError has this shape). */
export interface ReadFailure {
  code: number;
  reason: string;
  data?: unknown;
  /** The failing fields of a 400, each with its message key (untranslated: the page translates). */
  fields?: { field: string; key: string }[];
}

export function isReadFailure(error: unknown): error is ReadFailure {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as ReadFailure).code === 'number' &&
    typeof (error as ReadFailure).reason === 'string'
  );
}

export interface RenderRequest {
  /** Absolute URL of the page, as the reader asked for it. */
  url: string;
  lang: Language;
  reader: PageReader;
  /** The response's CSP nonce, for the hydration script the router writes. */
  nonce?: string;
  /** The request's Referer header: the /search guard sends visits from a search engine's cache away. */
  referer?: string;
}

export interface RenderedHead {
  title: string;
  description: string;
  canonical: string;
  /** schema.org data of the page (QAPage for a question), as JSON text. */
  jsonLd?: string;
  /** Open Graph type: "website" for lists, "article" for a question. */
  ogType?: string;
  /** The robots meta tag's content (e.g. "noindex" on search results). */
  robots?: string;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      html: string;
      head: RenderedHead;
      userScheme?: string;
      /**
       * The source modules (as the build's manifest names them) of the page's own chunks and
       * of its language's strings: the document preloads their files with the entry.
       */
      chunks?: readonly string[];
    };

export type RenderFunction = (request: RenderRequest) => Promise<RenderResult>;

/**
 * Page data for client-side navigation: the loaders of the routes the browser asks for,
 * run on the server, in one response (`GET /answer/api/v1/page-data`).
 */
export interface PageDataRequest {
  /** Absolute URL of the page the browser navigates to. */
  url: string;
  lang: Language;
  reader: PageReader;
  /** The route ids whose loaders should run (the others keep their data in the browser). */
  routeIds: string[];
}

export type PageDataResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'data';
      status: number;
      /** Data of each route that loaded. */
      loaderData: Record<string, unknown>;
      /** Routes whose loader refused (404, 403, 500...), with the status of the refusal. */
      errors: Record<string, { status: number }>;
    };

export type PageDataFunction = (request: PageDataRequest) => Promise<PageDataResult>;
