import { isReadFailure, type PageReader } from '@inquire/shared';
import { ApiError } from '../lib/http';

/**
 * What loaders call. Loaders run only on the server (a server render, or the page-data call
 * the browser makes on navigation), where the server hands over a reader that calls the
 * API's reads in-process as the page's reader: services directly, no HTTP.
 */
export interface LoaderApi {
  get<T>(path: string, params?: Record<string, string | number | undefined>): Promise<T>;
  /** A read the peer's API exposes as POST (the installer's config check). */
  post<T>(path: string): Promise<T>;
}

export interface ServerLoadContext {
  reader: PageReader;
  memo: Map<string, Promise<unknown>>;
  /** The first load's Referer header (a page-data call has none worth reading). */
  referer?: string;
}

function isServerContext(context: unknown): context is ServerLoadContext {
  return typeof context === 'object' && context !== null && 'reader' in context;
}

export function loaderApi(context: unknown): LoaderApi {
  if (!isServerContext(context)) throw new Error('Loaders run on the server: the browser asks for page data.');
  const call = async <T>(path: string, params?: Record<string, string | number | undefined>): Promise<T> => {
    try {
      return (await context.reader.read(path, params)) as T;
    } catch (error) {
      if (isReadFailure(error)) {
        // Failing fields come by message key (error_msg is a key here, for the page to translate).
        const fields = error.fields?.map((f) => ({ error_field: f.field, error_msg: f.key }));
        throw new ApiError(error.code, error.reason, '', error.data ?? (fields?.length ? fields : null));
      }
      throw error;
    }
  };
  return { get: call, post: (path) => call(path) };
}

/** Per-request memo of the server (the session is read once per page). */
export function serverMemo(context: unknown): Map<string, Promise<unknown>> | undefined {
  return isServerContext(context) ? context.memo : undefined;
}

/** The Referer of the server render being made, if any (the /search guard reads it). */
export function serverReferer(context: unknown): string | undefined {
  return isServerContext(context) ? context.referer : undefined;
}
