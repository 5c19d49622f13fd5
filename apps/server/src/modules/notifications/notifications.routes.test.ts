import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationItem, NotificationStatus, Paged } from '@inquire/shared';
import { buildUser, loginAs } from '../../../test/factories.js';
import { queryObservers } from '../../infra/db.js';
import { ADMIN, buildTestApp, call, type TestApp } from '../../../test/harness.js';
import { nowSeconds } from '../../lib/clock.js';
import { notifyInbox } from './notify.js';

const V1 = '/answer/api/v1';
type Member = { id: string; token: string; username: string };
type Fields = { error_field: string; error_msg: string }[];

describe('notifications: events, receivers, read state (issue 11)', () => {
  let t: TestApp;
  let asker: Member;
  let answerer: Member;
  let follower: Member;
  let bystander: Member;
  let staff: Member;

  beforeEach(async () => {
    t = await buildTestApp({ app: { writeLimits: false } });
    const make = async (overrides = {}): Promise<Member> => {
      const user = await buildUser(t.app, { rank: 3000, ...overrides });
      return { id: user.id, username: user.username, token: await loginAs(t.app, user.id) };
    };
    asker = await make();
    answerer = await make();
    follower = await make();
    bystander = await make();
    const admin = await t.app.site.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('username', '=', ADMIN.name)
      .executeTakeFirstOrThrow();
    staff = { ...admin, token: await loginAs(t.app, admin.id) };
  });
  afterEach(async () => t.close());

  const ok = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body: unknown, who: Member) => {
    const res = await call<T>(t.app, method, `${V1}${url}`, body, { token: who.token });
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };
  const ask = async (who = asker) =>
    (
      await ok<{ id: string }>(
        'POST',
        '/question',
        {
          title: 'How do tides work on lakes?',
          content: 'I wonder whether lakes have tides at all.',
          tags: [{ slug_name: 'general' }],
        },
        who,
      )
    ).id;
  const answer = async (questionId: string, who = answerer) =>
    (
      await ok<{ id: string }>(
        'POST',
        '/answer',
        { question_id: questionId, content: `An answer by ${who.username} here.` },
        who,
      )
    ).id;
  const follow = (objectId: string, who: Member) =>
    ok('POST', '/follow', { object_id: objectId, is_cancel: false }, who);
  const inbox = async (who: Member, inboxType = 'all') =>
    ok<Paged<NotificationItem>>('GET', `/notification/page?type=inbox&inbox_type=${inboxType}`, undefined, who);
  const achievements = async (who: Member) =>
    ok<Paged<NotificationItem>>('GET', '/notification/page?type=achievement', undefined, who);
  const status = (who: Member) => ok<NotificationStatus>('GET', '/notification/status', undefined, who);
  const actions = async (who: Member, inboxType = 'all') =>
    (await inbox(who, inboxType)).list.map((n) => n.notification_action);
  const rows = (userId: string) =>
    t.app.site.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute();

  it('[N-1][N-3][S7-133] an answer tells the asker and the question’s followers, never the answerer; the item says who, on what', async () => {
    const questionId = await ask();
    await follow(questionId, follower);
    await follow(questionId, answerer);
    const answerId = await answer(questionId);

    expect(await rows(answerer.id)).toEqual([]);
    expect(await rows(bystander.id)).toEqual([]);
    for (const who of [asker, follower]) {
      const page = await inbox(who);
      expect(page.count).toBe(1);
      expect(page.list[0]).toMatchObject({
        user_info: { id: answerer.id, username: answerer.username, display_name: answerer.username },
        object_info: {
          title: 'How do tides work on lakes?',
          object_id: answerId,
          object_type: 'answer',
          object_map: { question: questionId, answer: answerId },
        },
        rank: 0,
        notification_action: 'answered the question',
        is_read: false,
      });
      expect((await status(who)).inbox).toBe(1);
      expect((await inbox(who, 'posts')).count).toBe(1);
      expect((await inbox(who, 'votes')).count).toBe(0);
    }
    const zh = await call<Paged<NotificationItem>>(t.app, 'GET', `${V1}/notification/page?type=inbox`, undefined, {
      token: asker.token,
      lang: 'zh-CN',
    });
    expect(zh.body.data.list[0]?.notification_action).toBe('回答了问题');
  });

  it('[N-1] comments: the post’s author hears of a comment; a reply tells only the replied-to; mentions only the mentioned', async () => {
    const questionId = await ask();
    const answerId = await answer(questionId);
    const comment = async (objectId: string, text: string, who: Member, reply = '') =>
      (
        await ok<{ comment_id: string }>(
          'POST',
          '/comment',
          { object_id: objectId, original_text: text, reply_comment_id: reply },
          who,
        )
      ).comment_id;

    const onQuestion = await comment(questionId, 'Which lake do you mean exactly?', bystander);
    await comment(answerId, 'This answer helped me a lot.', bystander);
    await comment(questionId, 'My own note on my own question.', asker);
    // (The asker heard of the answer first.)
    expect(await actions(asker)).toEqual(['commented on the question', 'answered the question']);
    expect(await actions(answerer)).toEqual(['commented on the answer']);

    await comment(questionId, 'Lake Geneva, thanks for asking.', asker, onQuestion);
    expect(await actions(bystander)).toEqual(['replied to you']);
    expect(await actions(asker)).toHaveLength(2);

    await comment(questionId, `@${follower.username} you know about lakes, right?`, bystander);
    expect(await actions(follower)).toEqual(['mentioned you']);
    expect(await actions(asker)).toHaveLength(2);
    const mention = (await inbox(follower)).list[0];
    expect(mention?.object_info.object_type).toBe('comment');
    expect(mention?.object_info.object_map.question).toBe(questionId);
  });

  it('[N-1] accepting tells the answer’s author and followers, and achievements group per object with the net reputation', async () => {
    const questionId = await ask();
    await follow(questionId, follower);
    const answerId = await answer(questionId);
    await ok('POST', '/answer/acceptance', { question_id: questionId, answer_id: answerId }, asker);
    expect(await actions(answerer)).toEqual(['accepted the answer']);
    expect(await actions(follower)).toEqual(['accepted the answer', 'answered the question']);
    // The asker's own +2 for accepting is their own act: no achievement.
    expect((await achievements(asker)).count).toBe(0);

    await ok('POST', '/vote/up', { object_id: answerId, is_cancel: false }, bystander);
    let mine = await achievements(answerer);
    expect(mine.count).toBe(1);
    expect(mine.list[0]).toMatchObject({
      rank: 25,
      object_info: { object_id: answerId, object_map: { answer: answerId } },
    });
    expect((await status(answerer)).achievement).toBe(1);

    await ok('PUT', '/notification/read/state/all', { type: 'achievement' }, answerer);
    await ok('POST', '/vote/up', { object_id: answerId, is_cancel: true }, bystander);
    mine = await achievements(answerer);
    expect(mine.count).toBe(1);
    expect(mine.list[0]).toMatchObject({ rank: 15, is_read: false });
    expect((await status(answerer)).achievement).toBe(1);
  });

  it('[N-1] votes: the author hears once per voter and direction, and a downvoter stays anonymous', async () => {
    const questionId = await ask();
    await ok('POST', '/vote/up', { object_id: questionId, is_cancel: false }, bystander);
    await ok('POST', '/vote/up', { object_id: questionId, is_cancel: true }, bystander);
    await ok('POST', '/vote/up', { object_id: questionId, is_cancel: false }, bystander);
    await ok('POST', '/vote/down', { object_id: questionId, is_cancel: false }, follower);
    const votes = await inbox(asker, 'votes');
    expect(votes.list.map((n) => n.notification_action)).toEqual(['downvoted the question', 'upvoted the question']);
    expect(votes.list[0]?.user_info).toBeUndefined();
    expect(votes.list[1]?.user_info?.id).toBe(bystander.id);
    expect((await rows(asker.id)).every((r) => r.actor_id !== follower.id)).toBe(true);
    const downAchievement = (await achievements(asker)).list[0];
    expect(downAchievement?.user_info).toBeUndefined();
    expect(downAchievement?.rank).toBe(8);
    expect((await inbox(asker, 'posts')).count).toBe(0);
  });

  it('[N-1] invitations tell the newly invited once; edits, staff closes and deletes tell the author', async () => {
    const questionId = await ask();
    await follow(questionId, follower);
    await ok('PUT', '/question/invite', { id: questionId, invite_user: [bystander.username] }, answerer);
    await ok(
      'PUT',
      '/question/invite',
      { id: questionId, invite_user: [bystander.username, follower.username] },
      answerer,
    );
    expect(await actions(bystander, 'invites')).toEqual(['invited you to answer']);
    expect(await actions(follower, 'invites')).toEqual(['invited you to answer']);

    const answerId = await answer(questionId);
    await ok(
      'PUT',
      '/question',
      {
        id: questionId,
        title: 'How do tides work on large lakes?',
        content: 'I wonder whether lakes have tides at all, edited.',
        tags: [{ slug_name: 'general' }],
        edit_summary: 'clearer',
      },
      staff,
    );
    expect((await actions(asker))[0]).toBe('edited the question');
    expect((await actions(follower))[0]).toBe('edited the question');
    await ok(
      'PUT',
      '/answer',
      { id: answerId, question_id: questionId, content: 'An edited answer by staff.', edit_summary: 'x' },
      staff,
    );
    expect((await actions(answerer))[0]).toBe('edited the answer');
    expect((await actions(asker))[0]).toBe('edited the answer');

    const commentId = (
      await ok<{ comment_id: string }>(
        'POST',
        '/comment',
        { object_id: answerId, original_text: 'A comment to remove.' },
        bystander,
      )
    ).comment_id;
    await ok('DELETE', '/comment', { comment_id: commentId }, staff);
    expect((await actions(bystander))[0]).toBe('Your comment has been deleted');

    await ok('DELETE', '/answer', { id: answerId }, staff);
    expect((await actions(answerer))[0]).toBe('Your answer has been deleted');
    await ok('PUT', '/question/status', { id: questionId, close_type: 64, close_msg: '' }, staff);
    expect((await actions(asker))[0]).toBe('Your question has been closed');
    await ok('DELETE', '/question', { id: questionId }, staff);
    expect((await actions(asker))[0]).toBe('Your question has been deleted');
    // The author still sees their deleted question's title; a follower no longer does.
    expect((await inbox(asker)).list[0]?.object_info.title).toBe('How do tides work on large lakes?');
    expect((await inbox(follower)).list[0]?.object_info).toMatchObject({ title: '', object_id: '', object_map: {} });

    const own = await ask(bystander);
    const ownAnswer = await answer(own, bystander);
    await ok('DELETE', '/answer', { id: ownAnswer }, bystander);
    expect((await rows(bystander.id)).map((r) => r.action)).not.toContain('your_answer_was_deleted');
  });

  it('[N-1] a post the receiver may not see tells nobody who may not see it', async () => {
    const questionId = await ask();
    await follow(questionId, follower);
    await ok('PUT', '/question/operation', { id: questionId, operation: 'hide' }, staff);
    await answer(questionId, staff);
    // The asker may see it: told of the unlist (issue 12) and of the answer; the follower may not: nothing.
    expect((await actions(asker)).sort()).toEqual(['Your question has been unlisted', 'answered the question']);
    expect(await rows(follower.id)).toEqual([]);
  });

  it('[N-1] a rolled-back change notifies nobody: the writer writes in the change’s transaction', async () => {
    const questionId = await ask();
    await expect(
      t.app.site.db.transaction().execute(async (trx) => {
        await notifyInbox(trx, {
          action: 'answer_the_question',
          actorId: answerer.id,
          receivers: [asker.id],
          questionId,
          now: nowSeconds(),
        });
        expect(
          await trx.selectFrom('notifications').select('id').where('user_id', '=', asker.id).execute(),
        ).toHaveLength(1);
        throw new Error('the change fails after its notification');
      }),
    ).rejects.toThrow('the change fails');
    expect(await rows(asker.id)).toEqual([]);
    expect((await status(asker)).inbox).toBe(0);
  });

  it('[N-3] read state and red dots: one read, the dot cleared without reading, all read; only one’s own items', async () => {
    const first = await ask();
    await answer(first);
    await answer(first, bystander);
    expect((await status(asker)).inbox).toBe(2);
    const [latest] = (await inbox(asker)).list;
    await ok('PUT', '/notification/read/state', { id: latest?.id }, asker);
    await ok('PUT', '/notification/read/state', { id: latest?.id }, asker);
    expect((await status(asker)).inbox).toBe(1);
    expect((await inbox(asker)).list.map((n) => n.is_read)).toEqual([true, false]);

    const cleared = await ok<NotificationStatus>('PUT', '/notification/status', { type: 'inbox' }, asker);
    expect(cleared).toEqual({ inbox: 0, achievement: 0, revision: 0, can_revision: true, badge_award: null });
    expect((await inbox(asker)).list.map((n) => n.is_read)).toEqual([true, false]);

    const foreign = await call(
      t.app,
      'PUT',
      `${V1}/notification/read/state`,
      { id: latest?.id },
      { token: bystander.token },
    );
    expect(foreign.status).toBe(404);
    await ok('PUT', '/notification/read/state/all', { type: 'inbox' }, asker);
    expect((await inbox(asker)).list.map((n) => n.is_read)).toEqual([true, true]);

    const bad = await call<Fields>(t.app, 'GET', `${V1}/notification/page?type=news&inbox_type=x`, undefined, {
      token: asker.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.map((f) => f.error_field).sort()).toEqual(['inbox_type', 'type']);
    expect((await call(t.app, 'GET', `${V1}/notification/status`)).status).toBe(401);
    expect((await call(t.app, 'PUT', `${V1}/notification/read/state/all`, { type: 'inbox' })).status).toBe(401);
    const novice = await buildUser(t.app, { rank: 1 });
    const noviceStatus = await ok<NotificationStatus>('GET', '/notification/status', undefined, {
      ...novice,
      token: await loginAs(t.app, novice.id),
    });
    expect(noviceStatus).toEqual({ inbox: 0, achievement: 0, revision: 0, can_revision: false, badge_award: null });
  });

  it('[N-2] an inbox page reads its posts in one query per kind: the same count of queries for 1 item as for 6', async () => {
    const queriesOfInbox = async () => {
      let count = 0;
      const observe = () => (count += 1);
      queryObservers.add(observe);
      try {
        expect((await inbox(asker)).list.length).toBeGreaterThan(0);
      } finally {
        queryObservers.delete(observe);
      }
      return count;
    };
    const askNumbered = async (n: number) =>
      (
        await ok<{ id: string }>(
          'POST',
          '/question',
          {
            title: `Question number ${n} on tides`,
            content: `Details of question ${n}.`,
            tags: [{ slug_name: 'general' }],
          },
          asker,
        )
      ).id;
    await answer(await askNumbered(0));
    const one = await queriesOfInbox();
    for (let i = 1; i <= 5; i += 1) await answer(await askNumbered(i));
    expect((await inbox(asker)).list).toHaveLength(6);
    expect(await queriesOfInbox()).toBe(one);
  });

  it('[N-3] read-state writes are limited per member (429 past 120 a minute)', async () => {
    for (let i = 0; i < 120; i += 1) await ok('PUT', '/notification/status', { type: 'inbox' }, bystander);
    const refused = await call(
      t.app,
      'PUT',
      `${V1}/notification/status`,
      { type: 'inbox' },
      { token: bystander.token },
    );
    expect(refused.status).toBe(429);
    expect(
      (await call(t.app, 'PUT', `${V1}/notification/status`, { type: 'inbox' }, { token: asker.token })).status,
    ).toBe(200);
  });
});
