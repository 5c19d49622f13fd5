import { LANGUAGE_OPTIONS, isLanguage } from '@inquire/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteLoaderData } from 'react-router';
import type { Session } from '../app/session';
import { switchLanguage } from '../lib/i18n';
import { chooseScheme, storedScheme, type SchemeChoice } from '../lib/theme';

const selectClass =
  'rounded-md border border-gray-300 bg-white px-2 py-1 text-sm text-gray-800 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100';

export function SiteFooter() {
  const { t, i18n } = useTranslation();
  const { site, user } = useRouteLoaderData('root') as Session;
  const fallback = user?.color_scheme && user.color_scheme !== 'default' ? user.color_scheme : site.theme.color_scheme;
  // The stored choice is only known in the browser; render the site's default first.
  const [scheme, setScheme] = useState<SchemeChoice>(() =>
    fallback === 'light' || fallback === 'dark' ? fallback : 'system',
  );
  useEffect(() => setScheme(storedScheme(fallback)), [fallback]);

  return (
    <footer className="border-t border-gray-200 bg-gray-50 text-sm text-gray-600 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-400">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 sm:flex-row sm:items-center sm:justify-between">
        <nav className="flex flex-wrap gap-4" aria-label={t('ui.footer.tos')}>
          <Link to="/tos" className="hover:underline">
            {t('ui.footer.tos')}
          </Link>
          <Link to="/privacy" className="hover:underline">
            {t('ui.footer.privacy')}
          </Link>
          <span>{t('ui.footer.powered_by')}</span>
        </nav>
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2">
            <span>{t('ui.footer.language')}</span>
            <select
              className={selectClass}
              value={i18n.language}
              onChange={(e) => (isLanguage(e.target.value) ? void switchLanguage(e.target.value) : undefined)}
            >
              {LANGUAGE_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2">
            <span>{t('ui.footer.color_scheme')}</span>
            <select
              className={selectClass}
              value={scheme}
              onChange={(e) => {
                const next = e.target.value as SchemeChoice;
                setScheme(next);
                chooseScheme(next);
              }}
            >
              <option value="light">{t('ui.scheme.light')}</option>
              <option value="dark">{t('ui.scheme.dark')}</option>
              <option value="system">{t('ui.scheme.system')}</option>
            </select>
          </label>
        </div>
      </div>
    </footer>
  );
}
