import { Suspense } from 'react';
import { useTranslation } from '../lib/translation';
import {
  Outlet,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteLoaderData,
  type LoaderFunctionArgs,
} from 'react-router';
import type { RouteHandle } from '../app/head';
import { NavLink } from '../components/links';
import type { Session } from '../app/session';
import { HotQuestionsCard, loadHotQuestions, type HotQuestions } from '../components/hot-questions';
import { CustomHtml } from '../components/custom-html';
import { isPeoplePath } from '../components/nav-sections';

/** One short class (styles.css), as every page with the side navigation repeats it. */
const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'side-nav-link active' : 'side-nav-link');

export async function sideLayoutLoader({ context }: LoaderFunctionArgs): Promise<{ hot: HotQuestions }> {
  return { hot: await loadHotQuestions(context) };
}

/**
 * Side navigation on wide screens (the header menu takes over on phones), the page, and a
 * right sidebar that moves below the page on narrow screens.
 */
export function SideLayout() {
  const { t } = useTranslation();
  const { user, site } = useRouteLoaderData('root') as Session;
  const { hot } = (useLoaderData() as { hot: HotQuestions } | undefined) ?? { hot: [] };
  const { pathname } = useLocation();
  const staff = user?.actions.review ?? false;
  const customSidebar = site.custom_css_html.custom_sidebar;
  const pageAside = useMatches()
    .map((match) => (match.handle as RouteHandle | undefined)?.aside?.(match.loaderData))
    .filter(Boolean);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 md:flex-row">
      <nav aria-label={t('ui.nav.main_navigation')} className="hidden w-44 shrink-0 md:block">
        <ul className="sticky top-20 space-y-1">
          <li>
            <NavLink to="/questions" className={linkClass}>
              {t('ui.nav.questions')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/tags" className={linkClass}>
              {t('ui.nav.tags')}
            </NavLink>
          </li>
          <li>
            <NavLink
              to="/users"
              className={({ isActive }) => linkClass({ isActive: isActive && isPeoplePath(pathname) })}
            >
              {t('ui.nav.users')}
            </NavLink>
          </li>
          {staff ? (
            <li>
              <NavLink to="/review" className={linkClass}>
                {t('ui.nav.review')}
              </NavLink>
            </li>
          ) : null}
        </ul>
      </nav>
      <div className="flex min-w-0 flex-1 flex-col gap-6 lg:flex-row">
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
        <aside aria-label={t('ui.questions.hot')} className="space-y-4 lg:w-72 lg:shrink-0">
          {/* Hydrated in a task of its own, after the page (see MainLayout). */}
          <Suspense>
            {pageAside}
            <HotQuestionsCard questions={hot} permalink={site.site_seo.permalink} />
            <CustomHtml html={customSidebar} />
          </Suspense>
        </aside>
      </div>
    </div>
  );
}
