import { isAuthPath } from '../app/guards';

/**
 * Whether a path belongs to the people section: /users and personal pages, but not the
 * account pages that share the /users prefix (login, settings, notifications, logout).
 */
export function isPeoplePath(pathname: string): boolean {
  if (pathname === '/users') return true;
  if (!pathname.startsWith('/users/') || isAuthPath(pathname)) return false;
  return !/^\/users\/(settings|notifications|logout|unsubscribe|account-suspended)(\/|$)/.test(pathname);
}
