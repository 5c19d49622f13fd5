import { DEFAULT_LANGUAGE, type Language } from '@inquire/shared';
import type { TFunction } from 'i18next';

/** Nested sections of strings, as in packages/i18n's catalogs. */
export interface Catalog {
  [key: string]: string | Catalog;
}

type Options = Record<string, unknown> & { count?: number; defaultValue?: unknown };
type LanguageListener = (language: Language) => void;
type TranslatorEvent = 'languageChanged' | 'stringsAdded';

/**
 * What the web app asks of its translations: i18next's interface as the app uses it (dotted
 * keys, `{{name}}` values, `_one`/`_other` plurals by `count`, `defaultValue`, English as the
 * fallback), in a few hundred bytes instead of i18next's 15 KB of first-load script. The
 * server and the browser render with the same code, so hydration sees the same text.
 */
export interface Translator {
  readonly language: Language;
  /** Translates in the current language. */
  t: TFunction;
  /** A `t` bound to one language. */
  getFixedT(language: Language): TFunction;
  /** Adds a language's strings (the browser loads one language at a time); emits 'stringsAdded'. */
  addCatalog(language: Language, catalog: Catalog): void;
  hasCatalog(language: Language): boolean;
  changeLanguage(language: Language): Promise<void>;
  on(event: TranslatorEvent, listener: LanguageListener): void;
  off(event: TranslatorEvent, listener: LanguageListener): void;
}

/** The string at a dotted key of a catalog, if there is one (page-strings.ts reads catalogs the same way). */
export function lookup(catalog: Catalog | undefined, key: string): string | undefined {
  let node: string | Catalog | undefined = catalog;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `{{name}}` placeholders filled from the options; unknown names stay as they are (i18next does too). */
function interpolate(text: string, options: Options | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

const pluralRules = new Map<Language, Intl.PluralRules>();
/** Plural categories of the small whole counts pages show most, by language and count. */
const smallCounts = new Map<string, string>();

function pluralOf(language: Language, count: number): string {
  const small = Number.isInteger(count) && count >= 0 && count < 1000;
  const id = `${language} ${count}`;
  const known = small ? smallCounts.get(id) : undefined;
  if (known !== undefined) return known;
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language.replace('_', '-'))));
  const category = rules.select(count);
  if (small) smallCounts.set(id, category);
  return category;
}

/**
 * `onMissing` hears of a key found in no loaded catalog: the browser starts with only the strings
 * its page's server render used (lib/i18n.ts), and loads the rest on the first one missing.
 */
export function createTranslator(
  language: Language,
  catalogs: Partial<Record<Language, Catalog>>,
  onMissing?: (key: string) => void,
): Translator {
  const loaded = { ...catalogs };
  const listeners: Record<TranslatorEvent, Set<LanguageListener>> = {
    languageChanged: new Set(),
    stringsAdded: new Set(),
  };
  let current = language;
  /**
   * Strings by language and key (null: not there), so a key is split and walked once: calls with
   * options (counts, names) are translated on every call. Emptied as strings are added.
   */
  const found = new Map<string, string | null>();

  function find(source: Language, key: string): string | undefined {
    const id = `${source} ${key}`;
    let text = found.get(id);
    if (text === undefined) found.set(id, (text = lookup(loaded[source], key) ?? null));
    return text ?? undefined;
  }

  function translate(lang: Language, key: string, options?: Options): string {
    const count = typeof options?.count === 'number' ? options.count : undefined;
    for (const source of lang === DEFAULT_LANGUAGE ? [lang] : [lang, DEFAULT_LANGUAGE]) {
      const text =
        (count === undefined ? undefined : find(source, `${key}_${pluralOf(source, count)}`)) ?? find(source, key);
      if (text !== undefined) return interpolate(text, options);
    }
    onMissing?.(key);
    return options?.defaultValue === undefined ? key : interpolate(String(options.defaultValue), options);
  }

  const fixed = (lang: Language) =>
    ((key: string, options?: Options) => translate(lang, key, options)) as unknown as TFunction;

  const translator: Translator = {
    get language() {
      return current;
    },
    t: ((key: string, options?: Options) => translate(current, key, options)) as unknown as TFunction,
    getFixedT: fixed,
    addCatalog(lang, catalog) {
      loaded[lang] = catalog;
      found.clear();
      for (const listener of listeners.stringsAdded) listener(lang);
    },
    hasCatalog: (lang) => loaded[lang] !== undefined,
    async changeLanguage(lang) {
      current = lang;
      for (const listener of listeners.languageChanged) listener(lang);
    },
    on: (event, listener) => void listeners[event].add(listener),
    off: (event, listener) => void listeners[event].delete(listener),
  };
  return translator;
}
