import { MAIL_STATUS } from '@inquire/shared';
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { loadReader, type Reader } from './session';

/**
 * Route guards of spec sections 2 and 4. They run inside loaders, which run on the server only
 * (the server render, and page-data for the browser's navigations): a guarded page answers an
 * HTTP redirect, and a navigation the redirect the page-data call reports.
 */
export type GuardKind =
  | 'public'
  | 'login'
  | 'activated'
  | 'admin'
  | 'staff'
  /** Login page: guests, or signed-in users who are not activated yet. */
  | 'guestOrInactive'
  /** Account recovery, user-center auth: guests only. */
  | 'guest'
  /** Logout: signed-in users; others go home. */
  | 'signedIn'
  | 'suspendedOnly'
  | 'activatedOnly'
  | 'inactiveOnly';

/** Paths a private site still shows to guests (spec section 4). */
const AUTH_PATHS = [
  '/users/login',
  '/users/register',
  '/users/account-recovery',
  '/users/change-email',
  '/users/password-reset',
  '/users/account-activation',
  '/users/confirm-new-email',
  '/users/confirm-email',
  '/users/auth-landing',
  '/user-center',
];

export function isAuthPath(pathname: string): boolean {
  return AUTH_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export function loginRedirect(url: URL): Response {
  const back = url.pathname + url.search;
  const query = back && back !== '/' ? `?redirect=${encodeURIComponent(back)}` : '';
  return redirect(`/users/login${query}`);
}

const isActivated = (s: Reader) => s.user?.mail_status === MAIL_STATUS.activated;
const isSuspended = (s: Reader) => s.user?.status === 'suspended';

/** Returns what to throw when the reader may not see the page, or undefined when they may. */
export function checkGuard(kind: GuardKind, session: Reader, url: URL): Response | undefined {
  const { user, site } = session;
  const path = url.pathname;
  // Site-wide rules of the main layout come first.
  if (user && isSuspended(session) && path !== '/users/account-suspended' && path !== '/users/logout') {
    return redirect('/users/account-suspended');
  }
  if (!user && site.login.login_required && !isAuthPath(path)) return loginRedirect(url);

  switch (kind) {
    case 'public':
      return undefined;
    case 'login':
      return user ? undefined : loginRedirect(url);
    case 'activated':
    case 'admin':
    case 'staff': {
      if (!user) return loginRedirect(url);
      if (!isActivated(session)) return redirect('/users/login?status=inactive');
      if (kind === 'admin' && !user.actions.admin) throw data(null, { status: 403 });
      if (kind === 'staff' && !user.actions.review) throw data(null, { status: 403 });
      return undefined;
    }
    case 'guestOrInactive':
      return user && isActivated(session) ? redirect('/') : undefined;
    case 'guest':
      return user ? redirect('/') : undefined;
    case 'signedIn':
      return user ? undefined : redirect('/');
    case 'suspendedOnly':
      return user && isSuspended(session) ? undefined : redirect('/');
    case 'activatedOnly':
      return user && isActivated(session) ? undefined : redirect('/');
    case 'inactiveOnly':
      return user && !isActivated(session) ? undefined : redirect('/');
  }
}

export type PageLoader<T> = (args: LoaderFunctionArgs, session: Reader) => Promise<T> | T;

/**
 * A route's loader in the browser, which never runs: page-data runs every loader on the server
 * (app/page-data.ts). The route still has one, so React Router asks the strategy for its data;
 * the guards and readers themselves stay out of the browser's script.
 */
export const inBrowser = async (): Promise<null> => null;

/** Wraps a page's loader with its guard; the page loader also receives the session. */
export function guarded<T>(kind: GuardKind, load?: PageLoader<T>) {
  if (!import.meta.env.SSR) return inBrowser as (args: LoaderFunctionArgs) => Promise<T | null>;
  return async (args: LoaderFunctionArgs): Promise<T | null> => {
    const session = await loadReader(args.context);
    const refusal = checkGuard(kind, session, new URL(args.request.url));
    if (refusal) throw refusal;
    return load ? load(args, session) : null;
  };
}

/**
 * A route of the spec whose page belongs to later work: its guard holds now, and past the
 * guard it answers 404 until the page exists. No placeholder pages.
 */
export function notBuilt(kind: GuardKind) {
  return guarded(kind, () => {
    throw data(null, { status: 404 });
  });
}
