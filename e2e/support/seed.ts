import { MAIL_STATUS, ROLE, USER_STATUS, type SiteSection, type SiteSettings } from '@inquire/shared';
import { SiteRuntime } from '../../apps/server/src/infra/site.js';
import { hashPassword } from '../../apps/server/src/infra/passwords.js';
import { hashToken } from '../../apps/server/src/infra/tokens.js';
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

/**
 * A captcha challenge whose answer the test knows (the real ones are images): stored as the
 * server stores its own, for a form whose challenge id the test then points at it.
 */
export async function plantCaptcha(dataDir: string, id: string, answer: string): Promise<void> {
  const site = new SiteRuntime(dataDir);
  await site.open();
  try {
    const now = nowSeconds();
    await site.db
      .insertInto('captcha_codes')
      .values({ captcha_id: hashToken(id), answer_hash: hashToken(answer), created_at: now, expires_at: now + 300 })
      .execute();
  } finally {
    await site.close();
  }
}

/**
 * Keeps the rate-limit windows whose keys start with `prefix` open for 10 minutes from now, as
 * they stand: a fixed window that restarted in the middle of a test (it opened with an earlier
 * test's hit) would let the next request through.
 */
export async function holdRateWindows(dataDir: string, prefix: string): Promise<void> {
  const site = new SiteRuntime(dataDir);
  await site.open();
  try {
    await site.db
      .updateTable('rate_counters')
      .set({ window_start: nowSeconds() + 600 })
      .where('counter_key', 'like', `${prefix}%`)
      .execute();
  } finally {
    await site.close();
  }
}
