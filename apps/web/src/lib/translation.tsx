import type { i18n as I18n, TFunction } from 'i18next';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

interface Translation {
  t: TFunction;
  i18n: I18n;
}

const TranslationContext = createContext<Translation | null>(null);

/**
 * Gives every component the current language's `t`. One context value per language, so a
 * component's hook is a context read: react-i18next's own hook built a wrapper per call and
 * cost about a fifth of a page's server render (measured with `npm run bench`).
 */
export function TranslationProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [language, setLanguage] = useState(i18n.language);
  useEffect(() => {
    const changed = (next: string) => setLanguage(next);
    i18n.on('languageChanged', changed);
    return () => i18n.off('languageChanged', changed);
  }, [i18n]);
  const value = useMemo(() => ({ i18n, t: i18n.getFixedT(language) }), [i18n, language]);
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}

export function useTranslation(): Translation {
  const value = useContext(TranslationContext);
  if (!value) throw new Error('useTranslation needs a TranslationProvider');
  return value;
}
