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

/** Who is reading and the site's settings: what a guard and a page's loader need. */
export type Reader = Omit<Session, 'notifications'>;

async function fetchReader(context: unknown): Promise<Reader> {
  const api = loaderApi(context);
  const [user, site] = await Promise.all([
    api.get<SessionUser | null>(`${API_BASE}/user/info`),
    api.get<SiteInfo>(`${API_BASE}/siteinfo`),
  ]);
  return { user, site: sessionSite(site) };
}

async function fetchSession(context: unknown): Promise<Session> {
  const reader = await loadReader(context);
  // The red dots: one small read (the counters), for an activated member only.
  if (reader.user?.mail_status !== MAIL_STATUS.activated) return { ...reader, notifications: null };
  const notifications = await loaderApi(context)
    .get<NotificationStatus>(`${API_BASE}/notification/status`)
    .catch(() => null);
  return { ...reader, notifications };
}

function sessionSite(site: SiteInfo): SiteInfo {
  // robots.txt is served by the server and no screen shows it: every page would carry it.
  const copy: Record<string, unknown> = { ...site, site_seo: { ...site.site_seo, robots: '' } };
  for (const key of PEER_ONLY_GROUPS) delete copy[key];
  return copy as SiteInfo;
}

/** Keeps one read per server render or page-data call, under `key`, for all who ask. */
function memoized<T>(context: unknown, key: string, read: () => Promise<T>): Promise<T> {
  const memo = serverMemo(context);
  const cached = memo?.get(key) as Promise<T> | undefined;
  if (cached) return cached;
  const promise = read();
  memo?.set(key, promise);
  return promise;
}

/**
 * The reader and the site, read once per server render or page-data call: guards and page
 * loaders start from it, so a page's own reads run alongside the header's red dots.
 */
export function loadReader(context: unknown): Promise<Reader> {
  return memoized(context, 'reader', () => fetchReader(context));
}

/** The whole session (the reader and the red dots), read once per render; the root's data. */
export function loadSession(context: unknown): Promise<Session> {
  return memoized(context, 'session', () => fetchSession(context));
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
