import { z } from 'zod';
import { LANGUAGES } from '../enums.js';
import { DISPLAY_NAME_PATTERN, LIMITS, USERNAME_PATTERN } from '../limits.js';
import { emailField, isHttpUrl, requiredText } from './common.js';

export const DB_TYPES = ['sqlite3', 'postgres'] as const;
export const SSL_MODES = ['disable', 'require', 'verify-ca', 'verify-full'] as const;

/** Database step of the install wizard (spec section 5: every database field required). */
export const dbCheckSchema = z.discriminatedUnion('db_type', [
  z.object({
    db_type: z.literal('sqlite3'),
    db_file: requiredText('db_file'),
  }),
  z.object({
    db_type: z.literal('postgres'),
    db_host: requiredText('db_host'),
    db_port: z.coerce.number().int().min(1, 'form.db_port.invalid').max(65535, 'form.db_port.invalid').default(5432),
    db_username: requiredText('db_username'),
    db_password: requiredText('db_password'),
    db_name: requiredText('db_name'),
    ssl_mode: z.enum(SSL_MODES).default('disable'),
  }),
]);
export type DbCheckInput = z.infer<typeof dbCheckSchema>;

export const installInitSchema = dbCheckSchema.and(z.object({ lang: z.enum(LANGUAGES).default('en_US') }));
export type InstallInitInput = z.infer<typeof installInitSchema>;

const siteUrl = requiredText('site_url')
  .max(LIMITS.siteUrlMax, 'form.site_url.too_long')
  .refine(isHttpUrl, 'form.site_url.invalid');

/** Site info and admin account step (spec section 5). */
export const installBaseInfoSchema = z.object({
  lang: z.enum(LANGUAGES).default('en_US'),
  site_name: requiredText('site_name').max(LIMITS.siteNameMax, 'form.site_name.too_long'),
  site_url: siteUrl,
  contact_email: emailField('contact_email'),
  login_required: z.boolean().default(false),
  name: requiredText('name').max(LIMITS.usernameMax, 'form.name.too_long').regex(USERNAME_PATTERN, 'form.name.pattern'),
  password: z
    .string()
    .min(1, 'form.password.required')
    .min(LIMITS.passwordMin, 'form.password.length')
    .max(LIMITS.passwordMax, 'form.password.length'),
  email: emailField('email'),
});
export type InstallBaseInfoInput = z.infer<typeof installBaseInfoSchema>;

/** What POST /installation/config-file/check answers. */
export interface ConfigFileCheck {
  /** Answer's name for whether config.yaml is there. */
  config_file_exist: boolean;
  config_ok: boolean;
  db_table_exist: boolean;
  db_connection_success: boolean;
  installed: boolean;
  default_db_file: string;
}

export { DISPLAY_NAME_PATTERN };
