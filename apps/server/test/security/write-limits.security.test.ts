import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/infra/tokens.js';
import { nowSeconds } from '../../src/lib/clock.js';
import { buildUser, loginAs } from '../factories.js';
import { buildTestApp, type TestApp } from '../harness.js';
import { from, setCaptcha } from './accounts-helpers.js';

const IP = '203.0.113.20';
let n = 0;
/** A question body that is never a duplicate of another. */
const question = () => {
  n += 1;
  return {
    title: `Question number ${n} about limits`,
    content: `Body of question ${n}, long enough.`,
    tags: [{ slug_name: 'support' }],
  };
};

async function member(t: TestApp, overrides = {}) {
  const user = await buildUser(t.app, overrides);
  return { id: user.id, token: await loginAs(t.app, user.id) };
}

async function questionCount(t: TestApp): Promise<number> {
  const row = await t.app.site.db
    .selectFrom('questions')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Forgets the "last write" gaps, as if the member had waited; the counts stay. */
async function waitOutGaps(t: TestApp): Promise<void> {
  await t.app.site.db.deleteFrom('rate_counters').where('counter_key', 'like', 'gap:%').execute();
}

describe('limits on content writes', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => t.close());

  it('[H-6] captcha off: a second question within 5 s is refused with 429 and nothing is stored', async () => {
    await setCaptcha(t, false);
    const m = await member(t);
    expect((await from(t, IP, 'POST', 'question', question(), m.token)).status).toBe(200);
    const before = await questionCount(t);
    const second = await from(t, IP, 'POST', 'question', question(), m.token);
    expect(second.status).toBe(429);
    expect(second.body.reason).toBe('base.too_many_requests');
    expect(await questionCount(t)).toBe(before);
  });

  it('[H-6] captcha off: the 11th question within 6 minutes is refused even when each waited out the gap', async () => {
    await setCaptcha(t, false);
    const m = await member(t);
    for (let i = 0; i < 10; i += 1) {
      expect((await from(t, IP, 'POST', 'question', question(), m.token)).status).toBe(200);
      await waitOutGaps(t);
    }
    expect((await from(t, IP, 'POST', 'question', question(), m.token)).status).toBe(429);
  });

  it('[H-6] captcha on: past the gap the form must solve a captcha, and a solved one lets the question through', async () => {
    const m = await member(t);
    expect((await from(t, IP, 'POST', 'question', question(), m.token)).status).toBe(200);
    const record = await from(t, IP, 'GET', 'user/action/record?action=question', undefined, m.token);
    expect((record.body.data as { verify: boolean }).verify).toBe(true);
    const unsolved = await from(t, IP, 'POST', 'question', question(), m.token);
    expect(unsolved.status).toBe(400);
    expect(unsolved.body.data).toEqual([expect.objectContaining({ error_field: 'captcha_code' })]);
    const now = nowSeconds();
    await t.app.site.db
      .insertInto('captcha_codes')
      .values({ captcha_id: hashToken('known'), answer_hash: hashToken('abcd'), created_at: now, expires_at: now + 60 })
      .execute();
    const solved = await from(
      t,
      IP,
      'POST',
      'question',
      { ...question(), captcha_id: 'known', captcha_code: 'ABCD' },
      m.token,
    );
    expect(solved.status).toBe(200);
  });

  it('[H-6] staff are exempt', async () => {
    await setCaptcha(t, false);
    const admin = await member(t, { role_id: 2 });
    for (let i = 0; i < 3; i += 1)
      expect((await from(t, IP, 'POST', 'question', question(), admin.token)).status).toBe(200);
  });

  it('[H-6][SEC-23] a parallel burst of edits cannot pass the check before it is counted: exactly 10 of 14 land', async () => {
    await setCaptcha(t, false);
    const m = await member(t);
    const created = await from(t, '198.51.100.1', 'POST', 'question', question(), m.token);
    const id = (created.body.data as { id: string }).id;
    const edits = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        from(t, IP, 'PUT', 'question', { id, ...question(), edit_summary: `edit ${i}` }, m.token),
      ),
    );
    const statuses = edits.map((e) => e.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  it("[H-6] per address: one address gets five members' worth of questions, then every member there waits", async () => {
    await setCaptcha(t, false);
    const now = nowSeconds();
    // Forty-nine questions already came from this address in the window.
    await t.app.site.db
      .insertInto('rate_counters')
      .values({ counter_key: `cap:question:ip:${IP}`, window_start: now, count: 49, last_at: now })
      .execute();
    const first = await member(t);
    const second = await member(t);
    expect((await from(t, IP, 'POST', 'question', question(), first.token)).status).toBe(200);
    expect((await from(t, IP, 'POST', 'question', question(), second.token)).status).toBe(429);
    // The same member elsewhere is not held up by that address (once their own gap has passed).
    await waitOutGaps(t);
    expect((await from(t, '198.51.100.77', 'POST', 'question', question(), second.token)).status).toBe(200);
  });

  it('[H-6] previews (post/render) are limited too: the 121st within a minute is refused', async () => {
    const m = await member(t);
    const statuses = [];
    for (let i = 0; i < 121; i += 1) {
      statuses.push((await from(t, IP, 'POST', 'post/render', { content: `**${i}**` }, m.token)).status);
    }
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
  });

  it('[H-6] [SR-6] searches (a read) are limited: 20 a minute per guest address, another address is not affected', async () => {
    await setCaptcha(t, false);
    const statuses = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await from(t, IP, 'GET', `search?q=word${i}`)).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await from(t, '198.51.100.78', 'GET', 'search?q=word')).status).toBe(200);
    // A member behind the same address has an allowance of their own.
    const m = await member(t);
    expect((await from(t, IP, 'GET', 'search?q=word', undefined, m.token)).status).toBe(200);
  });
});
