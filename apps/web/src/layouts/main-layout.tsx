import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';

/**
 * Header, content, footer: every page but the standalone ones. Header and footer are Suspense
 * boundaries (nothing suspends: they only mark where the server's HTML may be hydrated in
 * turn), so the browser hydrates a page in several shorter tasks and stays responsive while it
 * does; the page itself hydrates first, with the root.
 */
export function MainLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Suspense>
        <SiteHeader />
      </Suspense>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Suspense>
        <SiteFooter />
      </Suspense>
    </div>
  );
}
