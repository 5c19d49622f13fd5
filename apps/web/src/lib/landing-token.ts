import { saveToken } from './auth-storage';

/** Where an external sign-in (connector) lands with its token: `?access_token=…`. */
export const AUTH_LANDING_PATH = '/users/auth-landing';

/** Whether this page brought a token not yet taken by the landing page. */
let adopted = false;

/**
 * Stores the token an external sign-in brings in the address, exactly as a password sign-in
 * stores its own, and takes it out of the address bar at once (history.replaceState), so it
 * stays out of history, bookmarks and Referer headers. The browser entry calls this before
 * anything else (the stale-session check would otherwise drop the session cookie the server
 * set beside the token); the landing page calls it too. Never logs the token.
 */
export function adoptLandingToken(): void {
  if (typeof window === 'undefined' || window.location.pathname !== AUTH_LANDING_PATH) return;
  const url = new URL(window.location.href);
  const token = url.searchParams.get('access_token');
  if (token === null) return;
  url.searchParams.delete('access_token');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  if (!token) return;
  saveToken(token);
  adopted = true;
}

/** True once when a token was adopted from this page's address (the landing page signs in with it). */
export function takeLandingToken(): boolean {
  adoptLandingToken();
  const had = adopted;
  adopted = false;
  return had;
}
