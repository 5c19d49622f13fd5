import { MAIL_STATUS, ROLE, USER_STATUS, type SiteSection, type SiteSettings } from '@inquire/shared';
import { SiteRuntime } from '../../apps/server/src/infra/site.js';
import { hashPassword } from '../../apps/server/src/infra/passwords.js';
import { nowSeconds } from '../../apps/server/src/lib/clock.js';
import { nextId } from '../../apps/server/src/lib/ids.js';
import { createServices } from '../../apps/server/src/services.js';

export interface SeedUser {
  username: string;
  email: string;
  password: string;
  role_id?: number;
  mail_status?: number;
  status?: number;
  suspended_until?: number;
  rank?: number;
}

/**
 * Writes real rows into a running site's database (SQLite allows a second writer), for the
 * people the browser tests need before sign-up exists in the UI.
 */
export async function seedUsers(dataDir: string, users: SeedUser[]): Promise<void> {
  const site = new SiteRuntime(dataDir);
  await site.open();
  try {
    const now = nowSeconds();
    for (const user of users) {
      await site.db
        .insertInto('users')
        .values({
          id: await nextId(site.db, 'user'),
          username: user.username,
          e_mail: user.email,
          pass: await hashPassword(user.password),
          display_name: user.username,
          role_id: user.role_id ?? ROLE.user,
          mail_status: user.mail_status ?? MAIL_STATUS.activated,
          status: user.status ?? USER_STATUS.normal,
          suspended_until: user.suspended_until ?? 0,
          rank: user.rank ?? 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  } finally {
    await site.close();
  }
}

/**
 * Changes site settings. A running site sees the change within its generation poll (250 ms);
 * a test that must not depend on that writes them before it starts the site.
 */
export async function updateSettings<K extends SiteSection>(
  dataDir: string,
  section: K,
  value: Partial<SiteSettings[K]>,
): Promise<void> {
  const site = new SiteRuntime(dataDir);
  await site.open();
  try {
    await createServices(site).siteinfo.update(section, value);
  } finally {
    await site.close();
  }
}
