import { useEffect, useState } from 'react';

/**
 * Whether `active` has now been true for `delayMs` without a break: false before, and false
 * again as soon as it ends. Slow content waits on it to show its skeleton
 * (components/ui/skeleton.tsx, and the main layout's skeleton of a slow navigation).
 */
export function useDelayed(active: boolean, delayMs: number): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    if (!active || delayMs === 0) return;
    const timer = setTimeout(() => setPassed(true), delayMs);
    return () => {
      clearTimeout(timer);
      setPassed(false);
    };
  }, [active, delayMs]);
  return active && (delayMs === 0 || passed);
}
