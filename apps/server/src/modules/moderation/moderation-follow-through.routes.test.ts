import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  FlaggedPostItem,
  NotificationStatus,
  Paged,
  QueuedPostItem,
  ReviewTypeItem,
  TimelineData,
} from '@inquire/shared';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';

const API = '/answer/api/v1';
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) ReviewTest/1.0';
interface Member {
  id: string;
  token: string;
  username: string;
}

/**
 * What a moderation decision carries through to (issue 12): a held post leaves no trace until
 * approved and then tells whom a direct post tells; every review action is on the timeline;
 * reviewers see where a post was written from; the header's to-do counts every queue.
 */
describe('moderation follow-through (issue 12)', () => {
  let t: TestApp;
  let asker: Member;
  let newcomer: Member;
  let replied: Member;
  let mentioned: Member;
  let auditor: Member;
  let moderator: Member;
  let admin: Member;

  const make = async (overrides = {}) => {
    const user = await buildUser(t.app, overrides);
    return { id: user.id, username: user.username, token: await loginAs(t.app, user.id) };
  };
  const db = () => t.app.site.db;

  beforeEach(async () => {
    t = await buildTestApp({ app: { writeLimits: false } });
    asker = await make({ rank: 50 });
    newcomer = await make({ rank: 1 });
    replied = await make({ rank: 50 });
    mentioned = await make({ rank: 50 });
    auditor = await make({ rank: 1000 });
    moderator = await make({ role_id: 3 });
    admin = await make({ role_id: 2 });
  });
  afterEach(async () => t.close());

  const holdBelow = async (rank: number) => {
    const url = '/answer/admin/api/siteinfo/write';
    const current = await call<Record<string, unknown>>(t.app, 'GET', url, undefined, { token: admin.token });
    const res = await call(
      t.app,
      'PUT',
      url,
      { ...current.body.data, hold_posts_below_rank: rank },
      { token: admin.token },
    );
    expect(res.status).toBe(200);
  };
  /** A write as a browser sends it: the post keeps the sender's IP and user agent. */
  const post = async <T>(token: string, url: string, body: object): Promise<T> => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/${url}`,
      headers: { authorization: token, 'user-agent': AGENT },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const ask = async (token: string, title = 'A question for the moderation follow-through', tags = ['support']) =>
    (
      await post<{ id: string }>(token, 'question', {
        title,
        content: 'Body of the question.',
        tags: tags.map((slug_name) => ({ slug_name })),
      })
    ).id;
  const answer = async (token: string, questionId: string) =>
    (await post<{ id: string }>(token, 'answer', { question_id: questionId, content: 'An answer, long enough.' })).id;
  const comment = async (token: string, body: object) =>
    (await post<{ comment_id: string }>(token, 'comment', body)).comment_id;
  const queue = (token: string, lang?: string) =>
    call<Paged<QueuedPostItem>>(t.app, 'GET', `${API}/review/pending/post/page?page=1`, undefined, { token, lang });
  const decide = (token: string, body: object) => call(t.app, 'PUT', `${API}/review/pending/post`, body, { token });
  const approveFirst = async () => {
    const [item] = (await queue(moderator.token)).body.data.list;
    expect((await decide(moderator.token, { review_id: item!.review_id, status: 'approve' })).status).toBe(200);
  };
  const told = (userId: string) =>
    db().selectFrom('notifications').select(['action', 'comment_id']).where('user_id', '=', userId).execute();
  const timeline = (objectId: string, token: string) =>
    call<TimelineData>(t.app, 'GET', `${API}/activity/timeline?object_id=${objectId}`, undefined, { token });
  const events = async (objectId: string, token: string) =>
    (await timeline(objectId, token)).body.data.timeline.map((item) => [
      item.activity_type,
      item.object_type,
      item.comment,
    ]);

  it("[M-3] a held answer does not move its question's last answer or activity time; approval does", async () => {
    const questionId = await ask(asker.token);
    const before = await db()
      .selectFrom('questions')
      .select(['last_answer_id', 'post_update_time', 'answer_count'])
      .where('id', '=', questionId)
      .executeTakeFirstOrThrow();
    await holdBelow(10);
    const answerId = await answer(newcomer.token, questionId);
    const row = () =>
      db()
        .selectFrom('questions')
        .select(['last_answer_id', 'post_update_time', 'answer_count'])
        .where('id', '=', questionId)
        .executeTakeFirstOrThrow();
    expect(await row()).toEqual(before);
    // Nowhere public: the question, the list of questions (last answerer), the author's answers tab.
    for (const url of [
      `question/info?id=${questionId}`,
      'question/page?order=active&page=1&page_size=20',
      `personal/answer/page?username=${newcomer.username}&order=newest&page=1`,
    ]) {
      const res = await call(t.app, 'GET', `${API}/${url}`, undefined, { token: asker.token });
      expect([url, res.status]).toEqual([url, 200]);
      expect(JSON.stringify(res.body.data)).not.toContain(answerId);
    }
    await approveFirst();
    const after = await row();
    expect(after.last_answer_id).toBe(answerId);
    expect(after.answer_count).toBe(1);
    expect(after.post_update_time).toBeGreaterThanOrEqual(before.post_update_time);
  });

  it('[M-3] an approved held comment tells exactly whom a direct comment tells: the replied-to member, else the mentioned, else the post author', async () => {
    const questionId = await ask(asker.token);
    const repliedTo = await comment(replied.token, {
      object_id: questionId,
      original_text: 'A first comment to reply to.',
    });
    await db().deleteFrom('notifications').execute();
    await holdBelow(10);
    await comment(newcomer.token, {
      object_id: questionId,
      original_text: 'A held reply, long enough.',
      reply_comment_id: repliedTo,
    });
    expect(await told(replied.id)).toEqual([]);
    await approveFirst();
    expect((await told(replied.id)).map((n) => n.action)).toEqual(['reply_to_you']);
    expect(await told(asker.id)).toEqual([]);

    const mention = await comment(newcomer.token, {
      object_id: questionId,
      original_text: `A held mention of @${mentioned.username} here.`,
    });
    expect(await told(mentioned.id)).toEqual([]);
    await approveFirst();
    expect(await told(mentioned.id)).toEqual([{ action: 'mention_you', comment_id: mention }]);
    expect(await told(asker.id)).toEqual([]);

    const plain = await comment(newcomer.token, { object_id: questionId, original_text: 'A plain held comment.' });
    await approveFirst();
    expect(await told(asker.id)).toEqual([{ action: 'comment_question', comment_id: plain }]);
  });

  it("[M-5] every review action writes the timeline (who, what, reason), shown to staff on the post's timeline", async () => {
    const questionId = await ask(asker.token);
    await holdBelow(10);
    const answerId = await answer(newcomer.token, questionId);
    await approveFirst();
    const heldComment = await comment(newcomer.token, { object_id: questionId, original_text: 'A comment to reject.' });
    const [item] = (await queue(moderator.token)).body.data.list;
    expect(item?.comment_id).toBe(heldComment);
    await decide(moderator.token, { review_id: item!.review_id, status: 'reject', reason_msg: 'Off topic.' });
    await holdBelow(0);

    await call(
      t.app,
      'POST',
      `${API}/report`,
      { object_id: answerId, report_type: 57, content: '' },
      { token: asker.token },
    );
    const [flag] = (
      await call<Paged<FlaggedPostItem>>(t.app, 'GET', `${API}/report/unreviewed/post?page=1`, undefined, {
        token: admin.token,
      })
    ).body.data.list;
    await call(
      t.app,
      'PUT',
      `${API}/report/review`,
      { flag_id: flag!.flag_id, operation_type: 'ignore_report' },
      {
        token: admin.token,
      },
    );

    const onAnswer = (await timeline(answerId, moderator.token)).body.data.timeline;
    const ignored = onAnswer.find((entry) => entry.activity_type === 'flag_ignored');
    expect(ignored?.user_info?.username).toBe(admin.username);
    expect(onAnswer.find((entry) => entry.activity_type === 'approved')?.user_info?.username).toBe(moderator.username);
    expect(await events(questionId, moderator.token)).toContainEqual(['rejected', 'comment', 'Off topic.']);
    // Flags and queues are staff business: members read the timeline without them.
    expect((await events(answerId, asker.token)).map(([type]) => type)).toEqual(['answered']);
    expect((await events(questionId, asker.token)).map(([type]) => type)).not.toContain('rejected');

    // Answering an appeal is on the timeline of what was decided.
    await call(
      t.app,
      'PUT',
      `${API}/question/status`,
      { id: questionId, close_type: 63, close_msg: '' },
      {
        token: moderator.token,
      },
    );
    const decision = await db()
      .selectFrom('moderation_decisions')
      .select('id')
      .where('object_id', '=', questionId)
      .executeTakeFirstOrThrow();
    const filed = await call<{ appeal_id: string }>(
      t.app,
      'POST',
      `${API}/moderation/appeal`,
      { decision_id: decision.id, content: 'It is on topic.' },
      { token: asker.token },
    );
    await call(
      t.app,
      'PUT',
      `${API}/moderation/appeal`,
      { appeal_id: filed.body.data.appeal_id, status: 'deny' },
      {
        token: admin.token,
      },
    );
    expect(await events(questionId, admin.token)).toContainEqual(['appeal_denied', 'question', 'It is on topic.']);
  });

  it('[M-2] reviewers see the IP and user agent a flagged or queued post was written from; public reads never carry them', async () => {
    await holdBelow(10);
    const heldId = await ask(newcomer.token, 'A held question from a browser');
    const [held] = (await queue(moderator.token)).body.data.list;
    expect([held?.object_id, held?.author_ip, held?.author_user_agent]).toEqual([heldId, '127.0.0.1', AGENT]);
    await holdBelow(0);

    const questionId = await ask(asker.token, 'A question someone flags');
    await call(
      t.app,
      'POST',
      `${API}/report`,
      { object_id: questionId, report_type: 57, content: '' },
      { token: replied.token },
    );
    const [flagged] = (
      await call<Paged<FlaggedPostItem>>(t.app, 'GET', `${API}/report/unreviewed/post?page=1`, undefined, {
        token: moderator.token,
      })
    ).body.data.list;
    expect([flagged?.object_id, flagged?.author_ip, flagged?.author_user_agent]).toEqual([
      questionId,
      '127.0.0.1',
      AGENT,
    ]);

    for (const url of [
      `question/info?id=${questionId}`,
      `question/page-data?id=${questionId}`,
      `answer/page?question_id=${questionId}`,
    ]) {
      const res = await call(t.app, 'GET', `${API}/${url}`, undefined, { token: moderator.token });
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body.data)).not.toContain('ReviewTest');
    }
  });

  it("[M-2] the header's review to-do is the sum of every queue the reader may work (notification/status)", async () => {
    const questionId = await ask(asker.token);
    await call(
      t.app,
      'POST',
      `${API}/report`,
      { object_id: questionId, report_type: 57, content: '' },
      { token: replied.token },
    );
    await call(
      t.app,
      'POST',
      `${API}/report`,
      { object_id: asker.id, report_type: 57, content: '' },
      { token: replied.token },
    );
    await holdBelow(10);
    await ask(newcomer.token, 'A held question adds to the to-do');
    const status = async (token: string) =>
      (await call<NotificationStatus>(t.app, 'GET', `${API}/notification/status`, undefined, { token })).body.data;
    const types = async (token: string) =>
      (await call<ReviewTypeItem[]>(t.app, 'GET', `${API}/reviewing/type`, undefined, { token })).body.data;
    const sum = (list: ReviewTypeItem[]) => list.reduce((total, type) => total + type.todo_amount, 0);

    const staff = await status(moderator.token);
    expect(staff.revision).toBe(3);
    expect(staff.revision).toBe(sum(await types(moderator.token)));
    expect(staff.can_revision).toBe(true);
    // Auditors work the suggested edits only; members have no queue.
    expect(await status(auditor.token)).toMatchObject({ revision: 0, can_revision: true });
    expect(await status(replied.token)).toMatchObject({ revision: 0, can_revision: false });
  });

  it("[M-2] a queued item says why it was held in the reader's language, not the rule's key", async () => {
    await holdBelow(10);
    await ask(newcomer.token);
    const [en] = (await queue(moderator.token, 'en_US')).body.data.list;
    expect([en?.reason, en?.reason_label]).toEqual(['hold_posts_below_rank', 'New member: reputation below 10']);
    const [zh] = (await queue(moderator.token, 'zh_CN')).body.data.list;
    expect(zh?.reason_label).toBe('新成员：声望低于 10');
  });

  it('[M-5][S2-058][S4-007] the permission matrix: every queue and decision refuses guests (401), members, auditors and suspended staff (403) and changes nothing; moderators and admins work them', async () => {
    const questionId = await ask(asker.token);
    await call(
      t.app,
      'POST',
      `${API}/report`,
      { object_id: questionId, report_type: 57, content: '' },
      { token: replied.token },
    );
    await call(
      t.app,
      'POST',
      `${API}/report`,
      { object_id: asker.id, report_type: 57, content: '' },
      { token: replied.token },
    );
    await call(
      t.app,
      'PUT',
      `${API}/question/status`,
      { id: questionId, close_type: 63, close_msg: '' },
      {
        token: moderator.token,
      },
    );
    const decision = await db()
      .selectFrom('moderation_decisions')
      .select('id')
      .where('object_id', '=', questionId)
      .executeTakeFirstOrThrow();
    await call(
      t.app,
      'POST',
      `${API}/moderation/appeal`,
      { decision_id: decision.id, content: 'Please look again.' },
      {
        token: asker.token,
      },
    );
    await holdBelow(10);
    await ask(newcomer.token, 'A held question for the matrix');
    const [flagRow, userFlagRow] = await db()
      .selectFrom('reports')
      .select('id')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const [reviewRow] = await db().selectFrom('review_items').select('id').execute();
    const [appealRow] = await db().selectFrom('appeals').select('id').execute();
    const reads = [
      'report/unreviewed/post?page=1',
      'report/unreviewed/user?page=1',
      'review/pending/post/page?page=1',
      'moderation/appeal/page?page=1',
    ];
    const writes: [string, object][] = [
      ['report/review', { flag_id: flagRow!.id, operation_type: 'delete_post' }],
      ['report/review', { flag_id: userFlagRow!.id, operation_type: 'suspend_user', suspend_duration: '24h' }],
      ['review/pending/post', { review_id: reviewRow!.id, status: 'approve' }],
      ['moderation/appeal', { appeal_id: appealRow!.id, status: 'grant' }],
    ];
    const suspendedModerator = await make({
      role_id: 3,
      status: 9,
      suspended_until: Math.floor(Date.now() / 1000) + 86_400,
    });
    const refused: [string, number][] = [
      ['', 401],
      [replied.token, 403],
      [auditor.token, 403],
      [suspendedModerator.token, 403],
    ];
    for (const [token, status] of refused) {
      for (const url of reads) {
        expect([url, (await call(t.app, 'GET', `${API}/${url}`, undefined, { token })).status]).toEqual([url, status]);
      }
      for (const [url, body] of writes) {
        expect([url, (await call(t.app, 'PUT', `${API}/${url}`, body, { token })).status]).toEqual([url, status]);
      }
    }
    // Nothing changed: every item is still waiting, the post and the member untouched.
    expect((await db().selectFrom('reports').select('status').execute()).map((r) => r.status)).toEqual([1, 1]);
    expect((await db().selectFrom('review_items').select('status').execute()).map((r) => r.status)).toEqual([1]);
    expect((await db().selectFrom('appeals').select('status').execute()).map((r) => r.status)).toEqual([1]);
    const askerRow = await db()
      .selectFrom('users')
      .select('status')
      .where('id', '=', asker.id)
      .executeTakeFirstOrThrow();
    expect(askerRow.status).toBe(1);
    // Staff in good standing: both roles read every queue, and their decisions land.
    for (const token of [moderator.token, admin.token]) {
      for (const url of reads) {
        const res = await call<Paged<unknown>>(t.app, 'GET', `${API}/${url}`, undefined, { token });
        expect([url, res.status, res.body.data.count]).toEqual([url, 200, 1]);
      }
    }
    const [first, second, third, fourth] = writes;
    for (const [token, [url, body]] of [
      [moderator.token, first!],
      [admin.token, second!],
      [moderator.token, third!],
      [admin.token, fourth!],
    ] as const) {
      expect([url, (await call(t.app, 'PUT', `${API}/${url}`, body, { token })).status]).toEqual([url, 200]);
    }
    expect(await db().selectFrom('reports').select('status').where('status', '=', 1).execute()).toEqual([]);
  });

  it("[M-4] unlisting someone's question tells its author, as closing and deleting do; their own unlist tells nobody", async () => {
    const questionId = await ask(asker.token);
    const unlist = (token: string, id: string) =>
      call(t.app, 'PUT', `${API}/question/operation`, { id, operation: 'hide' }, { token });
    const res = await unlist(moderator.token, questionId);
    expect(res.status).toBe(200);
    expect((await told(asker.id)).map((n) => n.action)).toEqual(['your_question_was_unlisted']);
    const inbox = await call<Paged<{ notification_action: string }>>(
      t.app,
      'GET',
      `${API}/notification/page?type=inbox&page=1`,
      undefined,
      { token: asker.token, lang: 'zh_CN' },
    );
    expect(inbox.body.data.list.map((item) => item.notification_action)).toEqual(['你的问题已被设为不公开']);
    const own = await ask(moderator.token, 'A moderator unlists their own question');
    expect((await unlist(moderator.token, own)).status).toBe(200);
    expect(await told(moderator.id)).toEqual([]);
  });

  it("[M-2][S2-153] the review screen's edit-post modal edits a flagged question's tags too", async () => {
    // An admin's question brings a second tag into the site.
    await ask(admin.token, 'An admin question with a new tag', ['release-notes']);
    const questionId = await ask(asker.token);
    await call(
      t.app,
      'POST',
      `${API}/report`,
      { object_id: questionId, report_type: 57, content: '' },
      { token: replied.token },
    );
    const [flag] = (
      await call<Paged<FlaggedPostItem>>(t.app, 'GET', `${API}/report/unreviewed/post?page=1`, undefined, {
        token: moderator.token,
      })
    ).body.data.list;
    const tagNames = async () =>
      (
        await call<{ tags: { slug_name: string }[] }>(t.app, 'GET', `${API}/question/info?id=${questionId}`)
      ).body.data.tags.map((tag) => tag.slug_name);
    expect(await tagNames()).toEqual(['support']);
    const res = await call(
      t.app,
      'PUT',
      `${API}/report/review`,
      {
        flag_id: flag!.flag_id,
        operation_type: 'edit_post',
        title: flag!.title,
        content: flag!.original_text,
        tags: [{ slug_name: 'support' }, { slug_name: 'release-notes' }],
      },
      { token: moderator.token },
    );
    expect(res.status).toBe(200);
    expect((await tagNames()).sort()).toEqual(['release-notes', 'support']);
  });
});
