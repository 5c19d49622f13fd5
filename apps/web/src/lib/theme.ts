import { STORAGE_KEYS, storage } from './storage';

export type SchemeChoice = 'light' | 'dark' | 'system';

const DARK_QUERY = '(prefers-color-scheme: dark)';
let stopFollowing: (() => void) | undefined;

function resolve(choice: SchemeChoice): 'light' | 'dark' {
  if (choice !== 'system') return choice;
  return matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** The reader's stored choice, else the given fallback (account or site default). */
export function storedScheme(fallback: string): SchemeChoice {
  const stored = storage.get<string>(STORAGE_KEYS.colorScheme) ?? fallback;
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

/**
 * Applies a scheme to the page. "system" follows the device and keeps following it when
 * the device switches, without a reload (spec section 4).
 */
export function applyScheme(choice: SchemeChoice): void {
  stopFollowing?.();
  stopFollowing = undefined;
  document.documentElement.setAttribute('data-theme', resolve(choice));
  if (choice === 'system') {
    const media = matchMedia(DARK_QUERY);
    const follow = () => document.documentElement.setAttribute('data-theme', resolve('system'));
    media.addEventListener('change', follow);
    stopFollowing = () => media.removeEventListener('change', follow);
  }
}

export function chooseScheme(choice: SchemeChoice): void {
  storage.set(STORAGE_KEYS.colorScheme, choice);
  applyScheme(choice);
}
