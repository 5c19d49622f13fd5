import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  FlaggedPostItem,
  FlaggedUserItem,
  Paged,
  ReviewTypeItem,
  TimelineData,
  UnreviewedRevision,
} from '@inquire/shared';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';

type Fields = { error_field: string; error_msg: string }[];
const API = '/answer/api/v1';
const DAY = 86_400;
interface Member {
  id: string;
  token: string;
}

describe('flags and the flagged queues (issue 12)', () => {
  let t: TestApp;
  let author: Member;
  let flagger: Member;
  let auditor: Member;
  let moderator: Member;
  let admin: Member;
  let suspendedModerator: Member;
  let questionId: string;
  let answerId: string;

  const make = async (overrides = {}) => {
    const user = await buildUser(t.app, overrides);
    return { id: user.id, token: await loginAs(t.app, user.id) };
  };
  const db = () => t.app.site.db;

  beforeEach(async () => {
    t = await buildTestApp({ app: { writeLimits: false } });
    author = await make();
    flagger = await make();
    auditor = await make({ rank: 1000 });
    moderator = await make({ role_id: 3 });
    admin = await make({ role_id: 2 });
    suspendedModerator = await make({ role_id: 3, status: 9, suspended_until: Math.floor(Date.now() / 1000) + DAY });
    questionId = (
      await call<{ id: string }>(
        t.app,
        'POST',
        `${API}/question`,
        { title: 'A question someone will flag', content: 'Some body text here.', tags: [{ slug_name: 'support' }] },
        { token: author.token },
      )
    ).body.data.id;
    answerId = (
      await call<{ id: string }>(
        t.app,
        'POST',
        `${API}/answer`,
        { question_id: questionId, content: 'An answer that is long enough.' },
        { token: author.token },
      )
    ).body.data.id;
  });
  afterEach(async () => t.close());

  const flag = (token: string, body: object) => call<Fields>(t.app, 'POST', `${API}/report`, body, { token });
  const flagsOf = (objectId: string) =>
    db().selectFrom('reports').selectAll().where('object_id', '=', objectId).orderBy('created_at').execute();
  const queue = (token: string, page = 1) =>
    call<Paged<FlaggedPostItem>>(t.app, 'GET', `${API}/report/unreviewed/post?page=${page}`, undefined, { token });
  const review = (token: string, body: object) => call<Fields>(t.app, 'PUT', `${API}/report/review`, body, { token });
  const question = () =>
    db().selectFrom('questions').selectAll().where('id', '=', questionId).executeTakeFirstOrThrow();

  it('[M-1][S1-014][S7-104][S3-020] a member flags a question with a reason; the report row is pending and names the flagger', async () => {
    const res = await flag(flagger.token, { object_id: questionId, report_type: 57, content: '' });
    expect(res.status).toBe(200);
    const [row] = await flagsOf(questionId);
    expect(row).toMatchObject({
      user_id: flagger.id,
      reported_user_id: author.id,
      object_type: 1,
      report_type: 57,
      status: 1,
    });
    expect((await flag('', { object_id: questionId, report_type: 57 })).status).toBe(401);
  });

  it("[M-1][S5-007][S5-008][S5-009][S5-010] the spec's flag rules: a reason of the object's type, content where asked, reason 60 a URL of this site", async () => {
    const fieldOf = async (body: object) => {
      const res = await flag(flagger.token, { object_id: questionId, ...body });
      expect(res.status).toBe(400);
      return res.body.data.map((f) => [f.error_field, f.error_msg]);
    };
    expect(await fieldOf({})).toEqual([['report_type', 'Please select a reason.']]);
    expect(await fieldOf({ report_type: 61 })).toEqual([['report_type', 'Please select a reason.']]);
    expect(await fieldOf({ report_type: 59, content: '  ' })).toEqual([['content', 'Cannot be empty.']]);
    expect(await fieldOf({ report_type: 60, content: 'abc' })).toEqual([['content', 'URL format is incorrect.']]);
    expect(await fieldOf({ report_type: 60, content: 'https://elsewhere.example/questions/1' })).toEqual([
      ['content', 'URL origin does not match the current website.'],
    ]);
    expect(await flagsOf(questionId)).toEqual([]);
    const ok = await flag(flagger.token, {
      object_id: questionId,
      report_type: 60,
      content: 'http://localhost:9080/questions/1',
    });
    expect(ok.status).toBe(200);
    // An answer offers "not an answer" (61), not the duplicate reason.
    expect((await flag(flagger.token, { object_id: answerId, report_type: 61 })).status).toBe(200);
  });

  it('[M-1] a second open flag by the same member on the same object is refused; another member may flag it; after review the member may flag again', async () => {
    expect((await flag(flagger.token, { object_id: questionId, report_type: 57 })).status).toBe(200);
    const again = await flag(flagger.token, { object_id: questionId, report_type: 58 });
    expect([again.status, again.body.reason, again.body.msg]).toEqual([
      400,
      'error.report.already_flagged',
      'You have already flagged this; staff will look at your first flag.',
    ]);
    const zh = await call(
      t.app,
      'POST',
      `${API}/report`,
      { object_id: questionId, report_type: 58 },
      { token: flagger.token, lang: 'zh-CN' },
    );
    expect(zh.body.msg).toBe('你已经举报过了，管理人员会处理你的第一次举报。');
    expect((await flag(auditor.token, { object_id: questionId, report_type: 58 })).status).toBe(200);
    const [first] = await flagsOf(questionId);
    expect((await review(moderator.token, { flag_id: first!.id, operation_type: 'ignore_report' })).status).toBe(200);
    expect((await flag(flagger.token, { object_id: questionId, report_type: 58 })).status).toBe(200);
    expect((await flagsOf(questionId)).map((r) => r.status).sort()).toEqual([1, 1, 3]);
  });

  it('[M-1] a deleted object cannot be flagged; a post hidden from the flagger is not found; comments and members can be flagged', async () => {
    const commentId = (
      await call<{ comment_id: string }>(
        t.app,
        'POST',
        `${API}/comment`,
        { object_id: questionId, original_text: 'A comment someone finds rude.' },
        { token: author.token },
      )
    ).body.data.comment_id;
    expect((await flag(flagger.token, { object_id: commentId, report_type: 62 })).status).toBe(200);
    expect((await flag(flagger.token, { object_id: author.id, report_type: 58 })).status).toBe(200);
    expect((await flag(flagger.token, { object_id: author.id, report_type: 60, content: 'x' })).body.data).toEqual([
      { error_field: 'report_type', error_msg: 'Please select a reason.' },
    ]);
    await call(t.app, 'DELETE', `${API}/answer`, { id: answerId }, { token: moderator.token });
    const deleted = await flag(auditor.token, { object_id: answerId, report_type: 57 });
    // A deleted answer is hidden from members: not found, as any hidden post.
    expect(deleted.status).toBe(404);
    const byStaff = await flag(admin.token, { object_id: answerId, report_type: 57 });
    expect([byStaff.status, byStaff.body.reason]).toEqual([400, 'error.report.object_deleted']);
    await call(
      t.app,
      'PUT',
      `${API}/question/operation`,
      { id: questionId, operation: 'hide' },
      { token: moderator.token },
    );
    expect((await flag(auditor.token, { object_id: questionId, report_type: 57 })).status).toBe(404);
  });

  it('[M-1] the question page says whether the reader may flag its posts and comments: members yes; guests and suspended members no', async () => {
    const canFlag = async (token: string) =>
      (
        await call<{ can_flag: boolean }>(t.app, 'GET', `${API}/question/page-data?id=${questionId}`, undefined, {
          token,
        })
      ).body.data.can_flag;
    const suspended = await make({ status: 9, suspended_until: Math.floor(Date.now() / 1000) + DAY });
    expect(await canFlag(flagger.token)).toBe(true);
    expect(await canFlag(moderator.token)).toBe(true);
    expect(await canFlag('')).toBe(false);
    expect(await canFlag(suspended.token)).toBe(false);
  });

  it('[M-1] user/info says whether the member may flag (what a profile page offers): active members yes; suspended no', async () => {
    const flagAction = async (token: string) =>
      (await call<{ actions: { flag: boolean } }>(t.app, 'GET', `${API}/user/info`, undefined, { token })).body.data
        .actions.flag;
    const suspended = await make({ status: 9, suspended_until: Math.floor(Date.now() / 1000) + DAY });
    expect(await flagAction(flagger.token)).toBe(true);
    expect(await flagAction(moderator.token)).toBe(true);
    expect(await flagAction(suspended.token)).toBe(false);
  });

  it('[M-2][S7-109][S2-058][S6-017] reviewing/type: guests 401, members nothing, auditors the suggested edits, staff every queue with counts, suspended staff refused', async () => {
    await flag(flagger.token, { object_id: questionId, report_type: 57 });
    await flag(flagger.token, { object_id: answerId, report_type: 57 });
    await flag(flagger.token, { object_id: author.id, report_type: 57 });
    const types = (token: string) =>
      call<ReviewTypeItem[]>(t.app, 'GET', `${API}/reviewing/type`, undefined, { token });
    expect((await types('')).status).toBe(401);
    expect((await types(flagger.token)).body.data).toEqual([]);
    // Reputation 1000 audits question and answer edits (tag edits need 2500).
    expect((await types(auditor.token)).body.data).toEqual([
      { name: 'question_edit', label: 'Question edit', todo_amount: 0 },
      { name: 'answer_edit', label: 'Answer edit', todo_amount: 0 },
    ]);
    for (const staff of [moderator, admin]) {
      expect((await types(staff.token)).body.data.map((i) => [i.name, i.todo_amount])).toEqual([
        ['question_edit', 0],
        ['answer_edit', 0],
        ['tag_edit', 0],
        ['flagged_post', 2],
        ['flagged_user', 1],
        ['queued_post', 0],
        ['queued_user', 0],
      ]);
    }
    expect((await types(suspendedModerator.token)).status).toBe(403);
  });

  it("[S9-055] reviewing/type offers staff exactly the spec's review types, in its order, labelled in English and Chinese", async () => {
    const types = async (lang: string) =>
      (await call<ReviewTypeItem[]>(t.app, 'GET', `${API}/reviewing/type`, undefined, { token: moderator.token, lang }))
        .body.data;
    const english = await types('en_US');
    expect(english.map((i) => i.name)).toEqual([
      'question_edit',
      'answer_edit',
      'tag_edit',
      'flagged_post',
      'flagged_user',
      'queued_post',
      'queued_user',
    ]);
    expect(english.map((i) => i.label)).toEqual([
      'Question edit',
      'Answer edit',
      'Tag edit',
      'Flag post',
      'Flag user',
      'Queued post',
      'Queued user',
    ]);
    expect((await types('zh_CN')).map((i) => i.label)).toEqual([
      '问题编辑',
      '回答编辑',
      '标签编辑',
      '举报帖子',
      '举报用户',
      '待审帖子',
      '待审用户',
    ]);
  });

  it('[S9-055] each review type counts and lists only its own items: edits by object type, flagged posts and members, queued posts, and no queued members', async () => {
    const editor = await make({ rank: 150 });
    const tag = await db().selectFrom('tags').select('id').where('slug_name', '=', 'support').executeTakeFirstOrThrow();
    const suggest = async (path: string, body: object) => {
      const res = await call<{ wait_for_review: boolean }>(t.app, 'PUT', `${API}/${path}`, body, {
        token: editor.token,
      });
      expect(res.body.data.wait_for_review).toBe(true);
    };
    await suggest('question', {
      id: questionId,
      title: 'A question someone will flag, edited',
      content: 'Some body text here, clearer.',
      tags: [{ slug_name: 'support' }],
      edit_summary: 'clearer',
    });
    await suggest('answer', { id: answerId, content: 'An answer that is long enough, and clearer.' });
    await suggest('tag', {
      tag_id: tag.id,
      slug_name: 'support',
      display_name: 'support',
      original_text: 'Help with the site.',
    });
    await flag(flagger.token, { object_id: answerId, report_type: 57 });
    await flag(flagger.token, { object_id: author.id, report_type: 58 });
    // A member waiting to confirm their email is not a queued member: nothing holds accounts.
    await make({ mail_status: 2 });
    const write = await call<Record<string, unknown>>(t.app, 'GET', '/answer/admin/api/siteinfo/write', undefined, {
      token: admin.token,
    });
    const hold = { ...write.body.data, hold_posts_below_rank: 10 };
    expect((await call(t.app, 'PUT', '/answer/admin/api/siteinfo/write', hold, { token: admin.token })).status).toBe(
      200,
    );
    const newcomer = await make({ rank: 1 });
    const held = await call<{ id: string }>(
      t.app,
      'POST',
      `${API}/question`,
      { title: 'A newcomer asks something held', content: 'Some body text here.', tags: [{ slug_name: 'support' }] },
      { token: newcomer.token },
    );
    expect(held.status).toBe(200);

    const counts = async (token: string) =>
      (await call<ReviewTypeItem[]>(t.app, 'GET', `${API}/reviewing/type`, undefined, { token })).body.data.map((i) => [
        i.name,
        i.todo_amount,
      ]);
    expect(await counts(moderator.token)).toEqual([
      ['question_edit', 1],
      ['answer_edit', 1],
      ['tag_edit', 1],
      ['flagged_post', 1],
      ['flagged_user', 1],
      ['queued_post', 1],
      ['queued_user', 0],
    ]);
    expect(await counts(auditor.token)).toEqual([
      ['question_edit', 1],
      ['answer_edit', 1],
    ]);

    const edits = (token: string, objectType?: string) =>
      call<Paged<UnreviewedRevision>>(t.app, 'GET', `${API}/revisions/unreviewed`, undefined, {
        token,
        query: objectType === undefined ? { page: '1' } : { page: '1', object_type: objectType },
      });
    for (const [objectType, objectId] of [
      ['question', questionId],
      ['answer', answerId],
      ['tag', tag.id],
    ] as const) {
      const page = await edits(moderator.token, objectType);
      expect(page.body.data.count).toBe(1);
      expect(page.body.data.list.map((i) => [i.type, i.unreviewed_info.object_id])).toEqual([[objectType, objectId]]);
    }
    // Without a type, every suggested edit the reviewer may audit (the peer's one queue).
    expect((await edits(moderator.token)).body.data.count).toBe(3);
    expect((await edits(auditor.token)).body.data.count).toBe(2);
    // A type the reviewer may not audit is refused; an unknown one names the field.
    expect((await edits(auditor.token, 'tag')).status).toBe(403);
    const unknown = await edits(moderator.token, 'comment');
    expect([unknown.status, unknown.body.data]).toEqual([
      400,
      [{ error_field: 'object_type', error_msg: expect.any(String) }],
    ]);

    const flaggedPosts = await queue(moderator.token);
    expect(flaggedPosts.body.data.list.map((i) => [i.object_type, i.object_id])).toEqual([['answer', answerId]]);
    const flaggedUsers = await call<Paged<FlaggedUserItem>>(
      t.app,
      'GET',
      `${API}/report/unreviewed/user?page=1`,
      undefined,
      { token: moderator.token },
    );
    expect([flaggedUsers.body.data.count, flaggedUsers.body.data.list[0]?.user.id]).toEqual([1, author.id]);
    const queued = await call<Paged<{ object_id: string }>>(
      t.app,
      'GET',
      `${API}/review/pending/post/page?page=1`,
      undefined,
      { token: moderator.token },
    );
    expect([queued.body.data.count, queued.body.data.list[0]?.object_id]).toEqual([1, held.body.data.id]);
  });

  it('[M-2][S1-018][S7-105][S2-150] report/unreviewed/post: one flag per page with the peer fields; submitter_user is the flagger; staff only', async () => {
    await flag(flagger.token, { object_id: questionId, report_type: 59, content: 'Looks copied from elsewhere.' });
    await flag(auditor.token, { object_id: answerId, report_type: 61 });
    const first = await queue(moderator.token);
    expect(first.body.data.count).toBe(2);
    expect(first.body.data.list).toHaveLength(1);
    const item = first.body.data.list[0]!;
    expect(item).toMatchObject({
      object_id: questionId,
      object_type: 'question',
      question_id: questionId,
      answer_id: '',
      comment_id: '',
      title: 'A question someone will flag',
      url_title: 'a-question-someone-will-flag',
      original_text: 'Some body text here.',
      answer_count: 1,
      answer_accepted: false,
      tags: [{ slug_name: 'support', display_name: 'support' }],
      object_status: 1,
      object_show_status: 1,
      reason_content: 'Looks copied from elsewhere.',
    });
    expect(item.author_user_info?.id).toBe(author.id);
    expect(item.submitter_user?.id).toBe(flagger.id);
    expect(item.reason).toMatchObject({ reason_type: 59, name: 'something else' });
    const second = (await queue(moderator.token, 2)).body.data.list[0]!;
    expect([second.object_type, second.answer_id, second.question_id, second.submitter_user?.id]).toEqual([
      'answer',
      answerId,
      questionId,
      auditor.id,
    ]);
    expect((await queue(moderator.token, 3)).body.data).toEqual({ count: 2, list: [] });
    for (const token of [flagger.token, auditor.token, suspendedModerator.token])
      expect((await queue(token)).status).toBe(403);
    expect((await queue('')).status).toBe(401);
  });

  it('[M-2][M-5][S4-062][S7-106] close_post from the queue closes with the reason, completes the flag, tells the author and writes the timeline', async () => {
    await flag(flagger.token, { object_id: questionId, report_type: 57 });
    const [row] = await flagsOf(questionId);
    const missing = await review(moderator.token, { flag_id: row!.id, operation_type: 'close_post' });
    expect(missing.body.data).toEqual([{ error_field: 'close_type', error_msg: 'Please select a reason.' }]);
    const res = await review(moderator.token, {
      flag_id: row!.id,
      operation_type: 'close_post',
      close_type: 63,
      close_msg: 'Off topic here.',
    });
    expect(res.status).toBe(200);
    expect(await question()).toMatchObject({ status: 2, close_type: 63, close_msg: 'Off topic here.' });
    expect((await flagsOf(questionId))[0]).toMatchObject({ status: 2, reviewer_id: moderator.id });
    const timeline = await call<TimelineData>(
      t.app,
      'GET',
      `${API}/activity/timeline?object_id=${questionId}`,
      undefined,
      { token: moderator.token },
    );
    expect(timeline.body.data.timeline[0]).toMatchObject({
      activity_type: 'closed',
      comment: 'Off topic here.',
      user_info: { username: expect.any(String) },
    });
    const notices = await db()
      .selectFrom('notifications')
      .select(['user_id', 'action'])
      .where('user_id', '=', author.id)
      .execute();
    expect(notices).toContainEqual({ user_id: author.id, action: 'your_question_is_closed' });
    const handled = await review(moderator.token, { flag_id: row!.id, operation_type: 'ignore_report' });
    expect([handled.status, handled.body.reason]).toEqual([400, 'error.report.already_handled']);
  });

  it('[M-2][M-5] delete_post deletes the answer and completes every open flag on it; ignore_report leaves the post alone', async () => {
    await flag(flagger.token, { object_id: answerId, report_type: 57 });
    await flag(auditor.token, { object_id: answerId, report_type: 61 });
    await flag(flagger.token, { object_id: questionId, report_type: 58 });
    const [first] = await flagsOf(answerId);
    expect((await review(admin.token, { flag_id: first!.id, operation_type: 'delete_post' })).status).toBe(200);
    const answer = await db()
      .selectFrom('answers')
      .select('status')
      .where('id', '=', answerId)
      .executeTakeFirstOrThrow();
    expect(answer.status).toBe(10);
    expect((await flagsOf(answerId)).map((r) => r.status)).toEqual([2, 2]);
    const [onQuestion] = await flagsOf(questionId);
    expect((await review(moderator.token, { flag_id: onQuestion!.id, operation_type: 'ignore_report' })).status).toBe(
      200,
    );
    expect(await question()).toMatchObject({ status: 1, show: 1 });
    expect((await flagsOf(questionId))[0]!.status).toBe(3);
    expect((await queue(moderator.token)).body.data.count).toBe(0);
  });

  it('[M-2][M-5] a question deleted by the normal operation closes its open flags too', async () => {
    await flag(flagger.token, { object_id: questionId, report_type: 57 });
    await call(t.app, 'DELETE', `${API}/answer`, { id: answerId }, { token: author.token });
    expect(
      (await call(t.app, 'DELETE', `${API}/question`, { id: questionId }, { token: moderator.token })).status,
    ).toBe(200);
    expect((await flagsOf(questionId)).map((r) => r.status)).toEqual([2]);
  });

  it('[M-2][M-5] a deleted answer closes the open flags of its comments; a deleted question those of its answers and every comment', async () => {
    const comment = async (objectId: string) =>
      (
        await call<{ comment_id: string }>(
          t.app,
          'POST',
          `${API}/comment`,
          { object_id: objectId, original_text: 'A comment someone will flag.' },
          { token: author.token },
        )
      ).body.data.comment_id;
    const onAnswer = await comment(answerId);
    const onQuestion = await comment(questionId);
    for (const id of [onAnswer, onQuestion, answerId]) {
      expect((await flag(flagger.token, { object_id: id, report_type: 57 })).status).toBe(200);
    }
    const statuses = async () =>
      Promise.all([onAnswer, onQuestion, answerId].map(async (id) => (await flagsOf(id)).map((r) => r.status)));

    expect((await call(t.app, 'DELETE', `${API}/answer`, { id: answerId }, { token: moderator.token })).status).toBe(
      200,
    );
    // The answer and its comment: completed; the question's comment still waits.
    expect(await statuses()).toEqual([[2], [1], [2]]);
    expect((await queue(moderator.token)).body.data.count).toBe(1);

    expect(
      (await call(t.app, 'DELETE', `${API}/question`, { id: questionId }, { token: moderator.token })).status,
    ).toBe(200);
    expect(await statuses()).toEqual([[2], [2], [2]]);
    expect((await queue(moderator.token)).body.data.count).toBe(0);
  });

  it('[M-2] unlist_post hides the question; edit_post edits it directly; operations that do not fit the object are refused', async () => {
    await flag(flagger.token, { object_id: questionId, report_type: 57 });
    await flag(flagger.token, { object_id: answerId, report_type: 57 });
    const [onQuestion] = await flagsOf(questionId);
    const [onAnswer] = await flagsOf(answerId);
    const wrong = await review(moderator.token, {
      flag_id: onAnswer!.id,
      operation_type: 'close_post',
      close_type: 63,
    });
    expect([wrong.status, wrong.body.reason]).toEqual([400, 'error.report.operation_not_applicable']);
    const edited = await review(moderator.token, {
      flag_id: onAnswer!.id,
      operation_type: 'edit_post',
      content: 'A cleaned up answer text.',
    });
    expect(edited.status).toBe(200);
    const answer = await db()
      .selectFrom('answers')
      .select('original_text')
      .where('id', '=', answerId)
      .executeTakeFirstOrThrow();
    expect(answer.original_text).toBe('A cleaned up answer text.');
    expect((await review(moderator.token, { flag_id: onQuestion!.id, operation_type: 'unlist_post' })).status).toBe(
      200,
    );
    expect((await question()).show).toBe(2);
    expect((await flagsOf(questionId))[0]!.status).toBe(2);
  });

  it('[M-2][M-4] flagged users: the queue lists the member and the flagger; suspend_user suspends with the duration and the reason the member reads', async () => {
    await flag(flagger.token, { object_id: author.id, report_type: 59, content: 'Posts spam links everywhere.' });
    const page = await call<Paged<FlaggedUserItem>>(t.app, 'GET', `${API}/report/unreviewed/user?page=1`, undefined, {
      token: moderator.token,
    });
    expect(page.body.data.count).toBe(1);
    const item = page.body.data.list[0]!;
    expect([item.object_type, item.user.id, item.submitter_user?.id, item.reason_content]).toEqual([
      'user',
      author.id,
      flagger.id,
      'Posts spam links everywhere.',
    ]);
    // A moderator may not suspend staff.
    await flag(flagger.token, { object_id: admin.id, report_type: 58 });
    const [onAdmin] = await flagsOf(admin.id);
    expect((await review(moderator.token, { flag_id: onAdmin!.id, operation_type: 'suspend_user' })).status).toBe(403);
    const res = await review(moderator.token, {
      flag_id: item.flag_id,
      operation_type: 'suspend_user',
      suspend_duration: '7d',
    });
    expect(res.status).toBe(200);
    const member = await db().selectFrom('users').selectAll().where('id', '=', author.id).executeTakeFirstOrThrow();
    expect(member.status).toBe(9);
    expect(member.suspended_reason).toBe('Posts spam links everywhere.');
    expect(member.suspended_until - member.suspended_at).toBe(7 * DAY);
    expect((await flagsOf(author.id))[0]!.status).toBe(2);
    const post = await review(moderator.token, { flag_id: item.flag_id, operation_type: 'suspend_user' });
    expect(post.status).toBe(400);
  });

  it('[M-5] only staff in good standing decide: members, auditors and suspended moderators are refused and nothing changes', async () => {
    await flag(flagger.token, { object_id: questionId, report_type: 57 });
    const [row] = await flagsOf(questionId);
    for (const token of [flagger.token, auditor.token, author.token, suspendedModerator.token]) {
      const res = await review(token, { flag_id: row!.id, operation_type: 'delete_post' });
      expect(res.status).toBe(403);
    }
    expect((await review('', { flag_id: row!.id, operation_type: 'delete_post' })).status).toBe(401);
    expect((await question()).status).toBe(1);
    expect((await flagsOf(questionId))[0]!.status).toBe(1);
  });
});
