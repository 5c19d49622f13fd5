import { useTranslation } from '../lib/translation';
import { useRouteLoaderData } from 'react-router';
import { Link } from './links';
import type { Session } from '../app/session';
import { LanguagePicker, SchemePicker } from './pickers';

export function SiteFooter() {
  const { t } = useTranslation();
  const { site, user } = useRouteLoaderData('root') as Session;
  const fallback = user?.color_scheme && user.color_scheme !== 'default' ? user.color_scheme : site.theme.color_scheme;
  return (
    <footer className="border-t border-gray-200 bg-gray-50 text-sm text-gray-700 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-300">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 sm:flex-row sm:items-center sm:justify-between">
        <nav className="flex flex-wrap gap-4" aria-label={t('ui.footer.legal')}>
          <Link to="/tos" className="hover:underline">
            {t('ui.footer.tos')}
          </Link>
          <Link to="/privacy" className="hover:underline">
            {t('ui.footer.privacy')}
          </Link>
          <span>{t('ui.footer.powered_by')}</span>
        </nav>
        <div className="flex flex-wrap items-center gap-3">
          <LanguagePicker />
          <SchemePicker fallback={fallback} />
        </div>
      </div>
    </footer>
  );
}
