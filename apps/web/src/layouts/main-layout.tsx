import { Suspense } from 'react';
import { Outlet, useRouteLoaderData } from 'react-router';
import type { Session } from '../app/session';
import { CustomHtml } from '../components/custom-html';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';

/**
 * Header, content, footer: every page but the standalone ones. Header and footer are Suspense
 * boundaries (nothing suspends: they only mark where the server's HTML may be hydrated in
 * turn), so the browser hydrates a page in several shorter tasks and stays responsive while it
 * does; the page itself hydrates first, with the root.
 */
export function MainLayout() {
  const { site } = useRouteLoaderData('root') as Session;
  const { custom_header, custom_footer } = site.custom_css_html;
  return (
    <div className="flex min-h-screen flex-col">
      <CustomHtml html={custom_header} />
      <Suspense>
        <SiteHeader />
      </Suspense>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Suspense>
        <SiteFooter />
      </Suspense>
      <CustomHtml html={custom_footer} />
    </div>
  );
}
