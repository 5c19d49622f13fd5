import { NavLink, Outlet } from 'react-router';
import { useTranslation } from '../../../lib/translation';

export const SETTINGS_TABS = ['profile', 'notify', 'account', 'interface'] as const;

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-3 py-2 text-sm ${
    isActive
      ? 'bg-gray-100 font-semibold text-gray-900 dark:bg-gray-800 dark:text-gray-100'
      : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800'
  }`;

/** `/users/settings/*`: the sub-screens of spec section 2 (plugins come with plugin settings). */
export function SettingsLayout() {
  const { t } = useTranslation();
  return (
    <div className="min-w-0 flex-1">
      <h1 className="mb-4 text-2xl font-semibold">{t('ui.account.settings.title')}</h1>
      <nav
        aria-label={t('ui.account.settings.title')}
        className="mb-6 overflow-x-auto border-b border-gray-200 pb-2 dark:border-gray-800"
      >
        <ul className="flex gap-1">
          {SETTINGS_TABS.map((tab) => (
            <li key={tab}>
              <NavLink to={`/users/settings/${tab}`} className={tabClass}>
                {t(`ui.account.settings.${tab}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="max-w-xl">
        <Outlet />
      </div>
    </div>
  );
}
