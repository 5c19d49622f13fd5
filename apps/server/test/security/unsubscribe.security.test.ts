import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/infra/tokens.js';
import { nowSeconds } from '../../src/lib/clock.js';
import { buildUser } from '../factories.js';
import { buildTestApp, type TestApp } from '../harness.js';
import { from } from './accounts-helpers.js';

const IP = '203.0.113.44';

describe('unsubscribe links: no sign-in, so limited per address and never changed by a GET', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => t.close());

  const inboxEmail = async (userId: string) => {
    const row = await t.app.site.db
      .selectFrom('user_notification_config')
      .select('channels')
      .where('user_id', '=', userId)
      .where('source', '=', 'inbox')
      .executeTakeFirst();
    return row?.channels ?? '';
  };

  it('[H-6] guessing codes: the 31st try within 10 minutes from one address is refused with 429; another address is not', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await from(t, IP, 'PUT', 'user/notification/unsubscribe', { code: `guess-${i}` })).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 403)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await from(t, '198.51.100.90', 'PUT', 'user/notification/unsubscribe', { code: 'guess' })).status).toBe(
      403,
    );
  });

  it('[H-2] a GET of the unsubscribe address (a link scanner) changes nothing; only the PUT or the one-click POST does', async () => {
    const user = await buildUser(t.app);
    const now = nowSeconds();
    await t.app.site.db
      .insertInto('user_notification_config')
      .values({ user_id: user.id, source: 'inbox', channels: '[{"key":"email","enable":true}]', updated_at: now })
      .execute();
    await t.app.site.db
      .insertInto('email_codes')
      .values({
        code_hash: hashToken('known-code'),
        user_id: user.id,
        action: 'unsubscribe',
        content: JSON.stringify(['inbox']),
        created_at: now,
        expires_at: now + 3600,
      })
      .execute();
    const viaGet = await t.app.inject({
      method: 'GET',
      url: '/answer/api/v1/user/notification/unsubscribe?code=known-code',
      remoteAddress: IP,
    });
    expect(viaGet.statusCode).toBe(404);
    expect(await inboxEmail(user.id)).toContain('"enable":true');
    expect((await from(t, IP, 'PUT', 'user/notification/unsubscribe', { code: 'known-code' })).status).toBe(200);
    expect(await inboxEmail(user.id)).toContain('"enable":false');
  });
});
