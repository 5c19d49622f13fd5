import { MAIL_STATUS, type UserInfo } from '@inquire/shared';
import { STORAGE_KEYS, storage } from './storage';

/** The sign-in token lives in local storage (`_a_ltk_`) and goes out as Authorization. */
export function getToken(): string | undefined {
  return storage.get<string>(STORAGE_KEYS.token);
}

export function saveToken(token: string): void {
  storage.set(STORAGE_KEYS.token, token);
}

export function clearLogin(): void {
  storage.remove(STORAGE_KEYS.token);
  storage.remove(STORAGE_KEYS.user);
}

/** Only same-site paths are kept, so a crafted link cannot send people elsewhere after login. */
export function safeReturnPath(path: string | null | undefined): string | undefined {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return undefined;
  if (path.startsWith('/users/login') || path.startsWith('/users/register')) return undefined;
  return path;
}

export function saveReturnUrl(path: string): void {
  const safe = safeReturnPath(path);
  if (safe) storage.set(STORAGE_KEYS.returnUrl, safe);
}

/** The page saved before login, once: reading it removes it. */
export function takeReturnUrl(): string {
  const path = safeReturnPath(storage.get<string>(STORAGE_KEYS.returnUrl));
  storage.remove(STORAGE_KEYS.returnUrl);
  return path ?? '/';
}

/**
 * Where a fresh sign-in goes (spec S4-025..S4-027), by the member the server answered: the
 * suspended page, the "please activate" page, else the saved return URL (once) or home.
 */
export function afterSignIn(user: Pick<UserInfo, 'status' | 'mail_status'>): string {
  if (user.status === 'suspended') return '/users/account-suspended';
  if (user.mail_status !== MAIL_STATUS.activated) return '/users/login?status=inactive';
  return takeReturnUrl();
}
