import {
  DEFAULT_SITE_SETTINGS,
  LIMITS,
  normalizePermalink,
  type Siteinfo2Sections,
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
  async siteInfo(): Promise<SiteInfo & Siteinfo2Sections> {
    const { legal: _legal, privileges: _privileges, ...settings } = await this.settings();
    const permalink = normalizePermalink(settings.site_seo.permalink);
    return {
      ...settings,
      ...answer2Sections(settings),
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

/**
 * Answer 2.x's sections of `GET siteinfo`, from the same stored settings as the 1.x ones, so a
 * client of either version reads the site. Inquire's fixed rules fill what it has no setting
 * for: a question needs a tag and some text, images up to its upload limit, no attachments,
 * external content always shown.
 */
function answer2Sections(settings: Omit<SiteSettings, 'legal' | 'privileges'>): Siteinfo2Sections {
  const write = settings.site_write;
  const users = {
    default_avatar: settings.site_users.default_avatar,
    gravatar_base_url: settings.site_users.gravatar_base_url,
  };
  return {
    site_questions: { min_tags: 1, min_content: 1, restrict_answer: write.restrict_answer },
    site_tags: {
      reserved_tags: write.reserved_tags,
      recommend_tags: write.recommend_tags,
      required_tag: write.required_tag,
    },
    site_advanced: {
      max_image_size: Math.floor(LIMITS.imageMaxBytes / (1024 * 1024)),
      max_attachment_size: 0,
      max_image_megapixel: 40,
      authorized_image_extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp'],
      authorized_attachment_extensions: [],
    },
    site_legal: { external_content_display: 'always_display' },
    site_security: {
      login_required: settings.login.login_required,
      external_content_display: 'always_display',
      check_update: settings.general.check_update,
    },
    users_settings: users,
  };
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
