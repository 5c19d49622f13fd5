import { API_BASE } from '../lib/http';

/** When this tab last dropped a stale cookie and reloaded (ms), so a cookie that stays cannot loop. */
const DROPPED_KEY = '_a_session_dropped_';
/** A drop this recent was this page's own reload. */
const RELOAD_WINDOW_MS = 10_000;

/**
 * Signed in means a stored token (spec S4-001). The server renders pages for the HttpOnly
 * cookie it set beside that token; a page rendered for a member whose stored token is gone
 * (removed, or storage cleared) would show a member whose every write is refused, and whose
 * login page sends them back home. entry-client.tsx loads this module only for such a page:
 * the server drops the cookie, and the caller reloads the page as a guest. True when a reload
 * is due.
 */
export async function dropStaleSession(): Promise<boolean> {
  const dropped = Number(sessionStorage.getItem(DROPPED_KEY) ?? 0);
  if (Date.now() - dropped < RELOAD_WINDOW_MS) return false;
  const response = await fetch(`${API_BASE}/user/session-cookie`, {
    method: 'DELETE',
    credentials: 'same-origin',
  }).catch(() => undefined);
  if (!response?.ok) return false;
  sessionStorage.setItem(DROPPED_KEY, String(Date.now()));
  return true;
}
