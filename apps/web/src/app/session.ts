import { TIMING, type SessionUser, type SiteInfo } from '@inquire/shared';
import { API_BASE } from '../lib/http';
import { loaderApi, serverMemo } from './api';

/** What every page needs first: who is reading, and the site's settings. */
export interface Session {
  /** The signed-in member with what they may do (server flags), or null for a guest. */
  user: SessionUser | null;
  site: SiteInfo;
}

async function fetchSession(context: unknown): Promise<Session> {
  const api = loaderApi(context);
  const [user, site] = await Promise.all([
    api.get<SessionUser | null>(`${API_BASE}/user/info`),
    api.get<SiteInfo>(`${API_BASE}/siteinfo`),
  ]);
  // robots.txt is served by the server and no screen shows it: every page would carry it.
  return { user, site: { ...site, site_seo: { ...site.site_seo, robots: '' } } };
}

/** The session, read once per server render or page-data call (guards and the root share it). */
export function loadSession(context: unknown): Promise<Session> {
  const memo = serverMemo(context);
  const cached = memo?.get('session') as Promise<Session> | undefined;
  if (cached) return cached;
  const promise = fetchSession(context);
  memo?.set('session', promise);
  return promise;
}

// In the browser: when the session the page holds was last read from the server.
let sessionReadAt = 0;

/** The page now holds a session fresh from the server (hydration, or a navigation that read it). */
export function markSessionRead(): void {
  sessionReadAt = Date.now();
}

/** A sign-in, sign-out or settings change: the next navigation reads the session again. */
export function resetSession(): void {
  sessionReadAt = 0;
}

/** The session is re-read at most once every 10 s (spec section 9: user refresh throttled). */
export function sessionIsFresh(): boolean {
  return Date.now() - sessionReadAt < TIMING.userRefreshThrottleMs;
}
