import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchContract } from '@inquire/plugin-sdk';
import type { InstalledPlugin } from '../../src/modules/plugins/installed-plugin.js';
import { ADMIN, buildTestApp, call, type TestApp } from '../harness.js';

const SLUG = 'page_search_engine';
const DESCRIPTION = {
  name: 'Page Engine',
  icon: 'data:image/svg+xml;base64,PHN2Zy8+',
  link: 'https://engine.example/about',
};

/** A search plugin that finds nothing: the page shows its attribution above no results. */
const engine: InstalledPlugin<SearchContract> = {
  manifest: {
    slug_name: SLUG,
    type: 'search',
    version: '1.0.0',
    name_key: 'plugin.page_search.name',
    description_key: 'plugin.page_search.description',
  },
  contract: {
    kind: 'search',
    description: DESCRIPTION,
    search: async () => ({ results: [], total: 0 }),
    updateContent: async () => undefined,
    deleteContent: async () => undefined,
  },
};

/**
 * The search page with an installed search plugin, server-rendered by the built web app: its
 * attribution links icon and name, while the admin has the plugin on.
 */
describe('a search plugin on the rendered pages', () => {
  let t: TestApp;
  let admin = '';

  beforeAll(async () => {
    t = await buildTestApp({ app: { pages: {}, searchPlugin: engine } });
    const login = await call<{ access_token: string }>(t.app, 'POST', '/answer/api/v1/user/login/email', {
      e_mail: ADMIN.email,
      pass: ADMIN.password,
    });
    admin = login.body.data.access_token;
  }, 60_000);
  afterAll(async () => t?.close());

  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'user-agent': 'guest' } });
  const switchPlugin = async (enabled: boolean) => {
    const body = { plugin_slug_name: SLUG, enabled };
    const res = await call(t.app, 'PUT', '/answer/admin/api/plugin/status', body, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it('[S3-040] [S7-163] the search page shows the plugin’s attribution: its icon and name inside one link to its link', async () => {
    await switchPlugin(true);
    const response = await page('/search?q=anything');
    expect(response.statusCode).toBe(200);
    const attribution = /<p[^>]*data-testid="search-attribution"[^>]*>(.*?)<\/p>/s.exec(response.body)?.[1] ?? '';
    const link = /^<a href="([^"]*)"[^>]*>(.*)<\/a>$/s.exec(attribution);
    expect(link?.[1]).toBe(DESCRIPTION.link);
    expect(link?.[2]).toMatch(new RegExp(`^<img src="${DESCRIPTION.icon.replace(/[+/]/g, '\\$&')}"[^>]*/?>`));
    expect(link?.[2]).toContain('Search powered by Page Engine');

    await switchPlugin(false);
    expect((await page('/search?q=anything')).body).not.toContain('data-testid="search-attribution"');
  });
});
