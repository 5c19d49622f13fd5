import { catalogs } from '@inquire/i18n';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@inquire/shared';
import { STORAGE_KEYS, storage } from './storage';
import { createTranslator, type Catalog, type Translator } from './translator';
import { withChunkTimeout } from './chunk';

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
  en_US: () => withChunkTimeout(import('virtual:inquire-catalog/en_US')).then((m) => m.catalog as Catalog),
  zh_CN: () => withChunkTimeout(import('virtual:inquire-catalog/zh_CN')).then((m) => m.catalog as Catalog),
};

let browserI18n: Translator | undefined;
/** Languages of which the browser holds only the strings its page's server render used. */
const partial = new Set<Language>();
let completing: Promise<void> | undefined;

/**
 * The browser's translator (one per page). With `pageStrings` (the strings the server render
 * used, sent with the page) it starts at once and loads the whole catalog when a string is
 * missing or completeStrings is called; without, it loads the page's language first.
 */
export async function browserInstance(
  lang: Language,
  pageStrings?: Partial<Record<Language, Catalog>>,
): Promise<Translator> {
  if (browserI18n) return browserI18n;
  if (pageStrings) {
    partial.add(lang);
    for (const language of Object.keys(pageStrings)) if (isLanguage(language)) partial.add(language);
    // A load that fails (the site cannot be reached) is tried again at the next missing string.
    browserI18n = createTranslator(lang, pageStrings, () => void completeStrings().catch(() => undefined));
  } else {
    browserI18n = createTranslator(lang, { [lang]: await browserCatalogs[lang]() });
  }
  return browserI18n;
}

/**
 * Loads the whole catalogs of the languages the page came with only its own strings of: on a
 * reader's first input, before a client-side navigation, and before code that draws new text
 * (dialogs, menus) shows it.
 */
export function completeStrings(): Promise<void> {
  if (partial.size === 0) return Promise.resolve();
  completing ??= Promise.all(
    [...partial].map(async (language) => {
      const catalog = await browserCatalogs[language]();
      partial.delete(language);
      browserI18n?.addCatalog(language, catalog);
    }),
  ).then(
    () => undefined,
    (error: unknown) => {
      completing = undefined;
      throw error;
    },
  );
  return completing;
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
  await completeStrings();
  if (browserI18n && !browserI18n.hasCatalog(lang)) browserI18n.addCatalog(lang, await browserCatalogs[lang]());
  await browserI18n?.changeLanguage(lang);
}
