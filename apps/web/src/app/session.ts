import { MAIL_STATUS, TIMING, type NotificationStatus, type SessionUser, type SiteInfo } from '@inquire/shared';
import { API_BASE } from '../lib/http';
import { loaderApi, serverMemo } from './api';

/**
 * Setting groups `siteinfo` also answers for Answer's clients (beyond SiteInfo's own fields):
 * no screen here reads them from the session, and every page's hydration data would carry them.
 */
const PEER_ONLY_GROUPS = [
  'site_questions',
  'site_tags',
  'site_advanced',
  'site_legal',
  'site_security',
  'users_settings',
] as const;

/** What every page needs first: who is reading, and the site's settings. */
export interface Session {
  /** The signed-in member with what they may do (server flags), or null for a guest. */
  user: SessionUser | null;
  site: SiteInfo;
  /** The header's red dots when the page was read (an activated member's), else null. */
  notifications: NotificationStatus | null;
}

async function fetchSession(context: unknown): Promise<Session> {
  const api = loaderApi(context);
  const userAndDots = api.get<SessionUser | null>(`${API_BASE}/user/info`).then(async (user) => {
    // The red dots: one small read (the counters), for an activated member only.
    if (user?.mail_status !== MAIL_STATUS.activated) return { user, notifications: null };
    const notifications = await api.get<NotificationStatus>(`${API_BASE}/notification/status`).catch(() => null);
    return { user, notifications };
  });
  const [{ user, notifications }, site] = await Promise.all([userAndDots, api.get<SiteInfo>(`${API_BASE}/siteinfo`)]);
  return { user, site: sessionSite(site), notifications };
}

function sessionSite(site: SiteInfo): SiteInfo {
  // robots.txt is served by the server and no screen shows it: every page would carry it.
  const copy: Record<string, unknown> = { ...site, site_seo: { ...site.site_seo, robots: '' } };
  for (const key of PEER_ONLY_GROUPS) delete copy[key];
  return copy as SiteInfo;
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
