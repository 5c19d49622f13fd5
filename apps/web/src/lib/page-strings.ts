import { DEFAULT_LANGUAGE, type Language } from '@inquire/shared';
import { lookup, type Catalog } from './translator';

type Catalogs = Partial<Record<Language, Catalog>>;

const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

function place(catalog: Catalog, key: string, text: string): void {
  const parts = key.split('.');
  const last = parts.pop() ?? key;
  let node = catalog;
  for (const part of parts) {
    const next = node[part];
    if (typeof next === 'object') node = next;
    else node = node[part] = {};
  }
  node[last] = text;
}

/**
 * The strings a page's server render translated (`keys`), as partial catalogs the browser's
 * translator starts with: each key with its plural forms from the page's language, and from
 * English where the language has no plain string for it (the translator falls back the same
 * way, so the browser's first render reads what the server's did).
 */
export function pickStrings(catalogs: Catalogs, lang: Language, keys: Iterable<string>): Catalogs {
  const picked: Catalogs = {};
  const sources = lang === DEFAULT_LANGUAGE ? [lang] : [lang, DEFAULT_LANGUAGE];
  for (const key of keys) {
    for (const source of sources) {
      const catalog = catalogs[source];
      const plain = lookup(catalog, key);
      for (const variant of [key, ...PLURAL_FORMS.map((form) => `${key}_${form}`)]) {
        const text = variant === key ? plain : lookup(catalog, variant);
        if (text !== undefined) place((picked[source] ??= {}), variant, text);
      }
      if (plain !== undefined) break;
    }
  }
  return picked;
}
