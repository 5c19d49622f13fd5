import { TIMING, type Envelope, type FieldError } from '@inquire/shared';
import { currentLanguage } from './i18n';
import { clearLogin, getToken, saveReturnUrl } from './auth-storage';
import { uiEvents } from './ui-events';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The client's own reasons, for calls that got no envelope back, and the strings that say them. */
const REQUEST_REASONS = {
  timeout: { reason: 'base.timeout', text: 'ui.request.timeout' },
  networkError: { reason: 'base.network_error', text: 'ui.request.network_error' },
} as const;

/**
 * The strings of a call that got no answer, and of the toast that says so: every reading page
 * carries them with its own (entry-server.tsx). A page loads the rest of its language's strings
 * when one is missing, which is exactly what cannot work when the site cannot be reached: the
 * toast would show its key, then vanish before the strings came.
 */
export const OFFLINE_STRINGS: readonly string[] = [
  REQUEST_REASONS.timeout.text,
  REQUEST_REASONS.networkError.text,
  'ui.toast.close',
];

/** The API prefix: `{base}` of the spec. */
export const API_BASE = '/answer/api/v1';
export const ADMIN_API_BASE = '/answer/admin/api';

export interface RequestOptions {
  params?: Record<string, string | number | boolean | undefined>;
  /** A 404 switches the page to the 404 error state. */
  allow404?: boolean;
  /** Hand 400 errors with err_type to the caller instead of displaying them. */
  passingError?: boolean;
  /** Do not switch to an error state for these. */
  ignoreError?: '403' | '50X';
  /** No toasts, dialogs, navigation or error states: loaders handle errors themselves. */
  silent?: boolean;
}

/** A failed call: the envelope's code, reason, message and data. */
export class ApiError extends Error {
  readonly isError: boolean;
  readonly list: FieldError[];

  constructor(
    readonly code: number,
    readonly reason: string,
    message: string,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.list = Array.isArray(data) ? (data as FieldError[]) : [];
    this.isError = this.list.length > 0;
  }
}

/** Paths where errors are not displayed (pages that show their own state). */
const IGNORED_PATHS = ['/install', '/maintenance'];

function pathIgnored(): boolean {
  if (typeof location === 'undefined') return true;
  return IGNORED_PATHS.some((p) => location.pathname === p || location.pathname.startsWith(`${p}/`));
}

function buildUrl(url: string, params: RequestOptions['params']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

/** Carries out spec section 8's response rules; always rejects with an ApiError. */
function handleFailure(method: Method, url: string, status: number, body: Envelope, options: RequestOptions): never {
  const error = new ApiError(status, body.reason, body.msg, body.data);
  if (options.silent) throw error;
  const data = (body.data ?? null) as Record<string, unknown> | FieldError[] | null;
  const ignored = pathIgnored();
  if (status === 400) {
    if (data && !Array.isArray(data) && typeof data.err_type === 'string') {
      if (options.passingError) throw error;
      if (data.err_type === 'toast') uiEvents.emit({ type: 'toast', message: body.msg, kind: 'danger' });
      if (data.err_type === 'modal') uiEvents.emit({ type: 'confirm', message: body.msg });
      throw error;
    }
    if (Array.isArray(data) && data.length > 0) throw error;
    // A caller that shows errors itself (passingError), and pages with their own error display, get no dialog.
    if (!options.passingError && !ignored) uiEvents.emit({ type: 'alert', message: body.msg });
    throw error;
  }
  if (status === 401) {
    clearLogin();
    uiEvents.emit({ type: 'session-changed' });
    if (typeof location !== 'undefined') saveReturnUrl(location.pathname + location.search);
    uiEvents.emit({ type: 'navigate', to: '/users/login' });
    throw error;
  }
  if (status === 403) {
    const type = data && !Array.isArray(data) ? data.type : undefined;
    if (type === 'url_expired')
      uiEvents.emit({ type: 'navigate', to: '/users/account-activation/failed', replace: true });
    else if (type === 'inactive') uiEvents.emit({ type: 'navigate', to: '/users/login?status=inactive' });
    else if (type === 'suspended') uiEvents.emit({ type: 'navigate', to: '/users/account-suspended', replace: true });
    else if (ignored) throw error;
    else if (url.startsWith('/answer/admin/api')) uiEvents.emit({ type: 'error-state', state: '403' });
    else if (body.msg) uiEvents.emit({ type: 'toast', message: body.msg, kind: 'danger' });
    throw error;
  }
  if (status === 404) {
    if (options.allow404 && !ignored) uiEvents.emit({ type: 'error-state', state: '404' });
    // A change to what is gone (an answer deleted meanwhile) says so; a read's caller decides.
    else if (method !== 'GET' && !ignored) uiEvents.emit({ type: 'toast', message: body.msg, kind: 'danger' });
    throw error;
  }
  if (status === 429) {
    if (!options.passingError && !ignored) uiEvents.emit({ type: 'toast', message: body.msg, kind: 'danger' });
    throw error;
  }
  if (status >= 500) {
    if (options.ignoreError !== '50X' && !ignored) uiEvents.emit({ type: 'error-state', state: '50X' });
    console.error(`${url}: ${status} ${body.reason}`);
  }
  throw error;
}

/** Every API call's headers: the stored token, and the language as the peer's clients send it (`zh_CN`). */
export function apiHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  const token = getToken();
  if (token) headers.Authorization = token;
  return headers;
}

/** Why a call got no answer: its 10 s time-out, or the network (the reason key and its toast). */
export function noAnswer(cause: unknown): { reason: string; text: string } {
  const timedOut = cause instanceof DOMException && cause.name === 'TimeoutError';
  return timedOut ? REQUEST_REASONS.timeout : REQUEST_REASONS.networkError;
}

/**
 * Calls the API: 10 s time-out, the stored token as Authorization, the current language as
 * Accept-Language; unwraps the envelope's data (or the status for a 204).
 */
export async function request<T>(
  method: Method,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers = apiHeaders();
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const target = buildUrl(url, options.params);
  let response: Response;
  try {
    response = await fetch(target, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMING.requestTimeoutMs),
    });
  } catch (cause) {
    const { reason, text } = noAnswer(cause);
    // Nothing came back to show: say so (unless the caller shows errors itself), or the click
    // that sent it seems to do nothing.
    if (!options.silent && !options.passingError && !pathIgnored()) {
      uiEvents.emit({ type: 'toast', text, kind: 'danger' });
    }
    throw new ApiError(0, reason, String(cause), null);
  }
  if (response.status === 204) return response.status as T;
  const envelope = (await response.json().catch(() => ({
    code: response.status,
    reason: 'base.unknown',
    msg: response.statusText,
    data: null,
  }))) as Envelope<T>;
  if (response.ok) return envelope.data;
  return handleFailure(method, target, response.status, envelope as Envelope, options);
}

export const http = {
  get: <T>(url: string, options?: RequestOptions) => request<T>('GET', url, undefined, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('POST', url, body ?? {}, options),
  put: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', url, body ?? {}, options),
  delete: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', url, body, options),
};
