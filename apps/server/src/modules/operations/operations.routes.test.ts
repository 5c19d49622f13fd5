import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Paged, QuestionDetail, QuestionListItem, ReasonOption, TimelineData } from '@inquire/shared';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';

type Fields = { error_field: string; error_msg: string }[];
const API = '/answer/api/v1';
interface Member {
  id: string;
  token: string;
}

describe('post operations', () => {
  let t: TestApp;
  let author: Member;
  let other: Member;
  let admin: Member;
  let questionId: string;

  beforeEach(async () => {
    t = await buildTestApp();
    const make = async (overrides = {}) => {
      const user = await buildUser(t.app, overrides);
      return { id: user.id, token: await loginAs(t.app, user.id) };
    };
    author = await make();
    other = await make({ rank: 500 });
    admin = await make({ role_id: 3 });
    questionId = (
      await call<{ id: string }>(
        t.app,
        'POST',
        `${API}/question`,
        { title: 'A question to moderate', content: 'Some body text.', tags: [{ slug_name: 'support' }] },
        { token: author.token },
      )
    ).body.data.id;
  });
  afterEach(async () => t.close());

  const info = async (token = admin.token) =>
    (await call<QuestionDetail>(t.app, 'GET', `${API}/question/info?id=${questionId}`, undefined, { token })).body.data;
  const timeline = async (id = questionId, token = admin.token, votes = false) =>
    (
      await call<TimelineData>(t.app, 'GET', `${API}/activity/timeline?object_id=${id}&show_vote=${votes}`, undefined, {
        token,
      })
    ).body.data;
  const close = (token: string, body: object) =>
    call<Fields>(t.app, 'PUT', `${API}/question/status`, { id: questionId, ...body }, { token });
  const rank = async (id: string) =>
    (await t.app.site.db.selectFrom('users').select('rank').where('id', '=', id).executeTakeFirstOrThrow()).rank;
  const supportCount = async () =>
    (
      await t.app.site.db
        .selectFrom('tags')
        .select('question_count')
        .where('slug_name', '=', 'support')
        .executeTakeFirstOrThrow()
    ).question_count;

  it('[S7-103] lists the close reasons with the duplicate one asking for a link', async () => {
    expect((await call(t.app, 'GET', `${API}/reasons?object_type=question&action=close`)).status).toBe(401);
    const res = await call<ReasonOption[]>(
      t.app,
      'GET',
      `${API}/reasons?object_type=question&action=close`,
      undefined,
      {
        token: other.token,
      },
    );
    expect(res.body.data.map((r) => [r.reason_type, r.name, r.content_type])).toEqual([
      [60, 'a duplicate', 'text'],
      [63, 'a community-specific reason', ''],
      [64, 'needs details or clarity', ''],
      [59, 'something else', 'textarea'],
    ]);
  });

  it('[S4-033][S4-034][S7-065][S7-066][S4-029] closes with a reason (duplicate needs a link of this site) and reopens, staff only', async () => {
    expect((await close(author.token, { close_type: 63 })).status).toBe(403);
    expect((await close(admin.token, {})).body.data).toEqual([
      { error_field: 'close_type', error_msg: 'Please select a reason.' },
    ]);
    expect((await close(admin.token, { close_type: 60 })).body.data).toEqual([
      { error_field: 'close_msg', error_msg: 'Cannot be empty.' },
    ]);
    expect((await close(admin.token, { close_type: 60, close_msg: 'not a url' })).body.data).toEqual([
      { error_field: 'close_msg', error_msg: 'URL format is incorrect.' },
    ]);
    expect(
      (await close(admin.token, { close_type: 60, close_msg: 'https://elsewhere.example/q/1' })).body.data,
    ).toEqual([{ error_field: 'close_msg', error_msg: 'URL origin does not match the current website.' }]);
    const link = 'http://localhost:9080/questions/10010000000000001';
    expect((await close(admin.token, { close_type: 60, close_msg: link })).status).toBe(200);
    const closed = await info(author.token);
    expect(closed.status).toBe(2);
    expect(closed.operation).toMatchObject({ type: 'reason.a_duplicate', msg: link });
    expect(closed.actions.answer).toBe(false);
    expect((await close(admin.token, { close_type: 63 })).body.reason).toBe('error.question.not_open');

    const reopen = (token: string) =>
      call(t.app, 'PUT', `${API}/question/reopen`, { question_id: questionId }, { token });
    expect((await reopen(author.token)).status).toBe(403);
    expect((await reopen(admin.token)).status).toBe(200);
    expect((await reopen(admin.token)).body.reason).toBe('error.question.not_closed');
    expect((await info()).operation).toBeNull();
    const events = (await timeline()).timeline.map((e) => [e.activity_type, e.comment]);
    expect(events).toEqual([
      ['reopened', ''],
      ['closed', link],
      ['asked', ''],
    ]);
  });

  it('[S4-037][S4-038][S4-039][S4-040][S7-067][S4-032] pins, unpins, unlists and lists, with the peer rules', async () => {
    const listed = await supportCount();
    const op = (operation: string, token = admin.token) =>
      call<Fields>(t.app, 'PUT', `${API}/question/operation`, { id: questionId, operation }, { token });
    expect((await op('pin', author.token)).status).toBe(403);
    expect((await op('spin')).body.data).toEqual([{ error_field: 'operation', error_msg: 'Unknown operation.' }]);
    await op('pin');
    expect((await info()).pin).toBe(2);
    expect((await info()).actions).toMatchObject({ pin: false, unpin: true, hide: false });
    await op('hide'); // a pinned question is not unlisted
    expect((await info()).show).toBe(1);
    await op('unpin');
    await op('hide');
    expect((await info()).show).toBe(2);
    expect(await supportCount()).toBe(listed - 1);
    const list = await call<Paged<QuestionListItem>>(t.app, 'GET', `${API}/question/page`);
    expect(list.body.data.list.map((q) => q.id)).not.toContain(questionId);
    await op('show');
    expect(await supportCount()).toBe(listed);
    expect((await timeline()).timeline.map((e) => e.activity_type)).toEqual(['show', 'hide', 'unpin', 'pin', 'asked']);
  });

  it('[S4-035][S4-036][S7-064][S7-068] deletes and recovers a question; its votes\u2019 reputation goes and comes back', async () => {
    await call(t.app, 'POST', `${API}/vote/up`, { object_id: questionId, is_cancel: false }, { token: other.token });
    expect(await rank(author.id)).toBe(11);
    const listed = await supportCount();
    const del = (token: string) => call(t.app, 'DELETE', `${API}/question`, { id: questionId }, { token });
    expect((await del(other.token)).status).toBe(403);
    expect(
      (await call<Fields>(t.app, 'DELETE', `${API}/question`, {}, { token: author.token })).body.data[0]?.error_field,
    ).toBe('id');
    expect((await del(author.token)).status).toBe(200);
    expect(await rank(author.id)).toBe(1);
    expect(await supportCount()).toBe(listed - 1);
    expect((await call(t.app, 'GET', `${API}/question/info?id=${questionId}`)).status).toBe(404);
    expect((await info()).actions).toMatchObject({ undelete: true, edit: false, delete: false });
    const recover = (token: string) =>
      call(t.app, 'POST', `${API}/question/recover`, { question_id: questionId }, { token });
    expect((await recover(author.token)).status).toBe(403);
    expect((await recover(admin.token)).status).toBe(200);
    expect(await rank(author.id)).toBe(11);
    expect(await supportCount()).toBe(listed);
    expect((await info(other.token)).status).toBe(1);
    expect((await timeline()).timeline.map((e) => e.activity_type)).toEqual(['undeleted', 'deleted', 'asked']);
  });

  it('refuses an author deleting a question with an upvoted answer (400), but not staff', async () => {
    const answer = await call<{ id: string }>(
      t.app,
      'POST',
      `${API}/answer`,
      { question_id: questionId, content: 'Answer text' },
      { token: other.token },
    );
    await call(
      t.app,
      'POST',
      `${API}/vote/up`,
      { object_id: answer.body.data.id, is_cancel: false },
      { token: admin.token },
    );
    const res = await call(t.app, 'DELETE', `${API}/question`, { id: questionId }, { token: author.token });
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('error.question.cannot_deleted');
    expect((await call(t.app, 'DELETE', `${API}/question`, { id: questionId }, { token: admin.token })).status).toBe(
      200,
    );
  });

  it('[S7-076][S7-077] deletes and recovers an answer, with counts, reputation and timeline', async () => {
    const answerId = (
      await call<{ id: string }>(
        t.app,
        'POST',
        `${API}/answer`,
        { question_id: questionId, content: 'Answer text' },
        { token: other.token },
      )
    ).body.data.id;
    await call(t.app, 'POST', `${API}/vote/up`, { object_id: answerId, is_cancel: false }, { token: admin.token });
    const before = await rank(other.id);
    const del = (token: string) => call(t.app, 'DELETE', `${API}/answer`, { id: answerId }, { token });
    expect((await del(other.token)).body.reason).toBe('error.answer.cannot_deleted');
    expect((await del(author.token)).status).toBe(403);
    expect((await del(admin.token)).status).toBe(200);
    expect(await rank(other.id)).toBe(before - 10);
    expect((await info()).answer_count).toBe(0);
    const recover = (token: string) => call(t.app, 'POST', `${API}/answer/recover`, { answer_id: answerId }, { token });
    expect((await recover(other.token)).status).toBe(403);
    expect((await recover(admin.token)).status).toBe(200);
    expect(await rank(other.id)).toBe(before);
    expect((await info()).answer_count).toBe(1);
    const answerTimeline = await timeline(answerId);
    expect(answerTimeline.object_info).toMatchObject({
      object_type: 'answer',
      question_id: questionId,
      answer_id: answerId,
    });
    expect(answerTimeline.timeline.map((e) => e.activity_type)).toEqual(['undeleted', 'deleted', 'answered']);
    // Votes show only to staff who ask for them.
    expect((await timeline(answerId, admin.token, true)).timeline.map((e) => e.activity_type)).toContain('upvote');
    expect((await timeline(answerId, other.token, true)).timeline.map((e) => e.activity_type)).not.toContain('upvote');
  });
});
