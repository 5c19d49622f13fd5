import { TIMING } from '@inquire/shared';
import { useEffect, useState } from 'react';

/**
 * Placeholder lines for slow content, shown only after 1000 ms (spec section 9) so fast
 * loads never flash them.
 */
export function Skeleton({
  lines = 3,
  label,
  delayMs = TIMING.skeletonDelayMs,
}: {
  lines?: number;
  label: string;
  delayMs?: number;
}) {
  const [visible, setVisible] = useState(delayMs === 0);
  useEffect(() => {
    if (delayMs === 0) return;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <div role="status" aria-label={label} className="space-y-2" data-testid="skeleton">
      {Array.from({ length: lines }, (_, i) => (
        <div
          key={i}
          className="h-4 animate-pulse rounded bg-gray-200 dark:bg-gray-800"
          style={{ width: `${100 - i * 12}%` }}
        />
      ))}
    </div>
  );
}

/** A determinate progress bar. */
export function ProgressBar({ value, max = 100, label }: { value: number; max?: number; label: string }) {
  const percent = Math.round((Math.min(value, max) / max) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className="h-2 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
    >
      <div className="h-full rounded-full bg-primary-solid transition-all" style={{ width: `${percent}%` }} />
    </div>
  );
}
