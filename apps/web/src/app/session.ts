import { TIMING, type SiteInfo, type UserInfo } from '@inquire/shared';
import { API_BASE } from '../lib/http';
import { loaderApi, serverMemo } from './api';

/** What every page needs first: who is reading, and the site's settings. */
export interface Session {
  user: UserInfo | null;
  site: SiteInfo;
}

let browserSession: { at: number; promise: Promise<Session> } | undefined;

async function fetchSession(context: unknown): Promise<Session> {
  const api = loaderApi(context);
  const [user, site] = await Promise.all([
    api.get<UserInfo | null>(`${API_BASE}/user/info`),
    api.get<SiteInfo>(`${API_BASE}/siteinfo`),
  ]);
  return { user, site };
}

/**
 * The session, fetched once per server render, and in the browser at most once every
 * 10 s (spec section 9: user refresh throttled) unless a sign-in or sign-out resets it.
 */
export function loadSession(context: unknown): Promise<Session> {
  const memo = serverMemo(context);
  if (memo) {
    const cached = memo.get('session') as Promise<Session> | undefined;
    if (cached) return cached;
    const promise = fetchSession(context);
    memo.set('session', promise);
    return promise;
  }
  const fresh = browserSession && Date.now() - browserSession.at < TIMING.userRefreshThrottleMs;
  if (!fresh || !browserSession) {
    const promise = fetchSession(context);
    browserSession = { at: Date.now(), promise };
    promise.catch(() => (browserSession = undefined));
  }
  return browserSession.promise;
}

/** Seeds the browser cache with what the server rendered, so hydration fetches nothing. */
export function primeSession(session: Session): void {
  browserSession = { at: Date.now(), promise: Promise.resolve(session) };
}

export function resetSession(): void {
  browserSession = undefined;
}
