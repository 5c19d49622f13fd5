import { useTranslation } from '../lib/translation';
import { NavLink, Outlet } from 'react-router';

/**
 * The admin area's navigation, grouped as in spec section 2. Only pages that exist are
 * listed; the others join their group as they are built.
 */
const GROUPS = [
  { key: 'customize', items: [{ to: '/admin/themes', key: 'themes' }] },
  { key: 'settings', items: [{ to: '/admin/smtp', key: 'smtp' }] },
  { key: 'developer', items: [{ to: '/admin/design', key: 'design' }] },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm ${
    isActive
      ? 'bg-primary-50 font-semibold text-gray-900 dark:bg-gray-800 dark:text-gray-100'
      : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800'
  }`;

export function AdminLayout() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 md:flex-row">
      <nav aria-label={t('ui.admin.navigation')} className="md:w-48 md:shrink-0">
        <h2 className="mb-3 text-lg font-semibold">{t('ui.admin.title')}</h2>
        {GROUPS.map((group) => (
          <div key={group.key} className="mb-4">
            <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-400">
              {t(`ui.admin.groups.${group.key}`)}
            </p>
            <ul className="space-y-1">
              {group.items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={linkClass}>
                    {t(`ui.admin.nav.${item.key}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
