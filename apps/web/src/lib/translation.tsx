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
  // Strings added later (the browser's full catalog after the page's own) redraw what showed a key.
  const [strings, setStrings] = useState(0);
  useEffect(() => {
    const changed = (next: I18n['language']) => setLanguage(next);
    const added = () => setStrings((n) => n + 1);
    i18n.on('languageChanged', changed);
    i18n.on('stringsAdded', added);
    return () => {
      i18n.off('languageChanged', changed);
      i18n.off('stringsAdded', added);
    };
  }, [i18n]);
  // `strings` counts catalog additions: each makes a new value, which redraws the readers.
  const value = useMemo(() => ({ i18n, t: cachedT(i18n, language) }), [i18n, language, strings]);
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}

const translators = new WeakMap<I18n, Map<string, TFunction>>();

/** While a server render runs (collectStrings): every key it translates. */
let usedKeys: Set<string> | undefined;

/**
 * Runs a synchronous render and answers the keys it translated: the browser is sent these
 * strings with the page instead of loading its language's whole catalog first.
 */
export function collectStrings<T>(render: () => T): { result: T; keys: Set<string> } {
  const keys = new Set<string>();
  usedKeys = keys;
  try {
    return { result: render(), keys };
  } finally {
    usedKeys = undefined;
  }
}

/**
 * A `t` that remembers plain lookups (a key with no options), which are most of a page's
 * strings: i18next's own lookup was the largest single cost of a server render. Calls with
 * options (interpolation, plurals) are translated every time. A catalog only ever gains strings,
 * and a key not found (answered as itself) is not remembered, so the memo never goes stale.
 */
function cachedT(i18n: I18n, language: I18n['language']): TFunction {
  let perLanguage = translators.get(i18n);
  if (!perLanguage) translators.set(i18n, (perLanguage = new Map()));
  const existing = perLanguage.get(language);
  if (existing) return existing;
  const base = i18n.getFixedT(language);
  const memo = new Map<string, string>();
  const t = ((key: string | string[], options?: unknown) => {
    if (typeof key === 'string') usedKeys?.add(key);
    if (options !== undefined || typeof key !== 'string') return base(key as string, options as never);
    let text = memo.get(key);
    if (text === undefined) {
      text = base(key);
      if (text !== key) memo.set(key, text);
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
