import type { Envelope } from './reasons.js';
import type { Language } from './enums.js';

/**
 * The contract between the server and the web app's server entry. The server hands the
 * web app a transport that calls the API in-process with the reader's credentials; the
 * web app answers with a redirect or a rendered page.
 */
export interface ApiTransport {
  request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: Envelope }>;
}

export interface RenderRequest {
  /** Absolute URL of the page, as the reader asked for it. */
  url: string;
  lang: Language;
  api: ApiTransport;
  /** The response's CSP nonce, for the hydration script the router writes. */
  nonce?: string;
}

export interface RenderedHead {
  title: string;
  description: string;
  canonical: string;
  /** schema.org data of the page (QAPage for a question), as JSON text. */
  jsonLd?: string;
  /** Open Graph type: "website" for lists, "article" for a question. */
  ogType?: string;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; html: string; head: RenderedHead; userScheme?: string };

export type RenderFunction = (request: RenderRequest) => Promise<RenderResult>;
