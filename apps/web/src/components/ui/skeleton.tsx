import { TIMING } from '@inquire/shared';
import { useDelayed } from '../../lib/use-delayed';

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
  const visible = useDelayed(true, delayMs);
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
