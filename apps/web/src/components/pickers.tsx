import { isLanguage, LANGUAGE_OPTIONS } from '@inquire/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../lib/translation';
import { switchLanguage } from '../lib/i18n';
import { chooseScheme, storedScheme, type SchemeChoice } from '../lib/theme';

/** Switches the interface language at once, and for the next server render (cookie). */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <span className="flex items-center gap-2">
      <label htmlFor={id}>{t('ui.footer.language')}</label>
      <select
        id={id}
        className="picker"
        value={i18n.language}
        onChange={(e) => (isLanguage(e.target.value) ? void switchLanguage(e.target.value) : undefined)}
      >
        {LANGUAGE_OPTIONS.map((o) => (
          <option key={o.value} value={o.value} lang={o.value === 'zh_CN' ? 'zh-CN' : 'en'}>
            {o.label}
          </option>
        ))}
      </select>
    </span>
  );
}

/**
 * Light, dark or system. The stored choice is only known in the browser, so the server and
 * the first client render show the default, then the stored choice.
 */
export function SchemePicker({ fallback }: { fallback: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [scheme, setScheme] = useState<SchemeChoice>(() =>
    fallback === 'light' || fallback === 'dark' ? fallback : 'system',
  );
  useEffect(() => setScheme(storedScheme(fallback)), [fallback]);
  return (
    <span className="flex items-center gap-2">
      <label htmlFor={id}>{t('ui.footer.color_scheme')}</label>
      <select
        id={id}
        className="picker"
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
    </span>
  );
}
