import type { ReactNode } from 'react';

export function Card({ title, children, footer }: { title?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    // One short class each (styles.css): sidebars stack several cards on every page.
    <section className="card">
      {title ? <h2 className="card-title">{title}</h2> : null}
      <div className="p-4">{children}</div>
      {footer ? <div className="border-t border-gray-200 px-4 py-3 dark:border-gray-800">{footer}</div> : null}
    </section>
  );
}

/** What a list shows when it has nothing, with an optional next step. */
export function EmptyState({ title, text, action }: { title: ReactNode; text?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-gray-300 px-6 py-12 text-center dark:border-gray-700">
      <p className="text-base font-medium text-gray-900 dark:text-gray-100">{title}</p>
      {text ? <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{text}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}
