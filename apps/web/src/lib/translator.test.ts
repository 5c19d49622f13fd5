import { catalogs, leafKeys } from '@inquire/i18n';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { createTranslator, type Catalog } from './translator';

const LANGUAGES = ['en_US', 'zh_CN'] as const;
const VALUES = { site: 'Site', tag: 'go', name: 'Ann', email: 'a@b.c', formatted: '1.2k', time: '5 min', n: 3 };

function i18nextFor(lang: (typeof LANGUAGES)[number]) {
  const instance = createInstance();
  void instance.init({
    resources: { en_US: { translation: catalogs.en_US }, zh_CN: { translation: catalogs.zh_CN } },
    lng: lang,
    fallbackLng: 'en_US',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

describe('translator', () => {
  it.each(LANGUAGES)(
    '[P-4] answers exactly what i18next answered for every key the browser gets (%s): plain, plurals by count, values, fallback',
    (lang) => {
      const reference = i18nextFor(lang);
      const ours = createTranslator(lang, catalogs as Record<string, Catalog>);
      const keys = new Set(
        leafKeys(catalogs[lang])
          .filter((key) => !key.startsWith('email.') && !key.startsWith('seed.'))
          .map((key) => key.replace(/_(one|other)$/, '')),
      );
      expect(keys.size).toBeGreaterThan(300);
      for (const key of keys) {
        expect(ours.t(key), key).toBe(reference.t(key));
        for (const count of [0, 1, 2, 1000]) {
          expect(ours.t(key, { ...VALUES, count }), `${key} ${count}`).toBe(reference.t(key, { ...VALUES, count }));
        }
      }
      expect(ours.t('ui.no_such_key')).toBe(reference.t('ui.no_such_key'));
      expect(ours.t('ui.no_such_key', { defaultValue: 'x {{n}}', n: 2 })).toBe(
        reference.t('ui.no_such_key', { defaultValue: 'x {{n}}', n: 2 }),
      );
    },
  );

  it('[P-4] falls back to English for a key the language lacks, finds strings added later, and follows a language change', async () => {
    const translator = createTranslator('zh_CN', { en_US: { ui: { only: 'English only' } }, zh_CN: { ui: {} } });
    expect(translator.t('ui.only')).toBe('English only');
    expect(translator.t('ui.later')).toBe('ui.later');
    translator.addCatalog('zh_CN', { ui: { later: '稍后' } });
    expect(translator.t('ui.later')).toBe('稍后');
    const seen: string[] = [];
    translator.on('languageChanged', (lang) => seen.push(lang));
    translator.addCatalog('en_US', { ui: { only: 'Changed' } });
    await translator.changeLanguage('en_US');
    expect(translator.language).toBe('en_US');
    expect(translator.t('ui.only')).toBe('Changed');
    expect(seen).toEqual(['en_US']);
  });
});
