import { TIMING } from '@inquire/shared';
import { Suspense } from 'react';
import { Outlet, useLocation, useNavigation, useRouteLoaderData } from 'react-router';
import type { Session } from '../app/session';
import { CustomHtml } from '../components/custom-html';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { useDelayed } from '../lib/use-delayed';
import { useTranslation } from '../lib/translation';

/**
 * Header, content, footer: every page but the standalone ones. Header and footer are Suspense
 * boundaries (nothing suspends: they only mark where the server's HTML may be hydrated in
 * turn), so the browser hydrates a page in several shorter tasks and stays responsive while it
 * does; the page itself hydrates first, with the root.
 */
export function MainLayout() {
  const { site } = useRouteLoaderData('root') as Session;
  const { custom_header, custom_footer } = site.custom_css_html;
  // Read in every render, the server's too: the page's strings then hold it for the skeleton.
  const loading = useTranslation().t('ui.loading');
  return (
    <div className="flex min-h-screen flex-col">
      <CustomHtml html={custom_header} />
      <Suspense>
        <SiteHeader />
      </Suspense>
      <main id="main" className="flex-1">
        <PageOrSkeleton label={loading} />
      </main>
      <Suspense>
        <SiteFooter />
      </Suspense>
      <CustomHtml html={custom_footer} />
    </div>
  );
}

/**
 * The page; or, once a client-side navigation to another address has waited 1000 ms for the
 * next page (its data or its code), a skeleton in its place until that page shows (spec
 * section 9). A quicker navigation keeps the page it leaves on screen until the next one
 * renders: no skeleton flashes.
 */
function PageOrSkeleton({ label }: { label: string }) {
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const next = navigation.location;
  const leaving =
    navigation.state === 'loading' && next !== undefined && (next.pathname !== pathname || next.search !== search);
  const slow = useDelayed(leaving, TIMING.skeletonDelayMs);
  if (!slow) return <Outlet />;
  // The design system's Skeleton lines, drawn by the stylesheet (styles.css, .page-skeleton):
  // the script every page loads stays within its budget.
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6">
      <div role="status" aria-label={label} data-testid="skeleton" className="page-skeleton" />
    </div>
  );
}
