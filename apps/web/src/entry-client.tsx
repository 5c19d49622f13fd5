import './styles.css';
// First, before any module parses with zod.
import './lib/csp-safe-zod';
import { isLanguage } from '@inquire/shared';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { HydrationMark } from './app/hydration-mark';
import { lazyRouteFailures, resolveLazyRoutes } from './app/lazy-routes';
import { routes } from './app/routes';
import { pageDataStrategy } from './app/page-data';
import { markSessionRead } from './app/session';
import { getToken } from './lib/auth-storage';
import { adoptLandingToken } from './lib/landing-token';
import { withChunkTimeout } from './lib/chunk';
import { loadDeferred } from './lib/deferred';
import { restorePostHtml } from './lib/html-once';
import { browserInstance, completeStrings } from './lib/i18n';
import { TranslationProvider } from './lib/translation';
import type { Catalog } from './lib/translator';

declare global {
  interface Window {
    __INQUIRE__?: { lang?: string };
    __staticRouterHydrationData?: { loaderData?: Record<string, unknown> };
    /** Chunks of the deferred components the server's HTML holds (lib/deferred.tsx). */
    __inquireDeferred?: string[];
    /** The strings the server render used, by language (entry-server.tsx). */
    __inquireStrings?: Partial<Record<string, Catalog>>;
  }
}

const lang = window.__INQUIRE__?.lang;

// An external sign-in's token (/users/auth-landing?access_token=…): stored, and out of the
// address bar, before anything else runs. Blocked storage must not keep the page from hydrating.
try {
  adoptLandingToken();
} catch {
  // The landing page finds no token and says the sign-in failed.
}

// The server render's data hydrates the router (read from the page by the router itself):
// nothing is fetched again. Later navigations ask the server for page data in one call.
markSessionRead();
const hydration = window.__staticRouterHydrationData;
if (hydration?.loaderData)
  hydration.loaderData = restorePostHtml(hydration.loaderData, document) as Record<string, unknown>;
// The page's own chunk (code splitting by route), the deferred parts its HTML holds and its
// language's strings before the router, so hydration renders what the server rendered. Not a
// top-level await: the page's chunk imports the shared chunk this module is built into, which
// must finish evaluating first.
async function hydrate(): Promise<void> {
  // A member's page without the stored token that signs them in (spec S4-001): a guest's.
  const rendered = hydration?.loaderData?.root as { user?: unknown } | undefined;
  if (rendered?.user && getToken() === undefined) {
    // Blocked storage or a chunk that did not come must not keep the page from hydrating.
    const dropped = await withChunkTimeout(import('./app/stale-session'))
      .then((m) => m.dropStaleSession())
      .catch(() => false);
    if (dropped) {
      window.location.reload();
      return;
    }
  }
  const [i18n] = await Promise.all([
    browserInstance(isLanguage(lang) ? lang : 'en_US', window.__inquireStrings),
    // The page's modules first: they name its deferred components.
    resolveLazyRoutes(routes, window.location).then(() => loadDeferred(window.__inquireDeferred ?? [])),
  ]);
  const loadPageData = pageDataStrategy(() => router.state.loaderData);
  const router = createBrowserRouter(routes, {
    // The next page may show any string: the whole catalog comes with its data. A catalog that
    // cannot be loaded does not fail the page; a string still missing asks for it again. A page
    // whose code did not load fails onto the error page.
    dataStrategy: async (args) => {
      const [results, failures] = await Promise.all([
        loadPageData(args),
        lazyRouteFailures(args.matches),
        completeStrings().catch(() => undefined),
      ]);
      return { ...results, ...failures };
    },
  });
  // A reader's first input (a press, a key, focus on a field) may open or change anything, and a
  // form translates its messages as it is sent: the whole catalog starts loading then. Offline,
  // it fails quietly and is tried again when a string is missing or a dialog opens.
  const complete = () => void completeStrings().catch(() => undefined);
  for (const type of ['pointerdown', 'keydown', 'focusin']) {
    window.addEventListener(type, complete, { once: true, passive: true, capture: true });
  }
  const container = document.getElementById('root');
  if (container) {
    hydrateRoot(
      container,
      <TranslationProvider i18n={i18n}>
        <HydrationMark>
          <RouterProvider router={router} />
        </HydrationMark>
      </TranslationProvider>,
    );
  }
}
void hydrate();
