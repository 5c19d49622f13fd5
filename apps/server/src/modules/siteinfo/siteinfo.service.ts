import {
  DEFAULT_SITE_SETTINGS,
  normalizePermalink,
  type SiteInfo,
  type SiteSection,
  type SiteSettings,
} from '@inquire/shared';
import { contentGenerationRepository } from '../../infra/content-generation.repository.js';
import type { Db } from '../../infra/db.js';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { siteinfoRepository } from './siteinfo.repository.js';

export const APP_VERSION = '0.1.0';

// Settings change rarely and are read on every request. Processes that share one database drop
// this cache when the content generation moves (infra/content-generation.ts); the short life
// is a second line for anything that writes settings without moving it.
const CACHE_MS = 5000;

/** Reads and writes site settings, merged over the spec's defaults section by section. */
export class SiteinfoService {
  private cached: { at: number; settings: SiteSettings } | undefined;

  constructor(private readonly site: SiteRuntime) {}

  async settings(): Promise<SiteSettings> {
    if (!this.site.hasDatabase) return DEFAULT_SITE_SETTINGS;
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.settings;
    const rows = await siteinfoRepository.all(this.site.db);
    const settings = mergeSettings(rows);
    this.cached = { at: Date.now(), settings };
    return settings;
  }

  /** What `GET siteinfo` answers. */
  async siteInfo(): Promise<SiteInfo> {
    const { legal: _legal, ...settings } = await this.settings();
    const permalink = normalizePermalink(settings.site_seo.permalink);
    return {
      ...settings,
      general: { ...settings.general, permalink },
      site_seo: { ...settings.site_seo, permalink },
      version: APP_VERSION,
      revision: process.env.INQUIRE_REVISION ?? 'dev',
    };
  }

  async update<K extends SiteSection>(
    section: K,
    value: Partial<SiteSettings[K]>,
    db: Db = this.site.db,
  ): Promise<void> {
    // Read through the same handle: inside a transaction, SQLite has only that connection.
    const current = mergeSettings(await siteinfoRepository.all(db))[section];
    await siteinfoRepository.upsert(db, section, { ...current, ...value }, nowSeconds());
    // Every page shows settings: processes sharing the database (and writers outside HTTP, like
    // the command line) drop their page caches when the generation moves.
    await contentGenerationRepository.bump(db);
    this.cached = undefined;
  }

  invalidate(): void {
    this.cached = undefined;
  }
}

function mergeSettings(rows: { section: string; content: string }[]): SiteSettings {
  const merged = structuredClone(DEFAULT_SITE_SETTINGS) as unknown as Record<string, unknown>;
  for (const row of rows) {
    const defaults = merged[row.section];
    if (defaults === undefined || typeof defaults !== 'object') continue;
    try {
      merged[row.section] = { ...defaults, ...(JSON.parse(row.content) as object) };
    } catch {
      // A damaged section falls back to its defaults rather than taking the site down.
    }
  }
  return merged as unknown as SiteSettings;
}
