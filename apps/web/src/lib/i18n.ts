import { catalogs } from '@inquire/i18n';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@inquire/shared';
import { STORAGE_KEYS, storage } from './storage';
import { createTranslator, type Catalog, type Translator } from './translator';

export const LANG_COOKIE = 'inquire_lang';

/** The server's translator for one language; the server holds every catalog. */
export function createI18n(lang: Language): Translator {
  return createTranslator(lang, catalogs as Record<Language, Catalog>);
}

/**
 * The browser's strings: one language per chunk, without the server-only sections (emails,
 * demo content; built by the inquire:browser-catalogs plugin in vite.config.ts), loaded when
 * needed.
 */
const browserCatalogs: Record<Language, () => Promise<Catalog>> = {
  en_US: () => import('virtual:inquire-catalog/en_US').then((m) => m.catalog as Catalog),
  zh_CN: () => import('virtual:inquire-catalog/zh_CN').then((m) => m.catalog as Catalog),
};

let browserI18n: Translator | undefined;

/** The browser's translator (one per page), with the page's language loaded. */
export async function browserInstance(lang: Language): Promise<Translator> {
  browserI18n ??= createTranslator(lang, { [lang]: await browserCatalogs[lang]() });
  return browserI18n;
}

export function currentLanguage(): Language {
  const lang = browserI18n?.language;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** Switches the interface language and remembers it for the server's next render. */
export async function switchLanguage(lang: Language): Promise<void> {
  storage.set(STORAGE_KEYS.language, lang);
  document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
  document.documentElement.lang = lang === 'zh_CN' ? 'zh-CN' : 'en';
  if (browserI18n && !browserI18n.hasCatalog(lang)) browserI18n.addCatalog(lang, await browserCatalogs[lang]());
  await browserI18n?.changeLanguage(lang);
}
