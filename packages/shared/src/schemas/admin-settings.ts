import { z } from 'zod';
import { LANGUAGES } from '../enums.js';
import { EMAIL_PATTERN, LIMITS } from '../limits.js';
import { isHttpUrl, requiredText } from './common.js';
import { normalizeTagSlug, TAG_SLUG_PATTERN } from './tag.js';
import {
  CONFIGURABLE_PRIVILEGES,
  CUSTOM_PRIVILEGE_LEVEL,
  PRIVILEGE_LEVELS,
  type ConfigurablePrivilege,
} from '../privileges.js';

/**
 * The admin settings sections of spec section 2 (`GET/PUT {base}/admin/api/siteinfo/<section>`).
 * One schema serves the admin form and the route; the server stores each section in the
 * spec's shape (`SiteSettings`).
 */

/** The sections an admin page edits, by their path under `siteinfo/`, and where each is stored. */
export const ADMIN_SETTINGS_SECTIONS = {
  general: 'general',
  interface: 'interface',
  legal: 'legal',
  login: 'login',
  users: 'site_users',
  write: 'site_write',
  seo: 'site_seo',
  branding: 'branding',
  'custom-css-html': 'custom_css_html',
} as const;
export type AdminSettingsPath = keyof typeof ADMIN_SETTINGS_SECTIONS;

const optionalText = (max: number, key: string) => z.string().trim().max(max, key).default('');

export const SETTINGS_LIMITS = {
  shortDescriptionMax: 255,
  descriptionMax: 2000,
  legalTextMax: 65_536,
  robotsMax: 65_536,
  emailDomainsMax: 100,
  tagListMax: 100,
  brandingUrlMax: 512,
  customHtmlMax: 65_536,
  privilegeValueMax: 1_000_000,
} as const;

/** PUT siteinfo/general: the site URL and contact email must be valid (spec section 5). */
export const generalSettingsSchema = z.object({
  name: requiredText('site_name').max(LIMITS.siteNameMax, 'form.site_name.too_long'),
  short_description: optionalText(SETTINGS_LIMITS.shortDescriptionMax, 'form.short_description.too_long'),
  description: optionalText(SETTINGS_LIMITS.descriptionMax, 'form.description.too_long'),
  site_url: requiredText('site_url')
    .max(LIMITS.siteUrlMax, 'form.site_url.too_long')
    .refine(isHttpUrl, 'form.site_url.invalid')
    // Stored as scheme://host[/path] without a trailing slash, as the peer does.
    .transform((url) => url.replace(/\/+$/, '')),
  contact_email: requiredText('contact_email')
    .max(512, 'form.contact_email.too_long')
    .regex(EMAIL_PATTERN, 'form.contact_email.invalid'),
});
export type GeneralSettingsInput = z.infer<typeof generalSettingsSchema>;

/** Time zones are IANA names; the server checks the name against its own list. */
export const TIME_ZONE_PATTERN = /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/;

export const interfaceSettingsSchema = z.object({
  language: z.enum(LANGUAGES, 'form.language.invalid'),
  time_zone: z
    .string('form.time_zone.invalid')
    .trim()
    .min(1, 'form.time_zone.invalid')
    .max(64, 'form.time_zone.invalid')
    .regex(TIME_ZONE_PATTERN, 'form.time_zone.invalid'),
  default_avatar: z.enum(['system', 'gravatar'], 'form.default_avatar.invalid'),
});
export type InterfaceSettingsInput = z.infer<typeof interfaceSettingsSchema>;

/** PUT siteinfo/legal: the markdown sources; the server renders and stores the HTML. */
export const legalSettingsSchema = z.object({
  terms_of_service_original_text: optionalText(SETTINGS_LIMITS.legalTextMax, 'form.legal_text.too_long'),
  privacy_policy_original_text: optionalText(SETTINGS_LIMITS.legalTextMax, 'form.legal_text.too_long'),
});
export type LegalSettingsInput = z.infer<typeof legalSettingsSchema>;

/** A bare domain such as `example.com` (no scheme, no @). */
const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

export const loginSettingsSchema = z.object({
  allow_new_registrations: z.boolean('form.invalid_value'),
  allow_email_registrations: z.boolean('form.invalid_value'),
  allow_email_domains: z
    .array(
      z
        .string('form.allow_email_domains.invalid')
        .trim()
        .toLowerCase()
        .regex(DOMAIN_PATTERN, 'form.allow_email_domains.invalid'),
      'form.allow_email_domains.invalid',
    )
    .max(SETTINGS_LIMITS.emailDomainsMax, 'form.allow_email_domains.too_many')
    .transform((domains) => [...new Set(domains)]),
  allow_password_login: z.boolean('form.invalid_value'),
  login_required: z.boolean('form.invalid_value'),
});
export type LoginSettingsInput = z.infer<typeof loginSettingsSchema>;

export const usersSettingsSchema = z.object({
  allow_update_avatar: z.boolean('form.invalid_value'),
  allow_update_bio: z.boolean('form.invalid_value'),
  allow_update_display_name: z.boolean('form.invalid_value'),
  allow_update_location: z.boolean('form.invalid_value'),
  allow_update_username: z.boolean('form.invalid_value'),
  allow_update_website: z.boolean('form.invalid_value'),
  default_avatar: z.enum(['system', 'gravatar'], 'form.default_avatar.invalid'),
  gravatar_base_url: requiredText('gravatar_base_url')
    .max(LIMITS.siteUrlMax, 'form.gravatar_base_url.invalid')
    .refine(isHttpUrl, 'form.gravatar_base_url.invalid'),
});
export type UsersSettingsInput = z.infer<typeof usersSettingsSchema>;

/** A tag named in the write settings; the server fills the display name from the tag. */
const settingsTag = z.object({
  slug_name: z
    .string('form.tag_list.invalid')
    .trim()
    .min(1, 'form.tag_list.invalid')
    .max(LIMITS.tagNameMax, 'form.tag_list.invalid')
    .transform(normalizeTagSlug)
    .refine((slug) => TAG_SLUG_PATTERN.test(slug), 'form.tag_list.invalid'),
  display_name: z.string().trim().max(LIMITS.tagNameMax).optional(),
});
const tagList = z
  .array(settingsTag, 'form.tag_list.invalid')
  .max(SETTINGS_LIMITS.tagListMax, 'form.tag_list.too_many')
  .transform((tags) => tags.filter((tag, i) => tags.findIndex((t) => t.slug_name === tag.slug_name) === i));

export const writeSettingsSchema = z.object({
  restrict_answer: z.boolean('form.invalid_value'),
  required_tag: z.boolean('form.invalid_value'),
  recommend_tags: tagList,
  reserved_tags: tagList,
  /** Held posts (issue 12): 0 turns it off; left out, the stored value stays. */
  hold_posts_below_rank: z.coerce
    .number('form.hold_posts_below_rank.invalid')
    .int('form.hold_posts_below_rank.invalid')
    .min(0, 'form.hold_posts_below_rank.invalid')
    .max(1_000_000, 'form.hold_posts_below_rank.invalid')
    .optional(),
});
export type WriteSettingsInput = z.infer<typeof writeSettingsSchema>;

/** PUT siteinfo/seo: permalink 1 to 4 (spec section 5) and the robots text. */
export const seoSettingsSchema = z.object({
  permalink: z.coerce
    .number('form.permalink.invalid')
    .int('form.permalink.invalid')
    .min(1, 'form.permalink.invalid')
    .max(4, 'form.permalink.invalid'),
  robots: z.string('form.robots.too_long').max(SETTINGS_LIMITS.robotsMax, 'form.robots.too_long').default(''),
});
export type SeoSettingsInput = z.infer<typeof seoSettingsSchema>;

/**
 * An image address of the branding page: empty (none), an upload of this site (`/uploads/…`)
 * or an http(s) URL. Nothing else: the value goes into `src` and `href` attributes.
 */
const brandingImage = z
  .string('form.branding_url.invalid')
  .trim()
  .max(SETTINGS_LIMITS.brandingUrlMax, 'form.branding_url.too_long')
  .refine((url) => url === '' || url.startsWith('/uploads/') || isHttpUrl(url), 'form.branding_url.invalid')
  .default('');

/** PUT siteinfo/branding (peer facts 9): four image addresses, each optional. */
export const brandingSettingsSchema = z.object({
  logo: brandingImage,
  mobile_logo: brandingImage,
  square_icon: brandingImage,
  favicon: brandingImage,
});
export type BrandingSettingsInput = z.infer<typeof brandingSettingsSchema>;

const customHtml = z
  .string('form.custom_html.too_long')
  .max(SETTINGS_LIMITS.customHtmlMax, 'form.custom_html.too_long')
  .default('');

/** PUT siteinfo/custom-css-html (peer facts 9): the admin's own CSS and HTML, each up to 64 KiB. */
export const customCssHtmlSettingsSchema = z.object({
  custom_css: customHtml,
  custom_head: customHtml,
  custom_header: customHtml,
  custom_footer: customHtml,
  custom_sidebar: customHtml,
});
export type CustomCssHtmlSettingsInput = z.infer<typeof customCssHtmlSettingsSchema>;

/** The field a custom privilege's error is reported on, so the form puts it beside that input. */
export const privilegeField = (key: ConfigurablePrivilege) => `custom_privileges.${key}`;

/**
 * PUT setting/privileges (peer facts 2.2): a preset level, or 99 with the admin's numbers (each
 * at least 1). Each bad number is named by its privilege, not only the first.
 */
export const privilegesSettingsSchema = z
  .object({
    level: z.coerce
      .number('form.privilege_level.invalid')
      .refine((level) => (PRIVILEGE_LEVELS as readonly number[]).includes(level), 'form.privilege_level.invalid'),
    custom_privileges: z
      .array(
        z.object({ key: z.enum(CONFIGURABLE_PRIVILEGES, 'form.privilege_key.invalid'), value: z.unknown() }),
        'form.privilege_value.invalid',
      )
      .max(CONFIGURABLE_PRIVILEGES.length * 2, 'form.privilege_value.invalid')
      .default([]),
  })
  .superRefine((input, ctx) => {
    if (input.level !== CUSTOM_PRIVILEGE_LEVEL) return;
    for (const { key, value } of input.custom_privileges) {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (
        typeof number !== 'number' ||
        !Number.isInteger(number) ||
        number < 1 ||
        number > SETTINGS_LIMITS.privilegeValueMax
      ) {
        ctx.addIssue({ code: 'custom', path: [privilegeField(key)], message: 'form.privilege_value.invalid' });
      }
    }
  })
  .transform((input) => ({
    level: input.level as (typeof PRIVILEGE_LEVELS)[number],
    custom_privileges: input.custom_privileges.map(({ key, value }) => ({ key, value: Number(value) })),
  }));
export type PrivilegesSettingsInput = z.output<typeof privilegesSettingsSchema>;

/** Splits a textarea of tags or domains (commas, spaces or new lines) into its entries. */
export function splitList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}
