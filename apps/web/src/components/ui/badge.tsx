import type { ReactNode } from 'react';
import { Link } from '../links';

const BADGE = {
  neutral: 'bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-200',
  success: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  danger: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
  primary: 'bg-primary-solid text-on-primary-solid',
} as const;

/** A small status label (closed, pinned, deleted …). Plain markup: used in lists. */
export function Badge({ kind = 'neutral', children }: { kind?: keyof typeof BADGE; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium ${BADGE[kind]}`}>
      {children}
    </span>
  );
}

/** A tag link; plain markup because a page lists many. */
export function TagChip({ slug, name, reserved = false }: { slug: string; name: string; reserved?: boolean }) {
  return (
    <Link
      to={`/tags/${encodeURIComponent(slug)}`}
      // One short class (styles.css): a list page repeats the chip on every question.
      className={reserved ? 'tag-chip reserved' : 'tag-chip'}
    >
      {name}
    </Link>
  );
}
