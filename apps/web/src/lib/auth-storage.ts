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
