import {
  answerSchema,
  askQuestionSchema,
  commentSchema,
  MAIL_STATUS,
  ROLE,
  USER_STATUS,
  type AnswerItem,
  type Paged,
} from '@inquire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseInput } from '../../src/infra/validate.js';
import { nowSeconds } from '../../src/lib/clock.js';
import { buildUser, loginAs } from '../factories.js';
import { buildTestApp, call, type TestApp } from '../harness.js';

const API = '/answer/api/v1';
const DELETED = 10;
const PENDING = 11;

describe('restricted posts stay out of answer lists and personal comment lists', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let commenter = '';

  const asUser = async (overrides = {}) => {
    const user = await buildUser(t.app, overrides);
    return { ...user, token: await loginAs(t.app, user.id) };
  };
  // Content is written through the use cases, as the routes would after their write limits:
  // this file is about what reads show, and one test address would soon hit those limits.
  const actorOf = async (token: string) => {
    const actor = await t.app.services.auth.resolve(token);
    if (!actor) throw new Error('no session for this token');
    return actor;
  };
  const ask = async (token: string, title: string) =>
    (
      await t.app.services.questions.ask(
        parseInput(askQuestionSchema, {
          title,
          content: 'A body for this question.',
          tags: [{ slug_name: 'support' }],
        }),
        await actorOf(token),
      )
    ).id;
  const answer = async (token: string, questionId: string, content: string) =>
    (
      await t.app.services.answers.create(
        parseInput(answerSchema, { question_id: questionId, content }),
        await actorOf(token),
      )
    ).id;
  const comment = async (token: string, objectId: string, text: string) =>
    t.app.services.comments.create(
      parseInput(commentSchema, { object_id: objectId, original_text: text }),
      await actorOf(token),
    );
  const setStatus = (table: 'questions' | 'answers', id: string, status: number) =>
    t.app.site.db.updateTable(table).set({ status }).where('id', '=', id).execute();

  // One question with a live and a deleted answer (answer/page); posts in each state that the
  // member `commenter` commented on (personal/comment/page).
  let questionId = '';
  let liveAnswer = '';
  let deletedAnswer = '';

  beforeAll(async () => {
    t = await buildTestApp();
    const asker = await asUser();
    const writer = await asUser();
    const member = await asUser();
    commenter = member.username;
    tokens.member = member.token;
    tokens.other = (await asUser()).token;
    tokens.activeAdmin = (await asUser({ role_id: ROLE.admin })).token;
    tokens.activeModerator = (await asUser({ role_id: ROLE.moderator })).token;
    // Sessions open first, then the account changes, as when staff are suspended mid-session.
    const suspended = await asUser({ role_id: ROLE.admin });
    await t.app.site.db
      .updateTable('users')
      .set({ status: USER_STATUS.suspended, suspended_until: nowSeconds() + 86_400 })
      .where('id', '=', suspended.id)
      .execute();
    tokens.suspendedAdmin = suspended.token;
    tokens.unactivatedModerator = (await asUser({ role_id: ROLE.moderator, mail_status: MAIL_STATUS.inactive })).token;

    questionId = await ask(asker.token, 'A question with a deleted answer');
    liveAnswer = await answer(writer.token, questionId, 'This answer stays.');
    deletedAnswer = await answer(tokens.other, questionId, 'This answer gets deleted.');
    expect(
      (await call(t.app, 'DELETE', `${API}/answer`, { id: deletedAnswer }, { token: tokens.activeAdmin })).status,
    ).toBe(200);

    // The commenter comments on a live question and on others' posts that then become restricted.
    const live = await ask(asker.token, 'A live question to comment on');
    await comment(member.token, live, 'Comment on a live question');
    const deletedQuestion = await ask(asker.token, 'A question that gets deleted');
    await comment(member.token, deletedQuestion, 'Comment on a deleted question');
    await setStatus('questions', deletedQuestion, DELETED);
    const pendingQuestion = await ask(asker.token, 'A question that goes pending');
    await comment(member.token, pendingQuestion, 'Comment on a pending question');
    await setStatus('questions', pendingQuestion, PENDING);
    const host = await ask(asker.token, 'A question whose answers change state');
    const answerDeleted = await answer(writer.token, host, 'An answer that gets deleted.');
    await comment(member.token, answerDeleted, 'Comment on a deleted answer');
    await setStatus('answers', answerDeleted, DELETED);
    const answerPending = await answer(tokens.other, host, 'An answer that goes pending.');
    await comment(member.token, answerPending, 'Comment on a pending answer');
    await setStatus('answers', answerPending, PENDING);
  });
  afterAll(async () => t.close());

  const answerIds = async (token: string) => {
    const res = await call<Paged<AnswerItem>>(t.app, 'GET', `${API}/answer/page?question_id=${questionId}`, undefined, {
      token,
    });
    expect(res.status).toBe(200);
    return res.body.data.list.map((a) => a.id);
  };

  it('[H-9][SEC-7][ANS-51] answer/page gives suspended or unactivated staff no deleted answers; active staff see them', async () => {
    expect(await answerIds(tokens.suspendedAdmin as string)).toEqual([liveAnswer]);
    expect(await answerIds(tokens.unactivatedModerator as string)).toEqual([liveAnswer]);
    expect((await answerIds(tokens.activeAdmin as string)).sort()).toEqual([liveAnswer, deletedAnswer].sort());
    expect((await answerIds(tokens.activeModerator as string)).sort()).toEqual([liveAnswer, deletedAnswer].sort());
  });

  // The personal answers and questions tabs list live posts only, to every reader (staff and the
  // profile's owner included); the comments tab is consistent with them.
  it('[H-9][SEC-7] personal/comment/page omits comments on deleted or pending questions and answers for every reader', async () => {
    for (const reader of [undefined, 'other', 'member', 'activeAdmin', 'suspendedAdmin']) {
      const res = await call<Paged<{ content: string }>>(
        t.app,
        'GET',
        `${API}/personal/comment/page?username=${commenter}`,
        undefined,
        { token: reader ? tokens[reader] : undefined },
      );
      expect({ reader, status: res.status, count: res.body.data.count }).toEqual({ reader, status: 200, count: 1 });
      expect(res.body.data.list.map((c) => c.content)).toEqual(['Comment on a live question']);
    }
  });
});
