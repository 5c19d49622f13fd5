import { z } from 'zod';
import { COLOR_SCHEMES } from '../enums.js';
import { DISPLAY_NAME_PATTERN, LIMITS, USERNAME_PATTERN } from '../limits.js';
import { emailField, isHttpUrl, requiredText } from './common.js';

/**
 * Accounts: sign-up, activation, recovery, settings, captcha and SMTP. The forms and the
 * routes share these schemas; messages are i18n keys of the accounts catalog.
 */
export const ACCOUNT_REASONS = {
  registrationClosed: 'error.user.registration_closed',
  emailDomainNotAllowed: 'error.user.email_domain_not_allowed',
  urlExpired: 'error.user.url_expired',
  emailTaken: 'error.user.email_taken',
  updateNotAllowed: 'error.user.update_not_allowed',
  rateLimited: 'error.user.rate_limited',
  smtpSendFailed: 'error.smtp.send_failed',
  avatarNotFound: 'error.user.avatar_not_found',
} as const;

const captcha = {
  captcha_id: z.string().max(128).optional(),
  captcha_code: z.string().max(32).optional(),
};

/** 8 to 32 characters, no spaces (peer facts 13.2). */
export const passwordField = (key: string) =>
  z
    .string()
    .min(1, `form.${key}.required`)
    .min(LIMITS.passwordMin, `form.${key}.length`)
    .max(LIMITS.passwordMax, `form.${key}.length`)
    .regex(/^\S+$/, `form.${key}.no_spaces`);

export const registerSchema = z.object({
  name: requiredText('name')
    .min(LIMITS.registerNameMin, 'form.name.register_length')
    .max(LIMITS.registerNameMax, 'form.name.register_length')
    .regex(DISPLAY_NAME_PATTERN, 'form.name.register_pattern'),
  e_mail: emailField('e_mail'),
  pass: passwordField('pass'),
  ...captcha,
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const codeSchema = z.object({ code: requiredText('code').max(128, 'form.code.required') });
export type CodeInput = z.infer<typeof codeSchema>;

export const captchaOnlySchema = z.object(captcha);

export const passwordResetSchema = z.object({ e_mail: emailField('e_mail'), ...captcha });
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

export const passwordReplacementSchema = z.object({
  code: requiredText('code').max(128, 'form.code.required'),
  pass: passwordField('pass'),
});
export type PasswordReplacementInput = z.infer<typeof passwordReplacementSchema>;

/** Accounts without a password (external sign-in only) may send an empty old_pass. */
export const changePasswordSchema = z.object({
  old_pass: z.string().max(64, 'form.old_pass.incorrect').default(''),
  pass: passwordField('pass'),
  ...captcha,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const emailChangeSchema = z.object({
  e_mail: emailField('e_mail'),
  pass: z.string().max(64, 'form.pass.incorrect').default(''),
  ...captcha,
});
export type EmailChangeInput = z.infer<typeof emailChangeSchema>;

export const AVATAR_TYPES = ['default', 'system', 'gravatar', 'custom'] as const;

export const profileSchema = z.object({
  display_name: requiredText('display_name').max(LIMITS.displayNameMax, 'form.display_name.too_long'),
  username: requiredText('username')
    .max(LIMITS.usernameMax, 'form.username.too_long')
    .regex(USERNAME_PATTERN, 'form.username.pattern'),
  avatar: z
    .object({
      type: z.enum(AVATAR_TYPES, 'form.avatar.invalid'),
      gravatar: z.string().max(1024).optional().default(''),
      custom: z.string().max(1024).optional().default(''),
    })
    .default({ type: 'default', gravatar: '', custom: '' }),
  bio: z.string().max(4096, 'form.bio.too_long').default(''),
  website: z
    .string()
    .trim()
    .max(500, 'form.website.too_long')
    .refine((v) => v === '' || isHttpUrl(v), 'form.website.invalid')
    .default(''),
  location: z.string().trim().max(100, 'form.location.too_long').default(''),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const interfaceSchema = z.object({
  language: z.string().max(16).default(''),
  color_scheme: z
    .string()
    .max(16)
    .transform((v) => ((COLOR_SCHEMES as readonly string[]).includes(v) ? v : 'default'))
    .default('default'),
  time_zone: z.string().max(64).optional(),
});
export type InterfaceInput = z.infer<typeof interfaceSchema>;

export const NOTIFICATION_SOURCES = ['inbox', 'all_new_question', 'all_new_question_for_following_tags'] as const;
export type NotificationSource = (typeof NOTIFICATION_SOURCES)[number];
const channel = z.object({ key: z.literal('email').default('email'), enable: z.boolean() });
export const notificationConfigSchema = z.object({
  inbox: channel.optional(),
  all_new_question: channel.optional(),
  all_new_question_for_following_tags: channel.optional(),
});
export type NotificationConfig = Record<NotificationSource, { key: 'email'; enable: boolean }>;

export const CAPTCHA_ACTIONS = [
  'email',
  'password',
  'edit_userinfo',
  'question',
  'answer',
  'comment',
  'edit',
  'invitation_answer',
  'search',
  'report',
  'delete',
  'vote',
] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];
export const actionRecordQuery = z.object({ action: z.enum(CAPTCHA_ACTIONS, 'form.action.invalid') });

export interface ActionRecord {
  captcha_id: string;
  captcha_img: string;
  verify: boolean;
}

/** The mask GET setting/smtp shows for a stored password; sending it back keeps the old one. */
export const SMTP_PASSWORD_MASK = '********';

export const smtpSchema = z.object({
  from_email: z
    .string()
    .trim()
    .max(512, 'form.from_email.invalid')
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'form.from_email.invalid')
    .default(''),
  from_name: z
    .string()
    .trim()
    .max(128, 'form.from_name.too_long')
    .refine((v) => !v.includes('@'), 'form.from_name.not_email')
    .default(''),
  smtp_host: z.string().trim().max(256, 'form.smtp_host.too_long').default(''),
  smtp_port: z.coerce
    .number('form.smtp_port.invalid')
    .int('form.smtp_port.invalid')
    .min(1, 'form.smtp_port.invalid')
    .max(65535, 'form.smtp_port.invalid')
    .default(465),
  encryption: z.enum(['SSL', 'TLS', ''], 'form.encryption.invalid').default(''),
  smtp_username: z.string().max(256).default(''),
  smtp_password: z.string().max(256).default(''),
  smtp_authentication: z.boolean().default(true),
  test_email_recipient: z
    .string()
    .trim()
    .max(512, 'form.test_email_recipient.invalid')
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'form.test_email_recipient.invalid')
    .optional(),
});
export type SmtpInput = z.infer<typeof smtpSchema>;
export type SmtpSettings = Omit<SmtpInput, 'test_email_recipient'>;
