import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';

/**
 * Header, content, footer: every page but the standalone ones. Each part is its own Suspense
 * boundary (nothing suspends: they only mark where the server's HTML may be hydrated in
 * turn), so the browser hydrates a page in several short tasks instead of one long one and
 * stays responsive while it does.
 */
export function MainLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Suspense>
        <SiteHeader />
      </Suspense>
      <main id="main" className="flex-1">
        <Suspense>
          <Outlet />
        </Suspense>
      </main>
      <Suspense>
        <SiteFooter />
      </Suspense>
    </div>
  );
}
