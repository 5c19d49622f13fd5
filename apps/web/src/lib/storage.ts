import { TIMING } from '@inquire/shared';

/**
 * Local storage under `_a_` keys (spec section 9). Each value is stored with its expiry,
 * 7 days unless told otherwise; an expired value reads as absent and is removed.
 */
export const STORAGE_KEYS = {
  token: '_a_ltk_',
  returnUrl: '_a_rt_',
  language: '_a_lang_',
  colorScheme: '_a_color_scheme_',
  user: '_a_lui_',
  questionDraft: '_a_qd_',
  answerDraft: '_a_ad_',
} as const;

interface Stored<T> {
  value: T;
  expires: number;
}

function available(): boolean {
  try {
    return typeof localStorage !== 'undefined';
  } catch {
    return false;
  }
}

export const storage = {
  get<T>(key: string): T | undefined {
    if (!available()) return undefined;
    const raw = localStorage.getItem(key);
    if (raw === null) return undefined;
    try {
      const stored = JSON.parse(raw) as Stored<T>;
      if (typeof stored?.expires === 'number' && stored.expires <= Date.now()) {
        localStorage.removeItem(key);
        return undefined;
      }
      return stored.value;
    } catch {
      localStorage.removeItem(key);
      return undefined;
    }
  },

  set<T>(key: string, value: T, ttlMs: number = TIMING.storageTtlMs): void {
    if (!available()) return;
    const stored: Stored<T> = { value, expires: Date.now() + ttlMs };
    localStorage.setItem(key, JSON.stringify(stored));
  },

  remove(key: string): void {
    if (available()) localStorage.removeItem(key);
  },
};
