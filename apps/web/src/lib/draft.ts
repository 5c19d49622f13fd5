import { TIMING } from '@inquire/shared';
import { useCallback, useEffect, useRef } from 'react';
import { storage } from './storage';

/**
 * Keeps a form's draft in local storage (an `_a_` key, 7-day expiry), written at most once
 * every 3 s while the reader types (spec section 4). The returned `clear` removes the draft
 * and cancels a pending write, for post and discard.
 */
export function useDraft<T>(key: string, value: T, enabled: boolean): () => void {
  const latest = useRef(value);
  latest.current = value;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!enabled || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      storage.set(key, latest.current);
    }, TIMING.draftThrottleMs);
  }, [key, value, enabled]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    storage.remove(key);
  }, [key]);
}

export function readDraft<T>(key: string): T | undefined {
  return storage.get<T>(key);
}
