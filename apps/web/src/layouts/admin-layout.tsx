import { useTranslation } from '../lib/translation';
import { NavLink, Outlet, useLocation } from 'react-router';

/**
 * The admin area's navigation, grouped as in spec section 2. Every page of the spec is listed;
 * a page not built yet keeps its admin guard and answers the 404 page (no placeholders).
 */
const GROUPS = [
  { key: 'dashboard', items: [{ to: '/admin', key: 'dashboard', end: true }] },
  {
    key: 'contents',
    items: [
      { to: '/admin/questions', key: 'questions' },
      { to: '/admin/answers', key: 'answers' },
    ],
  },
  { key: 'users', items: [{ to: '/admin/users', key: 'users' }] },
  {
    key: 'customize',
    items: [
      { to: '/admin/themes', key: 'themes' },
      { to: '/admin/css-html', key: 'css_html' },
    ],
  },
  {
    key: 'settings',
    items: [
      { to: '/admin/general', key: 'general' },
      { to: '/admin/interface', key: 'interface' },
      { to: '/admin/branding', key: 'branding' },
      { to: '/admin/smtp', key: 'smtp' },
      { to: '/admin/legal', key: 'legal' },
      { to: '/admin/write', key: 'write' },
      { to: '/admin/seo', key: 'seo' },
      { to: '/admin/login', key: 'login' },
      { to: '/admin/settings-users', key: 'settings_users' },
      { to: '/admin/privileges', key: 'privileges' },
    ],
  },
  { key: 'plugins', items: [{ to: '/admin/installed-plugins', key: 'installed_plugins' }] },
  { key: 'developer', items: [{ to: '/admin/design', key: 'design' }] },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm ${
    isActive
      ? 'bg-primary-50 font-semibold text-gray-900 dark:bg-gray-800 dark:text-gray-100'
      : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800'
  }`;

function AdminNav({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label}>
      {GROUPS.map((group) => (
        <div key={group.key} className="mb-4">
          <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-400">
            {t(`ui.admin.groups.${group.key}`)}
          </p>
          <ul className="space-y-1">
            {group.items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={'end' in item} className={linkClass}>
                  {t(`ui.admin.nav.${item.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

export function AdminLayout() {
  const { t } = useTranslation();
  // The phone menu closes on navigation: keyed by the path, it mounts closed on each page.
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 md:flex-row">
      <div className="md:w-48 md:shrink-0">
        <h2 className="mb-3 text-lg font-semibold">{t('ui.admin.title')}</h2>
        {/* Phones: the navigation folds into a menu; no script needed to open it. */}
        <details key={pathname} className="rounded-md border border-gray-200 md:hidden dark:border-gray-700">
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium">{t('ui.admin.menu')}</summary>
          <div className="px-1 pt-2">
            <AdminNav label={t('ui.admin.navigation')} />
          </div>
        </details>
        <div className="hidden md:block">
          <AdminNav label={t('ui.admin.navigation')} />
        </div>
      </div>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
