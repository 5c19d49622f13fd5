import { catalogs } from '@inquire/i18n';
import { MAIL_STATUS, type Language, type SiteInfo } from '@inquire/shared';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider, StaticRouter, type LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkGuard } from '../../app/guards';
import { routes } from '../../app/routes';
import { getToken, saveReturnUrl, saveToken } from '../../lib/auth-storage';
import { takeLandingToken } from '../../lib/landing-token';
import { STORAGE_KEYS, storage } from '../../lib/storage';
import { TranslationProvider } from '../../lib/translation';
import { createTranslator, type Catalog } from '../../lib/translator';
import { ConnectorButtons, loginLoader } from '../login-page';
import { accountSettingsLoader, MyLogins } from './settings/account-settings';
import { AuthLandingPage, ConfirmEmailPage, LandingFailure, landingError } from './connector-pages';
import { bindEmail, iconSrc, landingDestination, unlinkLogin } from './connector-parts';

/** A base64 SVG, as an admin pastes it into the connector's config. */
const ICON = btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle cx="4" cy="4" r="4"/></svg>');
const LINK = 'https://qa.example.com/answer/api/v1/connector/login/basic';

function html(node: ReactNode, lang: Language = 'en_US'): string {
  const i18n = createTranslator(lang, catalogs as Record<Language, Catalog>);
  return renderToString(<TranslationProvider i18n={i18n}>{node}</TranslationProvider>);
}

/** A real Response per call, as the server would send it: envelope, status = code. */
function answer(code: number, data: unknown, msg = '', reason = 'success'): Response {
  return new Response(JSON.stringify({ code, reason, msg, data }), {
    status: code,
    headers: { 'content-type': 'application/json' },
  });
}

let requests: { url: string; init: RequestInit }[];
function serve(...responses: (() => Response)[]) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    requests.push({ url, init });
    const next = responses.length > 1 ? responses.shift() : responses[0];
    return next ? next() : answer(200, null);
  });
}
const sentBody = (i: number) => JSON.parse(String(requests[i]?.init.body)) as unknown;

/** The in-process reader a server render hands the loaders (app/api.ts). */
function serverContext(read: (path: string) => Promise<unknown>) {
  return { reader: { read }, memo: new Map() };
}
const loaderArgs = (context: unknown) => ({ context }) as unknown as LoaderFunctionArgs;

beforeEach(() => {
  const memory = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => memory.set(k, v),
    removeItem: (k: string) => memory.delete(k),
  });
  vi.stubGlobal('location', { pathname: '/users/auth-landing', search: '' });
  requests = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('login page: external sign-in buttons', () => {
  it('[S1-034] [S3-038] shows one button per connector: a plain link to it, its name, its SVG icon as a base64 image', () => {
    const page = html(<ConnectorButtons connectors={[{ name: 'GitHub', icon: ICON, link: LINK }]} />);
    expect(page).toContain(`href="${LINK}"`);
    expect(page).toContain('Sign in with GitHub');
    expect(page).toContain(`<img src="data:image/svg+xml;base64,${ICON}"`);
    expect(html(<ConnectorButtons connectors={[{ name: 'GitHub', icon: ICON, link: LINK }]} />, 'zh_CN')).toContain(
      '使用 GitHub 登录',
    );
    expect(html(<ConnectorButtons connectors={[]} />)).toBe('');
  });

  it('[S3-038] an icon is only ever a base64 image, and a name is text: neither becomes markup', () => {
    const page = html(
      <ConnectorButtons connectors={[{ name: '<b>Evil</b>', icon: '"><script>alert(1)</script>', link: LINK }]} />,
    );
    expect(page).not.toContain('<script');
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<b>');
    expect(page).toContain('&lt;b&gt;Evil&lt;/b&gt;');
    expect(iconSrc('PHN2Zy8+\n')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(iconSrc('javascript:alert(1)')).toBeUndefined();
  });

  it('[S1-034] [S7-160] the loader reads connector/info with the page, keeps only http(s) links, and a failed read shows none', async () => {
    const paths: string[] = [];
    const data = await loginLoader(
      loaderArgs(
        serverContext(async (path) => {
          paths.push(path);
          return [
            { name: 'GitHub', icon: ICON, link: LINK },
            { name: 'Bad', icon: ICON, link: 'javascript:alert(1)' },
          ];
        }),
      ),
    );
    expect(paths).toEqual(['/answer/api/v1/connector/info']);
    expect(data.connectors.map((c) => c.name)).toEqual(['GitHub']);
    const failed = await loginLoader(
      loaderArgs(serverContext(() => Promise.reject(Object.assign(new Error('x'), { code: 500, reason: 'base.x' })))),
    );
    expect(failed.connectors).toEqual([]);
  });
});

describe('/users/auth-landing', () => {
  function landOn(search: string) {
    const location = { pathname: '/users/auth-landing', href: `https://qa.example.com/users/auth-landing${search}` };
    // As a browser does: the address bar (location) becomes the replaced URL.
    const replaceState = vi.fn((_state: unknown, _unused: string, url: string) => {
      location.href = `https://qa.example.com${url}`;
    });
    vi.stubGlobal('window', { location, history: { state: { idx: 0 }, replaceState } });
    return replaceState;
  }

  it('[S2-088] stores the token as a password sign-in does and takes it out of the address bar at once', () => {
    const replaceState = landOn('?access_token=tok-9');
    expect(takeLandingToken()).toBe(true);
    expect(getToken()).toBe('tok-9');
    expect(replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/users/auth-landing');
    // Taken once: the page signs in with it, and a second look finds none.
    expect(takeLandingToken()).toBe(false);
  });

  it('[S2-088] without a token (or on another page) nothing is stored', () => {
    const replaceState = landOn('?error=login_failed');
    expect(takeLandingToken()).toBe(false);
    expect(getToken()).toBeUndefined();
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('[S4-024] [S4-027] fetches user/info with the new token, then goes home', async () => {
    saveToken('tok-9');
    serve(() => answer(200, { username: 'ann', status: 'normal', mail_status: MAIL_STATUS.activated }));
    expect(await landingDestination()).toBe('/');
    expect(requests[0]?.url).toBe('/answer/api/v1/user/info');
    expect((requests[0]?.init.headers as Record<string, string>).Authorization).toBe('tok-9');
  });

  it('[S4-025] a member not yet activated goes to /users/login?status=inactive', async () => {
    saveToken('tok-9');
    saveReturnUrl('/questions/7');
    serve(() => answer(200, { username: 'ann', status: 'normal', mail_status: MAIL_STATUS.inactive }));
    expect(await landingDestination()).toBe('/users/login?status=inactive');
  });

  it('[S4-026] an activated member goes back to the saved return URL, once', async () => {
    saveToken('tok-9');
    saveReturnUrl('/questions/7?x=1');
    serve(() => answer(200, { username: 'ann', status: 'normal', mail_status: MAIL_STATUS.activated }));
    expect(await landingDestination()).toBe('/questions/7?x=1');
    expect(storage.get(STORAGE_KEYS.returnUrl)).toBeUndefined();
  });

  it('[S2-088] a token that signs no one in is a failed sign-in', async () => {
    serve(() => answer(200, null));
    await expect(landingDestination()).rejects.toThrow();
  });

  it('[S8-056] error=email_permission says exactly why, with the way back to the login page', () => {
    const page = html(
      <StaticRouter location="/users/auth-landing?error=email_permission">
        <AuthLandingPage />
      </StaticRouter>,
    );
    expect(page).toContain('Login failed, please allow this app to access your email information before try again');
    expect(page).toContain('href="/users/login"');
  });

  it('[S2-088] error=email_exists and any other error show their own texts; a token shows the spinner', () => {
    expect(landingError('email_exists')).toBe('email_exists');
    expect(landingError('whatever')).toBe('login_failed');
    expect(landingError(null)).toBeNull();
    const exists = html(
      <StaticRouter location="/">
        <LandingFailure error="email_exists" />
      </StaticRouter>,
    );
    expect(exists).toContain('Email already exists');
    expect(exists).toContain('Settings &gt; Account');
    const failed = html(
      <StaticRouter location="/">
        <LandingFailure error="login_failed" />
      </StaticRouter>,
      'zh_CN',
    );
    expect(failed).toContain('使用此服务登录失败，请重试。');
    const working = html(
      <StaticRouter location="/users/auth-landing?access_token=tok-9">
        <AuthLandingPage />
      </StaticRouter>,
    );
    expect(working).toContain('Signing you in');
    expect(working).not.toContain('tok-9');
  });
});

describe('/users/confirm-email', () => {
  const exists = (data: unknown) => () => answer(400, data, 'Email already exists', 'error.email.already_exists');

  it('[S7-161] posts the binding key and the email to connector/binding/email, and says the link was sent', async () => {
    serve(() => answer(200, {}));
    expect(await bindEmail('key-1', 'ann@example.com')).toEqual({ kind: 'sent' });
    expect(requests[0]?.url).toBe('/answer/api/v1/connector/binding/email');
    expect(requests[0]?.init.method).toBe('POST');
    expect(sentBody(0)).toEqual({ binding_key: 'key-1', email: 'ann@example.com' });
  });

  it('[S8-054] [S8-055] "Email already exists" offers to connect, which posts again with must: true', async () => {
    serve(exists([{ error_field: 'email', error_msg: 'Email already exists', email_exists: true }]), () =>
      answer(200, {}),
    );
    expect(await bindEmail('key-1', 'ann@example.com')).toEqual({ kind: 'exists', message: 'Email already exists' });
    expect(await bindEmail('key-1', 'ann@example.com', true)).toEqual({ kind: 'sent' });
    expect(sentBody(1)).toEqual({ binding_key: 'key-1', email: 'ann@example.com', must: true });
  });

  it('[S8-054] the offer comes whichever way the envelope carries email_exists', async () => {
    serve(exists({ email_exists: true }));
    expect(await bindEmail('key-1', 'ann@example.com')).toEqual({ kind: 'exists', message: 'Email already exists' });
  });

  it('[S2-087] other refusals keep their field errors (an expired key is not an offer to connect)', async () => {
    serve(() =>
      answer(400, [{ error_field: 'binding_key', error_msg: 'This sign-in has expired.' }], 'x', 'error.connector.x'),
    );
    const outcome = await bindEmail('key-1', 'ann@example.com');
    expect(outcome.kind).toBe('refused');
    expect(outcome.kind === 'refused' && outcome.fields).toEqual({ binding_key: 'This sign-in has expired.' });
  });

  it('[S2-087] the page asks for an email, or says the sign-in expired when the link has no key', () => {
    const form = html(
      <StaticRouter location="/users/confirm-email?binding_key=key-1">
        <ConfirmEmailPage />
      </StaticRouter>,
    );
    expect(form).toContain('name="email"');
    expect(form).toContain('Confirm your email');
    const missing = html(
      <StaticRouter location="/users/confirm-email">
        <ConfirmEmailPage />
      </StaticRouter>,
      'zh_CN',
    );
    expect(missing).toContain('此次登录已过期或不完整');
  });
});

describe('Settings > Account: My logins', () => {
  function settings(logins: Parameters<typeof MyLogins>[0]['logins'], lang: Language = 'en_US') {
    const router = createMemoryRouter([{ path: '/', element: <MyLogins logins={logins} /> }]);
    return html(<RouterProvider router={router} />, lang);
  }

  it('[S7-162] lists each connector with its icon: a linked one offers Unlink, another its Link; none, a line that says so', () => {
    const page = settings([
      { name: 'GitHub', icon: ICON, link: LINK, binding: true, external_id: '42' },
      { name: 'Corp SSO', icon: ICON, link: `${LINK}2`, binding: false, external_id: '' },
    ]);
    expect(page).toContain('My logins');
    expect(page).toContain(`<img src="data:image/svg+xml;base64,${ICON}"`);
    expect(page).toMatch(/GitHub.*Linked.*Unlink/s);
    expect(page).toMatch(new RegExp(`Corp SSO.*Not linked.*href="${LINK}2"[^>]*>Link<`, 's'));
    expect(settings([{ name: 'GitHub', icon: ICON, link: LINK, binding: true, external_id: '42' }], 'zh_CN')).toContain(
      '解除关联',
    );
    const none = settings([]);
    expect(none).toContain('My logins');
    expect(none).toContain('No other sign-in methods are linked to this account.');
    expect(none).not.toContain('<ul');
  });

  it('[S7-162] unlinking sends DELETE connector/user/unbinding with the external id', async () => {
    saveToken('tok-9');
    serve(() => answer(200, null));
    await unlinkLogin('42');
    expect(requests[0]?.url).toBe('/answer/api/v1/connector/user/unbinding');
    expect(requests[0]?.init.method).toBe('DELETE');
    expect(sentBody(0)).toEqual({ external_id: '42' });
  });

  it('[S7-162] the page reads connector/user/info with the page; a failed read lists none', async () => {
    const paths: string[] = [];
    const item = { name: 'GitHub', icon: ICON, link: LINK, binding: true, external_id: '42' };
    const data = await accountSettingsLoader(
      loaderArgs(
        serverContext(async (path) => {
          paths.push(path);
          return [item];
        }),
      ),
    );
    expect(paths).toEqual(['/answer/api/v1/connector/user/info']);
    expect(data.logins).toEqual([item]);
    const failed = await accountSettingsLoader(loaderArgs(serverContext(() => Promise.reject(new Error('no read')))));
    expect(failed.logins).toEqual([]);
  });
});

describe('routes', () => {
  type Found = { path?: string; children?: Found[]; lazy?: () => Promise<{ Component?: unknown }> };
  function find(list: Found[], path: string): Found | undefined {
    for (const route of list) {
      if (route.path === path) return route;
      const inner = route.children && find(route.children, path);
      if (inner) return inner;
    }
    return undefined;
  }

  it('[S2-087] [S2-088] /users/confirm-email and /users/auth-landing are built pages now', async () => {
    const table = routes as Found[];
    expect(await find(table, 'users/confirm-email')?.lazy?.()).toMatchObject({ Component: ConfirmEmailPage });
    expect(await find(table, 'users/auth-landing')?.lazy?.()).toMatchObject({ Component: AuthLandingPage });
  });

  it('[S4-021] [S4-022] a guest may open both on a private site', () => {
    const site = { login: { login_required: true } } as SiteInfo;
    for (const path of ['/users/confirm-email?binding_key=k', '/users/auth-landing?error=login_failed']) {
      expect(checkGuard('public', { user: null, site }, new URL(`https://qa.example.com${path}`))).toBeUndefined();
    }
    expect(checkGuard('public', { user: null, site }, new URL('https://qa.example.com/questions'))).toBeDefined();
  });
});
