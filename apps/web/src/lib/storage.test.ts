import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { safeReturnPath } from './auth-storage';
import { STORAGE_KEYS, storage } from './storage';

beforeEach(() => {
  const memory = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => memory.set(k, v),
    removeItem: (k: string) => memory.delete(k),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('local storage wrapper', () => {
  it('[S9-001] keeps the token under _a_ltk_', () => {
    storage.set(STORAGE_KEYS.token, 'abc');
    expect(localStorage.getItem('_a_ltk_')).toContain('abc');
    expect(Object.values(STORAGE_KEYS).every((k) => k.startsWith('_a_'))).toBe(true);
  });

  it('[S9-005] forgets values after 7 days', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    storage.set(STORAGE_KEYS.language, 'zh_CN');
    vi.setSystemTime(new Date('2026-01-07T23:59:00Z'));
    expect(storage.get(STORAGE_KEYS.language)).toBe('zh_CN');
    vi.setSystemTime(new Date('2026-01-08T00:00:01Z'));
    expect(storage.get(STORAGE_KEYS.language)).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBeNull();
  });

  it('keeps only same-site return paths', () => {
    expect(safeReturnPath('/questions/1')).toBe('/questions/1');
    expect(safeReturnPath('//evil.example')).toBeUndefined();
    expect(safeReturnPath('https://evil.example')).toBeUndefined();
    expect(safeReturnPath('/\\evil.example')).toBeUndefined();
    expect(safeReturnPath('/users/login?x')).toBeUndefined();
  });
});
