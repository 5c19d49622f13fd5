/** The site's JSON API from a test, as an outside client: Bearer tokens, the envelope unwrapped. */
import type { BrowserContext } from 'playwright-core';

/** Signs in by email and password; the session token. */
export async function tokenOf(siteUrl: string, who: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${siteUrl}/answer/api/v1/user/login/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ e_mail: who.email, pass: who.password }),
  });
  return ((await response.json()) as { data: { access_token: string } }).data.access_token;
}

/**
 * One API call; throws with the status and reason unless the envelope says 200. `path` is under
 * `/answer/api/v1/`, or a whole path from the site's root (`/answer/admin/api/...`).
 */
export async function apiCall<T>(
  siteUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${siteUrl}${path.startsWith('/') ? path : `/answer/api/v1/${path}`}`, {
    method,
    headers: { authorization: token, 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; data: T; reason: string; msg: string };
  if (envelope.code !== 200) throw new Error(`${method} ${path}: ${envelope.code} ${envelope.reason} ${envelope.msg}`);
  return envelope.data;
}

/**
 * A member's session in a browser as signing in leaves it: the HttpOnly cookie the server reads
 * for pages and the stored token (`_a_ltk_`) the web app sends; a page with the cookie alone is
 * a guest's (spec S4-001, app/stale-session.ts).
 */
export async function signInByToken(context: BrowserContext, siteUrl: string, token: string): Promise<void> {
  await context.addCookies([{ name: 'inquire_token', value: token, url: siteUrl }]);
  await context.addInitScript((value) => {
    localStorage.setItem('_a_ltk_', JSON.stringify({ value, expires: Date.now() + 3_600_000 }));
  }, token);
}
