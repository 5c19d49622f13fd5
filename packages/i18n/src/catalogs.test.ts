import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_REASONS, LANGUAGES } from '@inquire/shared';
import { describe, expect, it } from 'vitest';
import { catalogs, leafKeys, lookup, translate } from './index.js';

const SCHEMAS = join(import.meta.dirname, '..', '..', 'shared', 'src', 'schemas');

describe('catalogs', () => {
  it('have the same keys in every language', () => {
    const english = new Set(leafKeys(catalogs.en_US));
    for (const lang of LANGUAGES) {
      const keys = new Set(leafKeys(catalogs[lang]));
      expect(
        [...english].filter((k) => !keys.has(k)),
        `missing in ${lang}`,
      ).toEqual([]);
      expect(
        [...keys].filter((k) => !english.has(k)),
        `only in ${lang}`,
      ).toEqual([]);
    }
  });

  it('translate every reason key in every language', () => {
    for (const lang of LANGUAGES) {
      for (const reason of ALL_REASONS)
        expect(lookup(catalogs[lang], reason), `${lang} ${reason}`).toBeTypeOf('string');
    }
  });

  it('translate every form message the shared schemas use', () => {
    const sources = readdirSync(SCHEMAS)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => readFileSync(join(SCHEMAS, f), 'utf8'));
    const keys = sources.flatMap((source) => [
      ...[...source.matchAll(/'(form\.[\w.]+)'/g)].map((m) => m[1] as string),
      // Helpers build keys from a field name: requiredText('x') → form.x.required, and so on.
      ...[...source.matchAll(/requiredText\('(\w+)'\)/g)].map((m) => `form.${m[1]}.required`),
      ...[...source.matchAll(/emailField\('(\w+)'\)/g)].flatMap((m) =>
        ['required', 'too_long', 'invalid'].map((r) => `form.${m[1]}.${r}`),
      ),
    ]);
    expect(keys.length).toBeGreaterThan(20);
    for (const lang of LANGUAGES) {
      for (const key of keys) expect(lookup(catalogs[lang], key), `${lang} ${key}`).toBeTypeOf('string');
    }
  });

  it('interpolates and falls back to English, then to the key', () => {
    expect(translate('zh_CN', 'ui.login.title', { site: 'X' })).toBe('登录 X');
    expect(translate('en_US', 'no.such.key')).toBe('no.such.key');
  });
});
