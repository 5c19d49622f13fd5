import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APPEAL_LIMIT } from '../../src/modules/moderation/appeals.service.js';
import { DECISION_LIMIT } from '../../src/modules/moderation/decision-limit.js';
import { WRITE_RULES } from '../../src/modules/captcha/write-limits.js';
import { buildUser, loginAs } from '../factories.js';
import { buildTestApp, type TestApp } from '../harness.js';
import { from, setCaptcha } from './accounts-helpers.js';

const IP = '203.0.113.40';

async function member(t: TestApp, overrides = {}) {
  const user = await buildUser(t.app, overrides);
  return { id: user.id, token: await loginAs(t.app, user.id) };
}

async function reportCount(t: TestApp): Promise<number> {
  const row = await t.app.site.db
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Limits on moderation's write routes (issue 12): flags, decisions, appeals. */
describe('moderation write limits', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
    await setCaptcha(t, false);
  });
  afterEach(async () => t.close());

  it(`[M-5][H-6] flags follow the strategy table's report row: past ${WRITE_RULES.report.max} in its window a flag is refused with 429 and not stored`, async () => {
    const flagger = await member(t);
    const [a, b] = [await member(t), await member(t)];
    expect((await from(t, IP, 'POST', 'report', { object_id: a.id, report_type: 57 }, flagger.token)).status).toBe(200);
    // The member's window is full (as after max flags), and its gap has passed.
    await t.app.site.db
      .updateTable('rate_counters')
      .set({ count: WRITE_RULES.report.max })
      .where('counter_key', '=', `cap:report:u:${flagger.id}`)
      .execute();
    await t.app.site.db.deleteFrom('rate_counters').where('counter_key', 'like', 'gap:%').execute();
    const over = await from(t, IP, 'POST', 'report', { object_id: b.id, report_type: 57 }, flagger.token);
    expect([over.status, over.body.reason]).toEqual([429, 'base.too_many_requests']);
    expect(await reportCount(t)).toBe(1);
  });

  it(`[M-5] staff decisions (report/review, review/pending/post, appeals) share a limit of ${DECISION_LIMIT.max} a minute per reviewer`, async () => {
    const moderator = await member(t, { role_id: 3 });
    await t.app.site.db
      .insertInto('rate_counters')
      .values({
        counter_key: `moderation:decide:u:${moderator.id}`,
        window_start: Math.floor(Date.now() / 1000),
        count: DECISION_LIMIT.max,
        last_at: 0,
      })
      .execute();
    for (const [method, url, body] of [
      ['PUT', 'report/review', { flag_id: '10080000000000001', operation_type: 'ignore_report' }],
      ['PUT', 'review/pending/post', { review_id: '10140000000000001', status: 'approve' }],
      ['PUT', 'moderation/appeal', { appeal_id: '10180000000000001', status: 'deny' }],
    ] as const) {
      const res = await from(t, IP, method, url, body, moderator.token);
      expect([url, res.status]).toEqual([url, 429]);
    }
  });

  it(`[M-4] a member files at most ${APPEAL_LIMIT.max} appeals an hour`, async () => {
    const appellant = await member(t);
    await t.app.site.db
      .insertInto('rate_counters')
      .values({
        counter_key: `moderation:appeal:u:${appellant.id}`,
        window_start: Math.floor(Date.now() / 1000),
        count: APPEAL_LIMIT.max,
        last_at: 0,
      })
      .execute();
    const decisionId = '10170000000000001';
    await t.app.site.db
      .insertInto('moderation_decisions')
      .values({
        id: decisionId,
        object_id: appellant.id,
        object_type: 4,
        user_id: appellant.id,
        actor_id: '',
        action: 'suspend',
        created_at: 0,
      })
      .execute();
    const res = await from(
      t,
      IP,
      'POST',
      'moderation/appeal',
      { decision_id: decisionId, content: 'Please.' },
      appellant.token,
    );
    expect(res.status).toBe(429);
  });
});
