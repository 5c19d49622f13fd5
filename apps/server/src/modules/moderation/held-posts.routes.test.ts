import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Paged, QueuedPostItem, ReviewTypeItem } from '@inquire/shared';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';

const API = '/answer/api/v1';
const DAY = 86_400;
interface Member {
  id: string;
  token: string;
  username: string;
}

describe('held posts and the queued-post queue (issue 12, item 3)', () => {
  let t: TestApp;
  let newcomer: Member;
  let regular: Member;
  let auditor: Member;
  let moderator: Member;
  let admin: Member;
  let suspendedModerator: Member;

  const make = async (overrides = {}) => {
    const user = await buildUser(t.app, overrides);
    return { id: user.id, username: user.username, token: await loginAs(t.app, user.id) };
  };
  const db = () => t.app.site.db;

  beforeEach(async () => {
    t = await buildTestApp({ app: { writeLimits: false } });
    newcomer = await make({ rank: 1 });
    regular = await make({ rank: 50 });
    auditor = await make({ rank: 1000 });
    moderator = await make({ role_id: 3 });
    admin = await make({ role_id: 2 });
    suspendedModerator = await make({ role_id: 3, status: 9, suspended_until: Math.floor(Date.now() / 1000) + DAY });
  });
  afterEach(async () => t.close());

  const holdBelow = async (rank: number) => {
    const current = await call<Record<string, unknown>>(t.app, 'GET', '/answer/admin/api/siteinfo/write', undefined, {
      token: admin.token,
    });
    const res = await call(
      t.app,
      'PUT',
      '/answer/admin/api/siteinfo/write',
      { ...current.body.data, hold_posts_below_rank: rank },
      { token: admin.token },
    );
    expect(res.status).toBe(200);
  };
  const ask = async (token: string, title = 'A newcomer asks about held posts') =>
    (
      await call<{ id: string }>(
        t.app,
        'POST',
        `${API}/question`,
        { title, content: 'Body of the held question.', tags: [{ slug_name: 'support' }] },
        { token },
      )
    ).body.data.id;
  const answer = async (token: string, questionId: string) =>
    (
      await call<{ id: string }>(
        t.app,
        'POST',
        `${API}/answer`,
        { question_id: questionId, content: 'A held answer, long enough.' },
        { token },
      )
    ).body.data.id;
  const queue = (token: string, query = 'page=1') =>
    call<Paged<QueuedPostItem>>(t.app, 'GET', `${API}/review/pending/post/page?${query}`, undefined, { token });
  const decide = (token: string, body: object) => call(t.app, 'PUT', `${API}/review/pending/post`, body, { token });
  const info = (id: string, token = '') =>
    call<{ status: number }>(t.app, 'GET', `${API}/question/info?id=${id}`, undefined, { token });
  const listed = async () =>
    (await call<Paged<{ id: string }>>(t.app, 'GET', `${API}/question/page?order=newest&page=1&page_size=50`)).body
      .data;
  const tagCount = async () =>
    (await db().selectFrom('tags').select('question_count').where('slug_name', '=', 'support').executeTakeFirst())
      ?.question_count;
  const userRow = (id: string) =>
    db().selectFrom('users').select(['question_count', 'answer_count']).where('id', '=', id).executeTakeFirstOrThrow();
  const searchFinds = async (q: string) =>
    (
      await call<{ count: number }>(t.app, 'GET', `${API}/search?q=${encodeURIComponent(q)}`, undefined, {
        token: regular.token,
      })
    ).body.data.count;

  it('[M-3] hold_posts_below_rank is an admin write setting, 0 (off) by default; with it off nothing is held', async () => {
    const write = await call<{ hold_posts_below_rank: number }>(
      t.app,
      'GET',
      '/answer/admin/api/siteinfo/write',
      undefined,
      { token: admin.token },
    );
    expect(write.body.data.hold_posts_below_rank).toBe(0);
    const id = await ask(newcomer.token);
    expect((await info(id)).status).toBe(200);
    expect(await db().selectFrom('review_items').selectAll().execute()).toEqual([]);
    const bad = await call(
      t.app,
      'PUT',
      '/answer/admin/api/siteinfo/write',
      { ...write.body.data, hold_posts_below_rank: -1 },
      { token: admin.token },
    );
    expect(bad.status).toBe(400);
    expect(
      (
        await call(
          t.app,
          'PUT',
          '/answer/admin/api/siteinfo/write',
          { ...write.body.data, hold_posts_below_rank: 5 },
          { token: moderator.token },
        )
      ).status,
    ).toBe(403);
  });

  it("[M-3][S4-031][S4-044][S1-020][S7-107] a newcomer's question is held: the author sees it (status 11), others get 404, and it is in no list, count, tag count, personal tab or search until approved", async () => {
    await holdBelow(10);
    const startTags = await tagCount();
    const id = await ask(newcomer.token, 'Unmistakable zebracorn question');
    const row = await db().selectFrom('questions').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe(11);
    expect((await info(id, newcomer.token)).body.data.status).toBe(11);
    expect((await info(id, regular.token)).status).toBe(404);
    expect((await info(id)).status).toBe(404);
    expect((await info(id, moderator.token)).status).toBe(200);
    expect((await listed()).list.map((q) => q.id)).not.toContain(id);
    const before = (await listed()).count;
    const tagsBefore = await tagCount();
    expect(tagsBefore).toBe(startTags);
    expect((await userRow(newcomer.id)).question_count).toBe(0);
    const tab = await call<Paged<{ question_id: string }>>(
      t.app,
      'GET',
      `${API}/personal/question/page?username=${newcomer.username}&page=1`,
      undefined,
      { token: regular.token },
    );
    expect(tab.body.data.list).toEqual([]);
    expect(await searchFinds('zebracorn')).toBe(0);
    // Staff (and members above the rank) are never held.
    expect((await info(await ask(regular.token, 'A regular asks without waiting'))).status).toBe(200);

    const types = await call<ReviewTypeItem[]>(t.app, 'GET', `${API}/reviewing/type`, undefined, {
      token: moderator.token,
    });
    expect(types.body.data.find((i) => i.name === 'queued_post')?.todo_amount).toBe(1);
    const page = await queue(moderator.token);
    expect(page.body.data.count).toBe(1);
    expect(page.body.data.list[0]).toMatchObject({
      object_id: id,
      object_type: 'question',
      question_id: id,
      title: 'Unmistakable zebracorn question',
      url_title: 'unmistakable-zebracorn-question',
      original_text: 'Body of the held question.',
      tags: [{ slug_name: 'support', display_name: 'support' }],
      object_status: 11,
      submitter_display_name: 'hold_posts_below_rank',
      author_user_info: { id: newcomer.id },
    });
    expect((await queue(moderator.token, `page=1&object_id=${id}`)).body.data.count).toBe(1);
    expect((await queue(moderator.token, 'page=1&object_id=10010000000999999')).body.data.count).toBe(0);

    const reviewId = page.body.data.list[0]!.review_id;
    expect((await decide(moderator.token, { review_id: reviewId, status: 'approve' })).status).toBe(200);
    expect((await info(id)).body.data.status).toBe(1);
    expect((await listed()).list.map((q) => q.id)).toContain(id);
    expect((await listed()).count).toBe(before + 2);
    // The regular's question and the approved one.
    expect(await tagCount()).toBe(startTags! + 2);
    expect((await userRow(newcomer.id)).question_count).toBe(1);
    expect(await searchFinds('zebracorn')).toBe(1);
    const again = await decide(moderator.token, { review_id: reviewId, status: 'reject' });
    expect([again.status, again.body.reason]).toEqual([400, 'error.review.already_handled']);
  });

  it('[M-3][S4-060][S7-108] a held answer tells nobody and is not counted until approved; approval tells the asker', async () => {
    const questionId = await ask(regular.token, 'A question a newcomer answers');
    await holdBelow(10);
    const answerId = await answer(newcomer.token, questionId);
    const answerRow = () =>
      db().selectFrom('answers').select('status').where('id', '=', answerId).executeTakeFirstOrThrow();
    expect((await answerRow()).status).toBe(11);
    const q = () =>
      db().selectFrom('questions').select('answer_count').where('id', '=', questionId).executeTakeFirstOrThrow();
    expect((await q()).answer_count).toBe(0);
    const told = () => db().selectFrom('notifications').select('action').where('user_id', '=', regular.id).execute();
    expect(await told()).toEqual([]);
    const list = await call<Paged<{ id: string }>>(
      t.app,
      'GET',
      `${API}/answer/page?question_id=${questionId}`,
      undefined,
      { token: regular.token },
    );
    expect(list.body.data.list.map((a) => a.id)).not.toContain(answerId);
    const [item] = (await queue(admin.token)).body.data.list;
    expect([item?.object_type, item?.answer_id, item?.question_id]).toEqual(['answer', answerId, questionId]);
    expect((await decide(admin.token, { review_id: item!.review_id, status: 'approve' })).status).toBe(200);
    expect((await answerRow()).status).toBe(1);
    expect((await q()).answer_count).toBe(1);
    expect((await userRow(newcomer.id)).answer_count).toBe(1);
    expect(await told()).toEqual([{ action: 'answer_the_question' }]);
  });

  it('[M-3][M-4][S4-061] reject deletes the held post, records why and tells its author', async () => {
    await holdBelow(10);
    const id = await ask(newcomer.token);
    const [item] = (await queue(moderator.token)).body.data.list;
    const res = await decide(moderator.token, {
      review_id: item!.review_id,
      status: 'reject',
      reason_msg: 'Please search before asking.',
    });
    expect(res.status).toBe(200);
    expect(
      (await db().selectFrom('questions').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
    ).toBe(10);
    const decision = await db()
      .selectFrom('moderation_decisions')
      .selectAll()
      .where('object_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(decision).toMatchObject({
      action: 'reject',
      user_id: newcomer.id,
      actor_id: moderator.id,
      reason_msg: 'Please search before asking.',
    });
    const notices = await db()
      .selectFrom('notifications')
      .select('action')
      .where('user_id', '=', newcomer.id)
      .execute();
    expect(notices).toEqual([{ action: 'your_question_was_deleted' }]);
    expect((await queue(moderator.token)).body.data.count).toBe(0);
  });

  it('[M-3] a held comment is not listed until approved', async () => {
    const questionId = await ask(regular.token, 'A question a newcomer comments on');
    await holdBelow(10);
    const body = { object_id: questionId, original_text: 'A held comment text.' };
    await call(t.app, 'POST', `${API}/comment`, body, { token: newcomer.token });
    const held = await db().selectFrom('comments').select('status').where('question_id', '=', questionId).execute();
    expect(held).toEqual([{ status: 11 }]);
    const comments = async () =>
      (
        await call<Paged<{ comment_id: string }>>(
          t.app,
          'GET',
          `${API}/comment/page?object_id=${questionId}&page=1`,
          undefined,
          { token: regular.token },
        )
      ).body.data.count;
    expect(await comments()).toBe(0);
    const [item] = (await queue(moderator.token)).body.data.list;
    expect(item?.object_type).toBe('comment');
    expect((await decide(moderator.token, { review_id: item!.review_id, status: 'approve' })).status).toBe(200);
    expect(await comments()).toBe(1);
    const notices = await db().selectFrom('notifications').select('action').where('user_id', '=', regular.id).execute();
    expect(notices).toEqual([{ action: 'comment_question' }]);
  });

  it('[M-3] posting a comment that is held answers the comment to its author, marked pending; only the author sees it', async () => {
    const questionId = await ask(regular.token, 'A question a newcomer comments on');
    await holdBelow(10);
    const body = { object_id: questionId, original_text: 'A held comment, for me only.' };
    const posted = await call<{ comment_id: string; pending?: boolean }>(t.app, 'POST', `${API}/comment`, body, {
      token: newcomer.token,
    });
    expect(posted.status).toBe(200);
    expect(posted.body.data.pending).toBe(true);
    const heldId = posted.body.data.comment_id;
    const listedFor = async (token: string) =>
      (
        await call<Paged<{ comment_id: string; pending?: boolean }>>(
          t.app,
          'GET',
          `${API}/comment/page?object_id=${questionId}&page=1`,
          undefined,
          { token },
        )
      ).body.data.list;
    const onPageFor = async (token: string) =>
      (
        await call<{ comments: Record<string, Paged<{ comment_id: string; pending?: boolean }>> }>(
          t.app,
          'GET',
          `${API}/question/page-data?id=${questionId}`,
          undefined,
          { token },
        )
      ).body.data.comments[questionId]?.list ?? [];
    expect(await listedFor(newcomer.token)).toMatchObject([{ comment_id: heldId, pending: true }]);
    expect(await onPageFor(newcomer.token)).toMatchObject([{ comment_id: heldId, pending: true }]);
    for (const other of [regular.token, moderator.token, '']) {
      expect(await listedFor(other)).toEqual([]);
      expect(await onPageFor(other)).toEqual([]);
    }
    const [item] = (await queue(moderator.token)).body.data.list;
    expect((await decide(moderator.token, { review_id: item!.review_id, status: 'approve' })).status).toBe(200);
    const [approved] = await listedFor(regular.token);
    expect(approved?.comment_id).toBe(heldId);
    expect(approved).not.toHaveProperty('pending');
  });

  it('[M-5] only staff in good standing see and decide queued posts', async () => {
    await holdBelow(10);
    const id = await ask(newcomer.token);
    const [row] = await db().selectFrom('review_items').select('id').execute();
    for (const who of [newcomer, regular, auditor, suspendedModerator]) {
      expect((await queue(who.token)).status).toBe(403);
      expect((await decide(who.token, { review_id: row!.id, status: 'approve' })).status).toBe(403);
    }
    expect((await queue('')).status).toBe(401);
    expect(
      (await db().selectFrom('questions').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
    ).toBe(11);
  });
});
