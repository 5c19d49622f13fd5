import type { TFunction } from 'i18next';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Translator as I18n } from './translator';

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
    const changed = (next: I18n['language']) => setLanguage(next);
    i18n.on('languageChanged', changed);
    return () => i18n.off('languageChanged', changed);
  }, [i18n]);
  const value = useMemo(() => ({ i18n, t: cachedT(i18n, language) }), [i18n, language]);
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}

const translators = new WeakMap<I18n, Map<string, TFunction>>();

/**
 * A `t` that remembers plain lookups (a key with no options), which are most of a page's
 * strings: i18next's own lookup was the largest single cost of a server render. Calls with
 * options (interpolation, plurals) are translated every time. Catalogs never change while the
 * process runs, so the memo never goes stale.
 */
function cachedT(i18n: I18n, language: I18n['language']): TFunction {
  let perLanguage = translators.get(i18n);
  if (!perLanguage) translators.set(i18n, (perLanguage = new Map()));
  const existing = perLanguage.get(language);
  if (existing) return existing;
  const base = i18n.getFixedT(language);
  const memo = new Map<string, string>();
  const t = ((key: string | string[], options?: unknown) => {
    if (options !== undefined || typeof key !== 'string') return base(key as string, options as never);
    let text = memo.get(key);
    if (text === undefined) {
      text = base(key);
      memo.set(key, text);
    }
    return text;
  }) as TFunction;
  perLanguage.set(language, t);
  return t;
}

export function useTranslation(): Translation {
  const value = useContext(TranslationContext);
  if (!value) throw new Error('useTranslation needs a TranslationProvider');
  return value;
}
