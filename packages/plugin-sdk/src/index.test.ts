import { describe, expect, it } from 'vitest';
import { definePlugin, type RouteContract } from './index.js';

describe('definePlugin', () => {
  const manifest = {
    slug_name: 'hello',
    type: 'route' as const,
    version: '1.0.0',
    name_key: 'n',
    description_key: 'd',
  };

  it('registers a plugin with a slug_name and a type', () => {
    const plugin = definePlugin<RouteContract>({ manifest, server: () => ({ kind: 'route', path: '/hello' }) });
    expect(plugin.manifest.slug_name).toBe('hello');
  });

  it('refuses a plugin without a slug_name or with an unknown type', () => {
    expect(() => definePlugin({ manifest: { ...manifest, slug_name: '' } })).toThrow(/slug_name/);
    expect(() => definePlugin({ manifest: { ...manifest, type: 'theme' as 'route' } })).toThrow(/types/);
  });
});
