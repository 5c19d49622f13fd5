import { MAIL_STATUS, ROLE, USER_STATUS } from '@inquire/shared';
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

/** Changes site settings of a running site; it re-reads them within seconds. */
export async function updateSettings(dataDir: string, section: 'login', value: Record<string, unknown>): Promise<void> {
  const site = new SiteRuntime(dataDir);
  await site.open();
  try {
    await createServices(site).siteinfo.update(section, value);
  } finally {
    await site.close();
  }
}
