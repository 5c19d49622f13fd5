import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadImage } from '../components/editor/upload-image';
import { ApiError, http, request } from './http';
import { STORAGE_KEYS, storage } from './storage';
import { uiEvents, type UiEvent } from './ui-events';

/** The interface language the client reads (lib/i18n's currentLanguage), switched by a test. */
const language = vi.hoisted(() => ({ current: 'en_US' }));
vi.mock('./i18n', async (original) => ({
  ...(await original<typeof import('./i18n')>()),
  currentLanguage: () => language.current,
}));

/** A real Response per call, as the server would send it: envelope, status = code. */
function answer(code: number, data: unknown, msg = 'message', reason = 'some.reason'): Response {
  return new Response(JSON.stringify({ code, reason, msg, data }), {
    status: code,
    headers: { 'content-type': 'application/json' },
  });
}

let events: UiEvent[];
let unsubscribe: () => void;
let requests: { url: string; init: RequestInit }[];

function serve(response: () => Response) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    requests.push({ url, init });
    return response();
  });
}

beforeEach(() => {
  const memory = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => memory.set(k, v),
    removeItem: (k: string) => memory.delete(k),
  });
  vi.stubGlobal('location', { pathname: '/questions/ask', search: '?x=1' });
  language.current = 'en_US';
  events = [];
  requests = [];
  unsubscribe = uiEvents.subscribe((e) => events.push(e));
});
afterEach(() => {
  unsubscribe();
  vi.unstubAllGlobals();
});

describe('HTTP client (spec section 8)', () => {
  it('[S3-046] [S7-004] [S7-008] unwraps data, and sends the stored token and the language', async () => {
    storage.set(STORAGE_KEYS.token, 'tok-1');
    serve(() => answer(200, { ok: 1 }));
    expect(await http.get('/answer/api/v1/x', { params: { page: 2, none: undefined } })).toEqual({ ok: 1 });
    expect(requests[0]?.url).toBe('/answer/api/v1/x?page=2');
    const headers = requests[0]?.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('tok-1');
    expect(headers['Accept-Language']).toBe('en_US');
    expect(requests[0]?.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('[S7-001] [S7-002] [S7-003] calls go to the site itself under its base, with its cookies and a 10 s time-out', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    serve(() => answer(200, null));
    await http.get('/answer/api/v1/siteinfo');
    // A path, no host: the browser sends it to the page's own origin.
    expect(requests[0]?.url).toBe('/answer/api/v1/siteinfo');
    expect(requests[0]?.init.credentials).toBe('include');
    expect(timeout).toHaveBeenCalledWith(10_000);
    expect(requests[0]?.init.signal).toBe(timeout.mock.results[0]?.value);
  });

  it('[S7-006] get, post, put, delete (with a body) and the generic request send their methods', async () => {
    serve(() => answer(200, null));
    await http.get('/answer/api/v1/a');
    await http.post('/answer/api/v1/a', { n: 1 });
    await http.put('/answer/api/v1/a', { n: 2 });
    await http.delete('/answer/api/v1/a', { id: '7' });
    await request('POST', '/answer/api/v1/b', { n: 3 });
    expect(requests.map((r) => `${r.init.method} ${String(r.init.body)}`)).toEqual([
      'GET null',
      'POST {"n":1}',
      'PUT {"n":2}',
      'DELETE {"id":"7"}',
      'POST {"n":3}',
    ]);
    expect((requests[3]?.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('[S7-005] sends the language switched to as the peer names it (zh_CN)', async () => {
    language.current = 'zh_CN';
    serve(() => answer(200, null));
    await http.get('/answer/api/v1/x');
    expect((requests[0]?.init.headers as Record<string, string>)['Accept-Language']).toBe('zh_CN');
  });

  it('[S9-031] uploads carry the token, the language and the 10 s time-out too, and a refusal is an ApiError', async () => {
    storage.set(STORAGE_KEYS.token, 'tok-2');
    language.current = 'zh_CN';
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    serve(() => answer(400, null, 'too large', 'file.too_large'));
    const image = new File(['png'], 'a.png', { type: 'image/png' });
    const failure = await uploadImage(image, 'post').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).reason).toBe('file.too_large');
    expect(requests[0]?.url).toBe('/answer/api/v1/file');
    const form = requests[0]?.init.body as FormData;
    expect([form.get('source'), (form.get('file') as File).name]).toEqual(['post', 'a.png']);
    expect(requests[0]?.init.headers).toEqual({ 'Accept-Language': 'zh_CN', Authorization: 'tok-2' });
    expect(timeout).toHaveBeenCalledWith(10_000);
  });

  it('[S7-009] returns the status for a 204', async () => {
    serve(() => new Response(null, { status: 204 }));
    expect(await http.put('/answer/api/v1/x')).toBe(204);
  });

  it('[S8-012] shows a danger toast for err_type toast, and rejects', async () => {
    serve(() => answer(400, { err_type: 'toast' }, 'You cannot vote for your own post'));
    await expect(http.post('/answer/api/v1/vote/up')).rejects.toBeInstanceOf(ApiError);
    expect(events).toEqual([{ type: 'toast', message: 'You cannot vote for your own post', kind: 'danger' }]);
  });

  it('[S8-011] passes the error through when asked, showing nothing', async () => {
    serve(() => answer(400, { err_type: 'toast' }, 'msg'));
    const error = await http.post('/answer/api/v1/x', {}, { passingError: true }).catch((e: ApiError) => e);
    expect(error).toMatchObject({ code: 400, message: 'msg', data: { err_type: 'toast' } });
    expect(events).toEqual([]);
  });

  it('[S8-013][S8-014][S8-015] rejects for alert, confirms for modal, stays silent for others', async () => {
    serve(() => answer(400, { err_type: 'alert' }, 'alert text'));
    await expect(http.post('/x')).rejects.toMatchObject({ message: 'alert text', data: { err_type: 'alert' } });
    serve(() => answer(400, { err_type: 'modal' }, 'modal text'));
    await expect(http.post('/x')).rejects.toBeInstanceOf(ApiError);
    serve(() => answer(400, { err_type: 'other' }, 'quiet'));
    await expect(http.post('/x')).rejects.toBeInstanceOf(ApiError);
    expect(events).toEqual([{ type: 'confirm', message: 'modal text' }]);
  });

  it('[S8-016] rejects field errors with isError and the list, showing nothing', async () => {
    const list = [{ error_field: 'title', error_msg: 'Title cannot be empty.' }];
    serve(() => answer(400, list));
    const error = (await http.post('/x').catch((e: ApiError) => e)) as ApiError;
    expect(error.isError).toBe(true);
    expect(error.list).toEqual(list);
    expect(events).toEqual([]);
  });

  it('[S8-019] shows a dialog for a 400 without data', async () => {
    serve(() => answer(400, null, 'Something is off'));
    await expect(http.post('/x')).rejects.toBeInstanceOf(ApiError);
    expect(events).toEqual([{ type: 'alert', message: 'Something is off' }]);
  });

  it('[S8-020][S8-021][S8-022][S8-023] resets the login on 401, keeps the page to return to, and goes to login', async () => {
    storage.set(STORAGE_KEYS.token, 'tok-1');
    storage.set(STORAGE_KEYS.user, { username: 'a' });
    serve(() => answer(401, null));
    await expect(http.get('/x')).rejects.toMatchObject({ code: 401 });
    expect(storage.get(STORAGE_KEYS.token)).toBeUndefined();
    expect(storage.get(STORAGE_KEYS.user)).toBeUndefined();
    expect(storage.get(STORAGE_KEYS.returnUrl)).toBe('/questions/ask?x=1');
    expect(events).toContainEqual({ type: 'navigate', to: '/users/login' });
  });

  it('[S8-024][S8-025][S8-026] follows the 403 types', async () => {
    for (const [type, to, replace] of [
      ['url_expired', '/users/account-activation/failed', true],
      ['inactive', '/users/login?status=inactive', false],
      ['suspended', '/users/account-suspended', true],
    ] as const) {
      events = [];
      serve(() => answer(403, { type }));
      await expect(http.get('/x')).rejects.toBeInstanceOf(ApiError);
      expect(events).toEqual([{ type: 'navigate', to, ...(replace ? { replace } : {}) }]);
    }
  });

  it('[S8-028][S8-029][S8-027][S6-034] sets the 403 error state for admin calls, toasts others, and is quiet on ignored paths', async () => {
    serve(() => answer(403, null, 'Forbidden'));
    await expect(http.get('/answer/admin/api/users/page')).rejects.toBeInstanceOf(ApiError);
    await expect(http.get('/answer/api/v1/x')).rejects.toBeInstanceOf(ApiError);
    expect(events).toEqual([
      { type: 'error-state', state: '403' },
      { type: 'toast', message: 'Forbidden', kind: 'danger' },
    ]);
    events = [];
    vi.stubGlobal('location', { pathname: '/install', search: '' });
    await expect(http.get('/answer/api/v1/x')).rejects.toBeInstanceOf(ApiError);
    expect(events).toEqual([]);
  });

  it('[S8-030][S8-031] sets the 404 error state only when the call allows it, and not on ignored paths', async () => {
    serve(() => answer(404, null));
    await expect(http.get('/x')).rejects.toBeInstanceOf(ApiError);
    await expect(http.get('/x', { allow404: true })).rejects.toBeInstanceOf(ApiError);
    expect(events).toEqual([{ type: 'error-state', state: '404' }]);
    events = [];
    vi.stubGlobal('location', { pathname: '/maintenance', search: '' });
    await expect(http.get('/x', { allow404: true })).rejects.toBeInstanceOf(ApiError);
    expect(events).toEqual([]);
  });

  it('[S8-032][S8-033][S8-034][S8-035] sets the 50X error state and logs, unless told to ignore it or the path is ignored', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(() => answer(500, null, 'boom', 'base.unknown'));
    await expect(http.get('/x')).rejects.toMatchObject({ code: 500 });
    await expect(http.get('/x', { ignoreError: '50X' })).rejects.toBeInstanceOf(ApiError);
    vi.stubGlobal('location', { pathname: '/install', search: '' });
    await expect(http.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(events).toEqual([{ type: 'error-state', state: '50X' }]);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('[S8-036] rejects other statuses with code, message and data, and silent calls show nothing', async () => {
    serve(() => answer(429, { retry: 1 }, 'Too many'));
    await expect(http.get('/x', { silent: true })).rejects.toMatchObject({
      code: 429,
      message: 'Too many',
      data: { retry: 1 },
    });
    serve(() => answer(400, { err_type: 'toast' }, 'quiet please'));
    await expect(http.get('/x', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(events).toEqual([]);
  });

  it('says why a call did nothing: too many requests, or a change to something gone', async () => {
    serve(() => answer(429, null, 'Too many requests.'));
    await expect(http.post('/x')).rejects.toMatchObject({ code: 429 });
    serve(() => answer(404, null, 'Answer not found.'));
    await expect(http.post('/x')).rejects.toMatchObject({ code: 404 });
    // A read's 404 is its caller's to show (or the 404 page's), and a form shows its own 429.
    await expect(http.get('/x')).rejects.toMatchObject({ code: 404 });
    serve(() => answer(429, null, 'Too many requests.'));
    await expect(http.post('/x', {}, { passingError: true })).rejects.toMatchObject({ code: 429 });
    expect(events).toEqual([
      { type: 'toast', message: 'Too many requests.', kind: 'danger' },
      { type: 'toast', message: 'Answer not found.', kind: 'danger' },
    ]);
  });

  it('says so when no answer came back: the network failed or the 10 s ran out', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(http.post('/x')).rejects.toMatchObject({ code: 0, reason: 'base.network_error' });
    vi.stubGlobal('fetch', async () => {
      throw new DOMException('The operation timed out.', 'TimeoutError');
    });
    await expect(http.get('/x')).rejects.toMatchObject({ code: 0, reason: 'base.timeout' });
    await expect(http.get('/x', { silent: true })).rejects.toMatchObject({ code: 0 });
    expect(events).toEqual([
      { type: 'toast', text: 'ui.request.network_error', kind: 'danger' },
      { type: 'toast', text: 'ui.request.timeout', kind: 'danger' },
    ]);
  });
});
