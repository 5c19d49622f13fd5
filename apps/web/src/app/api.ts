import type { ApiTransport, Envelope } from '@inquire/shared';
import { ApiError, request } from '../lib/http';

/**
 * What loaders call. In the browser it is the HTTP client (silent: loaders turn errors into
 * redirects and error pages themselves); on the server it calls the API in-process, as the
 * reader, through the transport the server hands over in the request context.
 */
export interface LoaderApi {
  get<T>(path: string, params?: Record<string, string | number | undefined>): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
}

export interface ServerLoadContext {
  transport: ApiTransport;
  memo: Map<string, Promise<unknown>>;
}

function isServerContext(context: unknown): context is ServerLoadContext {
  return typeof context === 'object' && context !== null && 'transport' in context;
}

function withQuery(path: string, params?: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) if (v !== undefined) search.set(k, String(v));
  const q = search.toString();
  return q ? `${path}?${q}` : path;
}

const browserApi: LoaderApi = {
  get: (path, params) => request('GET', withQuery(path, params), undefined, { silent: true }),
  post: (path, body) => request('POST', path, body ?? {}, { silent: true }),
};

export function loaderApi(context: unknown): LoaderApi {
  if (!isServerContext(context)) return browserApi;
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const { status, body: envelope } = await context.transport.request(method, path, body);
    if (status === 200) return (envelope as Envelope<T>).data;
    throw new ApiError(status, envelope.reason, envelope.msg, envelope.data);
  };
  return {
    get: (path, params) => call('GET', withQuery(path, params)),
    post: (path, body) => call('POST', path, body ?? {}),
  };
}

/** Per-request memo on the server; a short-lived module cache in the browser. */
export function serverMemo(context: unknown): Map<string, Promise<unknown>> | undefined {
  return isServerContext(context) ? context.memo : undefined;
}
