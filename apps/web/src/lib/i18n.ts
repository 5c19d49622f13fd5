import { catalogs } from '@inquire/i18n';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@inquire/shared';
import { createInstance, type i18n as I18n } from 'i18next';
import { STORAGE_KEYS, storage } from './storage';

export const LANG_COOKIE = 'inquire_lang';

const resources = {
  en_US: { translation: catalogs.en_US },
  zh_CN: { translation: catalogs.zh_CN },
};

/** A ready i18next instance; synchronous because both catalogs ship with the app. */
export function createI18n(lang: Language): I18n {
  const instance = createInstance();
  void instance.init({
    resources,
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

let browserI18n: I18n | undefined;

/** The browser's instance (one per page); the server makes one per request instead. */
export function browserInstance(lang: Language): I18n {
  browserI18n ??= createI18n(lang);
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
  await browserI18n?.changeLanguage(lang);
}
