import { ROLE } from '@inquire/shared';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useRouteLoaderData } from 'react-router';
import type { Session } from '../app/session';
import { isPeoplePath } from '../components/nav-sections';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm ${
    isActive
      ? 'bg-primary-50 font-semibold text-primary-text dark:bg-gray-800'
      : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800'
  }`;

/** Side navigation on wide screens (the header menu takes over on phones), then the page. */
export function SideLayout() {
  const { t } = useTranslation();
  const { user } = useRouteLoaderData('root') as Session;
  const { pathname } = useLocation();
  const staff = user?.role_id === ROLE.admin || user?.role_id === ROLE.moderator;
  return (
    <div className="mx-auto flex w-full max-w-6xl gap-6 px-4 py-6">
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
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
