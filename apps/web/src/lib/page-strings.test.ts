import { describe, expect, it } from 'vitest';
import { pickStrings } from './page-strings';
import { createTranslator, type Catalog } from './translator';

const en: Catalog = {
  ui: { title: 'Questions', answers_one: '{{count}} answer', answers_other: '{{count}} answers', only_en: 'English' },
  form: { unused: 'Not on this page' },
};
const zh: Catalog = { ui: { title: '问题', answers_other: '{{count}} 个回答' } };

describe('the strings a page is sent with', () => {
  it('[P-4] hold the keys the render used, with their plural forms, and nothing else', () => {
    const picked = pickStrings({ en_US: en, zh_CN: zh }, 'en_US', ['ui.title', 'ui.answers']);
    expect(picked).toEqual({
      en_US: { ui: { title: 'Questions', answers_one: '{{count}} answer', answers_other: '{{count}} answers' } },
    });
  });

  it('[P-4] translate as the whole catalogs do, English filling what Chinese lacks', () => {
    const keys = ['ui.title', 'ui.answers', 'ui.only_en'];
    const picked = pickStrings({ en_US: en, zh_CN: zh }, 'zh_CN', keys);
    const partial = createTranslator('zh_CN', picked);
    const whole = createTranslator('zh_CN', { en_US: en, zh_CN: zh });
    for (const key of keys) expect(partial.t(key, { count: 1 })).toBe(whole.t(key, { count: 1 }));
    expect(partial.t('ui.only_en')).toBe('English');
  });

  it('[P-4] a key the partial strings lack is reported, and answered once the catalog is added', () => {
    const missing: string[] = [];
    const translator = createTranslator('en_US', { en_US: { ui: { title: 'Questions' } } }, (key) => missing.push(key));
    const added: string[] = [];
    translator.on('stringsAdded', (lang) => added.push(lang));
    expect(translator.t('ui.only_en')).toBe('ui.only_en');
    expect(missing).toEqual(['ui.only_en']);
    translator.addCatalog('en_US', en);
    expect(added).toEqual(['en_US']);
    expect(translator.t('ui.only_en')).toBe('English');
  });
});
