import type { ColorScheme, Language, NavbarStyle } from './enums.js';
import { DEFAULT_PRIVILEGE_SETTINGS, type PrivilegeSettings } from './privileges.js';

/** Site settings, one section per key of `GET siteinfo` (spec section 3), with their defaults (section 9). */
export interface SiteSettings {
  general: {
    name: string;
    description: string;
    short_description: string;
    site_url: string;
    contact_email: string;
    check_update: boolean;
    permalink: number;
  };
  interface: { language: Language; time_zone: string; default_avatar: 'system' | 'gravatar' };
  branding: { logo: string; square_icon: string; mobile_logo: string; favicon: string };
  login: {
    allow_new_registrations: boolean;
    login_required: boolean;
    allow_email_registrations: boolean;
    allow_email_domains: string[];
    allow_password_login: boolean;
  };
  site_seo: { robots: string; permalink: number };
  theme: {
    theme: string;
    color_scheme: Exclude<ColorScheme, 'default'>;
    theme_options: { label: string; value: string }[];
    theme_config: Record<string, { navbar_style: NavbarStyle; primary_color: string }>;
  };
  custom_css_html: {
    custom_css: string;
    custom_head: string;
    custom_header: string;
    custom_footer: string;
    custom_sidebar: string;
  };
  site_write: {
    restrict_answer: boolean;
    recommend_tags: { slug_name: string; display_name: string }[];
    required_tag: boolean;
    reserved_tags: { slug_name: string; display_name: string }[];
    /** Posts of members below this reputation wait for staff approval (0 = off; issue 12). */
    hold_posts_below_rank: number;
  };
  site_users: {
    allow_update_avatar: boolean;
    allow_update_bio: boolean;
    allow_update_display_name: boolean;
    allow_update_location: boolean;
    allow_update_username: boolean;
    allow_update_website: boolean;
    default_avatar: 'system' | 'gravatar';
    gravatar_base_url: string;
  };
  /** `setting/privileges`: admin only, never in the public `GET siteinfo`. */
  privileges: PrivilegeSettings;
  legal: {
    terms_of_service_original_text: string;
    terms_of_service_parsed_text: string;
    privacy_policy_original_text: string;
    privacy_policy_parsed_text: string;
  };
}

export type SiteSection = keyof SiteSettings;

export const DEFAULT_SITE_NAME = 'Inquire';
export const DEFAULT_PRIMARY_COLOR = '#0033FF';
export const DEFAULT_GRAVATAR_BASE_URL = 'https://www.gravatar.com/avatar/';

/** The robots text of a site whose admin has not written one (peer facts 9). */
export const DEFAULT_ROBOTS = [
  'User-agent: *',
  'Disallow: /admin',
  'Disallow: /search',
  'Disallow: /install',
  'Disallow: /review',
  'Disallow: /users/login',
  'Disallow: /users/register',
  'Disallow: /users/account-recovery',
  'Disallow: /users/*/*',
  'Disallow: /answer/api',
  'Disallow: /*?code*',
].join('\n');

/** The default robots text as served: with the sitemap line at the site's address, as the peer's install writes it. */
export function defaultRobots(siteUrl: string): string {
  return `${DEFAULT_ROBOTS}\nSitemap: ${siteUrl.replace(/\/+$/, '')}/sitemap.xml\n`;
}

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  general: {
    name: DEFAULT_SITE_NAME,
    description: '',
    short_description: '',
    site_url: 'http://localhost:9080',
    contact_email: '',
    check_update: true,
    permalink: 1,
  },
  interface: { language: 'en_US', time_zone: 'UTC', default_avatar: 'system' },
  branding: { logo: '', square_icon: '', mobile_logo: '', favicon: '' },
  login: {
    allow_new_registrations: true,
    login_required: false,
    allow_email_registrations: true,
    allow_email_domains: [],
    allow_password_login: true,
  },
  site_seo: { robots: DEFAULT_ROBOTS, permalink: 1 },
  theme: {
    theme: 'default',
    color_scheme: 'system',
    theme_options: [{ label: 'Default', value: 'default' }],
    theme_config: { default: { navbar_style: 'colored', primary_color: DEFAULT_PRIMARY_COLOR } },
  },
  custom_css_html: {
    custom_css: '',
    custom_head: '',
    custom_header: '',
    custom_footer: '',
    custom_sidebar: '',
  },
  site_write: {
    restrict_answer: true,
    recommend_tags: [],
    required_tag: false,
    reserved_tags: [],
    hold_posts_below_rank: 0,
  },
  site_users: {
    allow_update_avatar: false,
    allow_update_bio: false,
    allow_update_display_name: false,
    allow_update_location: false,
    allow_update_username: false,
    allow_update_website: false,
    default_avatar: 'system',
    gravatar_base_url: DEFAULT_GRAVATAR_BASE_URL,
  },
  privileges: DEFAULT_PRIVILEGE_SETTINGS,
  legal: {
    terms_of_service_original_text: '',
    terms_of_service_parsed_text: '',
    privacy_policy_original_text: '',
    privacy_policy_parsed_text: '',
  },
};

/** Permalink values are 1 to 4; anything else falls back to 1 (spec section 5). */
export function normalizePermalink(value: unknown): 1 | 2 | 3 | 4 {
  const n = Number(value);
  return n === 2 || n === 3 || n === 4 ? n : 1;
}

/** What `GET siteinfo` answers: every section of spec section 3 plus version and revision. */
export type SiteInfo = Omit<SiteSettings, 'legal' | 'privileges'> & { version: string; revision: string };
