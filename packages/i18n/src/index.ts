import { DEFAULT_LANGUAGE, type Language } from '@inquire/shared';
import { CATALOG_FILES } from './catalog-files.js';

/** A catalog: nested sections of strings (reasons, form messages, `ui`, emails, seed content). */
export interface Catalog {
  [key: string]: string | Catalog;
}

function deepMerge(target: Catalog, source: Catalog): Catalog {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] = typeof value === 'object' && typeof existing === 'object' ? deepMerge({ ...existing }, value) : value;
  }
  return target;
}

function merge(files: readonly object[]): Catalog {
  return files.reduce<Catalog>((all, file) => deepMerge(all, file as Catalog), {});
}

/** One merged catalog per language. */
export const catalogs: Record<Language, Catalog> = {
  en_US: merge(CATALOG_FILES.en_US),
  zh_CN: merge(CATALOG_FILES.zh_CN),
};

/** Looks up a dotted key; undefined when the catalog has no string there. */
export function lookup(catalog: unknown, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Translates a key with `{{name}}` interpolation, falling back to English and then to the
 * key itself, so an untranslated key is visible rather than blank.
 */
export function translate(lang: Language, key: string, vars: Record<string, string | number> = {}): string {
  const text = lookup(catalogs[lang], key) ?? lookup(catalogs[DEFAULT_LANGUAGE], key) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** Every leaf key of a catalog, for the completeness test. */
export function leafKeys(node: unknown, prefix = ''): string[] {
  if (node === null || typeof node !== 'object') return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) =>
    leafKeys(v, prefix ? `${prefix}.${k}` : k),
  );
}
