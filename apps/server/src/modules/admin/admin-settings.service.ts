import {
  ADMIN_SETTINGS_SECTIONS,
  REASONS,
  type AdminSettingsPath,
  type BrandingSettingsInput,
  type CustomCssHtmlSettingsInput,
  type GeneralSettingsInput,
  type InterfaceSettingsInput,
  type LegalSettingsInput,
  type LoginSettingsInput,
  type SeoSettingsInput,
  type SiteSettings,
  type UsersSettingsInput,
  type WriteSettingsInput,
} from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { renderMarkdown } from '../../lib/markdown.js';
import type { Actor } from '../auth/auth.service.js';
import { countersRepository } from '../captcha/counters.repository.js';
import { tagsRepository } from '../posts/tags.repository.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { balanceCustomHtml } from './custom-html.js';

/** What each admin settings path accepts (after its shared schema). */
export interface AdminSettingsInputs {
  general: GeneralSettingsInput;
  interface: InterfaceSettingsInput;
  legal: LegalSettingsInput;
  login: LoginSettingsInput;
  users: UsersSettingsInput;
  write: WriteSettingsInput;
  seo: SeoSettingsInput;
  branding: BrandingSettingsInput;
  'custom-css-html': CustomCssHtmlSettingsInput;
}

/**
 * Settings saves per admin: generous for a person filling forms, but a script or a stolen
 * session cannot hammer the settings (every save clears every cached page of the site).
 */
export const ADMIN_SAVE_LIMIT = { max: 30, window: 60 } as const;

/** The admin's settings pages: load and save one section each (spec section 2). */
export class AdminSettingsService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
  ) {}

  async read<P extends AdminSettingsPath>(path: P): Promise<SiteSettings[(typeof ADMIN_SETTINGS_SECTIONS)[P]]> {
    const settings = await this.siteinfo.settings();
    const section = settings[ADMIN_SETTINGS_SECTIONS[path]];
    if (path === 'seo') {
      // The permalink lives in two sections (spec section 3); the SEO page's copy is the one edited.
      return { ...section, permalink: settings.site_seo.permalink } as never;
    }
    return section as never;
  }

  /** Refuses the save past the admin's limit (429); admins are not exempt, unlike content limits. */
  async countSave(actor: Actor): Promise<void> {
    const key = `admin:settings:u:${actor.user.id}`;
    const count = await countersRepository.hit(this.site.db, key, ADMIN_SAVE_LIMIT.window, nowSeconds());
    if (count > ADMIN_SAVE_LIMIT.max) throw new AppError(429, REASONS.tooManyRequests);
  }

  async save<P extends AdminSettingsPath>(path: P, input: AdminSettingsInputs[P]): Promise<void> {
    switch (path) {
      case 'general':
        return await this.siteinfo.update('general', input as GeneralSettingsInput);
      case 'interface':
        return await this.saveInterface(input as InterfaceSettingsInput);
      case 'legal':
        return await this.saveLegal(input as LegalSettingsInput);
      case 'login':
        return await this.siteinfo.update('login', input as LoginSettingsInput);
      case 'users':
        return await this.siteinfo.update('site_users', input as UsersSettingsInput);
      case 'write':
        return await this.saveWrite(input as WriteSettingsInput);
      case 'seo':
        return await this.saveSeo(input as SeoSettingsInput);
      case 'branding':
        return await this.siteinfo.update('branding', input as BrandingSettingsInput);
      case 'custom-css-html':
        return await this.saveCustomCssHtml(input as CustomCssHtmlSettingsInput);
    }
  }

  private async saveInterface(input: InterfaceSettingsInput): Promise<void> {
    if (!isKnownTimeZone(input.time_zone))
      throw AppError.fields([{ field: 'time_zone', key: 'form.time_zone.invalid' }]);
    await this.siteinfo.update('interface', input);
  }

  /** The server renders the markdown once, through the one sanitizing renderer. */
  private async saveLegal(input: LegalSettingsInput): Promise<void> {
    await this.siteinfo.update('legal', {
      terms_of_service_original_text: input.terms_of_service_original_text,
      terms_of_service_parsed_text: renderLegal(input.terms_of_service_original_text),
      privacy_policy_original_text: input.privacy_policy_original_text,
      privacy_policy_parsed_text: renderLegal(input.privacy_policy_original_text),
    });
  }

  /** Tags are named by slug; the display name comes from an existing tag, else the slug. */
  private async saveWrite(input: WriteSettingsInput): Promise<void> {
    const slugs = [...input.recommend_tags, ...input.reserved_tags].map((tag) => tag.slug_name);
    const names = await this.displayNames(slugs);
    const named = (tags: WriteSettingsInput['recommend_tags']) =>
      tags.map((tag) => ({ slug_name: tag.slug_name, display_name: names.get(tag.slug_name) ?? tag.slug_name }));
    const { site_write: stored } = await this.siteinfo.settings();
    await this.siteinfo.update('site_write', {
      hold_posts_below_rank: input.hold_posts_below_rank ?? stored.hold_posts_below_rank,
      restrict_answer: input.restrict_answer,
      required_tag: input.required_tag,
      recommend_tags: named(input.recommend_tags),
      reserved_tags: named(input.reserved_tags),
    });
  }

  /** The body parts are stored balanced (custom-html.ts); the head and CSS as written. */
  private async saveCustomCssHtml(input: CustomCssHtmlSettingsInput): Promise<void> {
    await this.siteinfo.update('custom_css_html', {
      custom_css: input.custom_css,
      custom_head: input.custom_head,
      custom_header: balanceCustomHtml(input.custom_header),
      custom_footer: balanceCustomHtml(input.custom_footer),
      custom_sidebar: balanceCustomHtml(input.custom_sidebar),
    });
  }

  /** Both copies of the permalink move together, so `general.permalink` never disagrees. */
  private async saveSeo(input: SeoSettingsInput): Promise<void> {
    await this.site.db.transaction().execute(async (trx) => {
      await this.siteinfo.update('site_seo', { permalink: input.permalink, robots: input.robots }, trx);
      await this.siteinfo.update('general', { permalink: input.permalink }, trx);
    });
    this.siteinfo.invalidate();
  }

  private async displayNames(slugs: string[]): Promise<Map<string, string>> {
    const rows = await tagsRepository.findBySlugs(this.site.db, slugs);
    return new Map(rows.map((row) => [row.slug_name, row.display_name]));
  }
}

function renderLegal(source: string): string {
  return source.trim() ? renderMarkdown(source) : '';
}

const TIME_ZONES = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);

function isKnownTimeZone(name: string): boolean {
  return TIME_ZONES.has(name);
}
