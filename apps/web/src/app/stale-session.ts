import { getToken } from '../lib/auth-storage';
import { API_BASE } from '../lib/http';

/** Set for the one reload after the cookie was dropped, so a cookie that stays cannot loop. */
const RELOADED_KEY = '_a_session_dropped_';

/**
 * Signed in means a stored token (spec S4-001). The server renders pages for the HttpOnly
 * cookie it set beside that token; when the stored token is gone (removed, or storage
 * cleared) the page would show a member whose every write is refused, and whose login page
 * sends them back home. Such a page has the server drop the cookie, and the caller reloads
 * it as a guest. True when a reload is due.
 */
export async function dropStaleSession(rendered: { user?: unknown } | undefined): Promise<boolean> {
  const reloaded = sessionStorage.getItem(RELOADED_KEY) !== null;
  sessionStorage.removeItem(RELOADED_KEY);
  if (!rendered?.user || getToken() !== undefined || reloaded) return false;
  const response = await fetch(`${API_BASE}/user/session-cookie`, {
    method: 'DELETE',
    credentials: 'same-origin',
  }).catch(() => undefined);
  if (!response?.ok) return false;
  sessionStorage.setItem(RELOADED_KEY, '1');
  return true;
}
