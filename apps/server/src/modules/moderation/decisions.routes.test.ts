import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  AnswerItem,
  AppealItem,
  ModerationDecisionInfo,
  NotificationStatus,
  Paged,
  QuestionDetail,
  ReviewTypeItem,
} from '@inquire/shared';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';

const API = '/answer/api/v1';
const DAY = 86_400;
interface Member {
  id: string;
  token: string;
}

describe('decisions the affected member can see, and appeals (issue 12, item 4)', () => {
  let t: TestApp;
  let author: Member;
  let other: Member;
  let moderator: Member;
  let suspendedModerator: Member;
  let questionId: string;
  let answerId: string;

  const make = async (overrides = {}) => {
    const user = await buildUser(t.app, overrides);
    return { id: user.id, token: await loginAs(t.app, user.id) };
  };

  beforeEach(async () => {
    t = await buildTestApp({ app: { writeLimits: false } });
    author = await make();
    other = await make({ rank: 1000 });
    moderator = await make({ role_id: 3 });
    suspendedModerator = await make({ role_id: 3, status: 9, suspended_until: Math.floor(Date.now() / 1000) + DAY });
    const asked = await call<{ id: string }>(
      t.app,
      'POST',
      `${API}/question`,
      { title: 'A question staff will decide on', content: 'Some body text here.', tags: [{ slug_name: 'support' }] },
      { token: author.token },
    );
    questionId = asked.body.data.id;
    const answered = await call<{ id: string }>(
      t.app,
      'POST',
      `${API}/answer`,
      { question_id: questionId, content: 'An answer that is long enough.' },
      { token: author.token },
    );
    answerId = answered.body.data.id;
  });
  afterEach(async () => t.close());

  const questionDecision = async (token = '') =>
    (await call<QuestionDetail>(t.app, 'GET', `${API}/question/info?id=${questionId}`, undefined, { token })).body.data
      .decision;
  /** answer/info: the author reads their own deleted answer there (lists leave it out). */
  const answerDecision = async (token: string) =>
    (await call<{ info: AnswerItem }>(t.app, 'GET', `${API}/answer/info?id=${answerId}`, undefined, { token })).body
      .data.info.decision;
  const appeal = (token: string, body: object) =>
    call<{ appeal_id: string }>(t.app, 'POST', `${API}/moderation/appeal`, body, { token });

  it('[M-4][M-5] a close shows its reason to the author and staff only (the author alone may appeal it), and goes when the question is reopened', async () => {
    await call(
      t.app,
      'PUT',
      `${API}/question/status`,
      { id: questionId, close_type: 64, close_msg: 'Say which version you use.' },
      { token: moderator.token },
    );
    const expected = {
      action: 'close',
      reason_type: 64,
      reason_key: 'reason.not_clarity',
      reason_msg: 'Say which version you use.',
      appeal_open: false,
    };
    expect(await questionDecision(author.token)).toMatchObject(expected);
    expect(await questionDecision(moderator.token)).toMatchObject(expected);
    // Only the member it affects may appeal it.
    expect((await questionDecision(author.token))?.can_appeal).toBe(true);
    expect((await questionDecision(moderator.token))?.can_appeal).toBe(false);
    expect(await questionDecision(other.token)).toBeNull();
    expect(await questionDecision()).toBeNull();
    await call(t.app, 'PUT', `${API}/question/reopen`, { question_id: questionId }, { token: moderator.token });
    expect(await questionDecision(author.token)).toBeNull();
  });

  it("[M-4][M-5] deleting or unlisting someone's post records the reason given, shows it to the author, and the author is told of the delete", async () => {
    const deleted = await call(
      t.app,
      'DELETE',
      `${API}/answer`,
      { id: answerId, reason_type: 57, reason_msg: 'Advertising.' },
      { token: moderator.token },
    );
    expect(deleted.status).toBe(200);
    expect(await answerDecision(author.token)).toMatchObject({
      action: 'delete',
      reason_type: 57,
      reason_msg: 'Advertising.',
    });
    expect(await answerDecision(moderator.token)).toMatchObject({ action: 'delete' });
    const told = await t.app.site.db
      .selectFrom('notifications')
      .select('action')
      .where('user_id', '=', author.id)
      .execute();
    expect(told).toContainEqual({ action: 'your_answer_was_deleted' });
    await call(
      t.app,
      'PUT',
      `${API}/question/operation`,
      { id: questionId, operation: 'hide', reason_type: 63, reason_msg: 'Off topic.' },
      { token: moderator.token },
    );
    expect(await questionDecision(author.token)).toMatchObject({
      action: 'unlist',
      reason_type: 63,
      reason_msg: 'Off topic.',
    });
    // An author's own delete is no decision.
    const own = await t.app.site.db
      .selectFrom('moderation_decisions')
      .select('action')
      .where('actor_id', '=', author.id)
      .execute();
    expect(own).toEqual([]);
  });

  it('[M-4] a member suspended from the flagged-user queue reads until when and why in user/info', async () => {
    await call(
      t.app,
      'POST',
      `${API}/report`,
      { object_id: author.id, report_type: 59, content: 'Spams every thread.' },
      { token: other.token },
    );
    const [flag] = await t.app.site.db.selectFrom('reports').select('id').execute();
    await call(
      t.app,
      'PUT',
      `${API}/report/review`,
      { flag_id: flag!.id, operation_type: 'suspend_user', suspend_duration: '24h' },
      { token: moderator.token },
    );
    const me = await call<{ status: string; suspended_until: number; suspended_reason: string }>(
      t.app,
      'GET',
      `${API}/user/info`,
      undefined,
      { token: author.token },
    );
    expect(me.body.data.status).toBe('suspended');
    expect(me.body.data.suspended_reason).toBe('Spams every thread.');
    expect(me.body.data.suspended_until).toBeGreaterThan(Math.floor(Date.now() / 1000) + DAY - 60);
    // The suspended member may appeal the suspension.
    const [decision] = await t.app.site.db
      .selectFrom('moderation_decisions')
      .select('id')
      .where('action', '=', 'suspend')
      .execute();
    expect((await appeal(author.token, { decision_id: decision!.id, content: 'That was my brother.' })).status).toBe(
      200,
    );
  });

  it('[M-4][M-2] one open appeal per decision lands in the appeal queue; staff answer it; then the member may appeal again', async () => {
    await call(
      t.app,
      'PUT',
      `${API}/question/status`,
      { id: questionId, close_type: 63, close_msg: '' },
      { token: moderator.token },
    );
    const decision = (await questionDecision(author.token)) as ModerationDecisionInfo;
    const empty = await appeal(author.token, { decision_id: decision.decision_id, content: ' ' });
    expect(empty.body.data).toEqual([{ error_field: 'content', error_msg: 'Cannot be empty.' }]);
    expect((await appeal(other.token, { decision_id: decision.decision_id, content: 'Not mine.' })).status).toBe(404);
    expect((await appeal('', { decision_id: decision.decision_id, content: 'Guest.' })).status).toBe(401);
    const filed = await appeal(author.token, {
      decision_id: decision.decision_id,
      content: 'It is on topic: see the tag.',
    });
    expect(filed.status).toBe(200);
    const twice = await appeal(author.token, { decision_id: decision.decision_id, content: 'Again.' });
    expect([twice.status, twice.body.reason]).toEqual([400, 'error.appeal.already_open']);
    expect((await questionDecision(author.token))?.appeal_open).toBe(true);
    expect((await questionDecision(author.token))?.can_appeal).toBe(false);

    // Appeals are not a review type (spec 9): staff count them on their own page, and the
    // header's to-do still includes them.
    const types = await call<ReviewTypeItem[]>(t.app, 'GET', `${API}/reviewing/type`, undefined, {
      token: moderator.token,
    });
    expect(types.body.data.map((i) => i.name)).not.toContain('appeal');
    const todo = await call<NotificationStatus>(t.app, 'GET', `${API}/notification/status`, undefined, {
      token: moderator.token,
    });
    expect(todo.body.data.revision).toBe(types.body.data.reduce((sum, i) => sum + i.todo_amount, 0) + 1);
    const page = await call<Paged<AppealItem>>(t.app, 'GET', `${API}/moderation/appeal/page?page=1`, undefined, {
      token: moderator.token,
    });
    expect(page.body.data.count).toBe(1);
    expect(page.body.data.list[0]).toMatchObject({
      appeal_id: filed.body.data.appeal_id,
      content: 'It is on topic: see the tag.',
      appellant: { id: author.id },
      decision: { action: 'close', reason_type: 63, object_id: questionId, decided_by: { id: moderator.id } },
    });
    for (const token of [author.token, other.token, suspendedModerator.token]) {
      expect((await call(t.app, 'GET', `${API}/moderation/appeal/page?page=1`, undefined, { token })).status).toBe(403);
      expect(
        (
          await call(
            t.app,
            'PUT',
            `${API}/moderation/appeal`,
            { appeal_id: filed.body.data.appeal_id, status: 'deny' },
            { token },
          )
        ).status,
      ).toBe(403);
    }
    expect(
      (
        await call(
          t.app,
          'PUT',
          `${API}/moderation/appeal`,
          { appeal_id: filed.body.data.appeal_id, status: 'deny' },
          { token: moderator.token },
        )
      ).status,
    ).toBe(200);
    const answered = await call(
      t.app,
      'PUT',
      `${API}/moderation/appeal`,
      { appeal_id: filed.body.data.appeal_id, status: 'grant' },
      { token: moderator.token },
    );
    expect([answered.status, answered.body.reason]).toEqual([400, 'error.appeal.already_handled']);
    expect(
      (await appeal(author.token, { decision_id: decision.decision_id, content: 'One more look, please.' })).status,
    ).toBe(200);
  });
});
