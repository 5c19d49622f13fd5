/**
 * A determinate progress bar. Apart from the skeleton (skeleton.tsx), which every page's layout
 * carries in the entry chunk: this one stays out of it.
 */
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
