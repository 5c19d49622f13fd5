import { SMTP_PASSWORD_MASK, type SmtpSettings } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { siteinfoRepository } from '../siteinfo/siteinfo.repository.js';

export const SMTP_DEFAULTS: SmtpSettings = {
  from_email: '',
  from_name: '',
  smtp_host: '',
  smtp_port: 465,
  encryption: '',
  smtp_username: '',
  smtp_password: '',
  smtp_authentication: true,
};

/**
 * SMTP settings: the `smtp` section of site_settings. Kept out of the SiteSettings document
 * on purpose, so `GET siteinfo` can never leak the password.
 */
export async function readSmtp(db: Db): Promise<SmtpSettings> {
  const row = await db.selectFrom('site_settings').select('content').where('section', '=', 'smtp').executeTakeFirst();
  if (!row) return { ...SMTP_DEFAULTS };
  try {
    return { ...SMTP_DEFAULTS, ...(JSON.parse(row.content) as Partial<SmtpSettings>) };
  } catch {
    return { ...SMTP_DEFAULTS };
  }
}

export async function writeSmtp(db: Db, value: SmtpSettings, now: number): Promise<void> {
  await siteinfoRepository.upsert(db, 'smtp', value, now);
}

export function smtpConfigured(settings: SmtpSettings): boolean {
  return settings.smtp_host.trim() !== '' && settings.from_email.trim() !== '';
}

/** What GET shows: the password masked when one is stored. */
export function presentSmtp(settings: SmtpSettings): SmtpSettings & { configured: boolean } {
  return {
    ...settings,
    smtp_password: settings.smtp_password ? SMTP_PASSWORD_MASK : '',
    configured: smtpConfigured(settings),
  };
}
