import type { ReactNode } from 'react';

const KINDS = {
  danger: 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200',
  warning: 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200',
  success: 'border-green-200 bg-green-50 text-green-800 dark:border-green-900 dark:bg-green-950 dark:text-green-200',
  info: 'border-primary-200 bg-primary-50 text-primary-900 dark:border-primary-800 dark:bg-gray-900 dark:text-primary-200',
} as const;

export function Alert({ kind = 'info', children }: { kind?: keyof typeof KINDS; children: ReactNode }) {
  return (
    <div role={kind === 'danger' ? 'alert' : 'status'} className={`rounded-md border px-4 py-3 text-sm ${KINDS[kind]}`}>
      {children}
    </div>
  );
}
