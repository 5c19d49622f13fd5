import type { ReactNode } from 'react';

/** The frame of the auth and account pages: a centred column with a heading. */
export function AuthCard({ title, intro, children }: { title: ReactNode; intro?: ReactNode; children?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="mb-3 text-center text-2xl font-semibold">{title}</h1>
      {intro ? <p className="mb-8 text-center text-gray-600 dark:text-gray-400">{intro}</p> : <div className="mb-5" />}
      {children}
    </div>
  );
}

export const formCardClass =
  'space-y-5 rounded-lg border border-gray-200 bg-white p-6 shadow-xs dark:border-gray-800 dark:bg-gray-900';

/** Both password entries must match (spec section 5); the form checks it, the server needs one. */
export function passwordsMatch(pass: string, confirm: string): boolean {
  return pass === confirm;
}
