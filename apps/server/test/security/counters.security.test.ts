import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, loginAs } from '../factories.js';
import { buildTestApp, call, type TestApp } from '../harness.js';

const API = '/answer/api/v1';
const PARALLEL = 10;

describe('parallel delete and undelete move counters once', () => {
  let t: TestApp;
  let admin = '';
  let asker = { id: '', token: '' };
  let writer = { id: '', token: '' };
  let questionId = '';
  let answerId = '';

  const member = async (overrides = {}) => {
    const user = await buildUser(t.app, overrides);
    return { id: user.id, token: await loginAs(t.app, user.id) };
  };

  beforeEach(async () => {
    t = await buildTestApp();
    admin = (await member({ role_id: 2 })).token;
    asker = await member();
    writer = await member();
    const voter = await member({ rank: 500 });
    const asked = await call<{ id: string }>(
      t.app,
      'POST',
      `${API}/question`,
      { title: 'A question deleted by many at once', content: 'Some body text.', tags: [{ slug_name: 'support' }] },
      { token: asker.token },
    );
    questionId = asked.body.data.id;
    const answered = await call<{ id: string }>(
      t.app,
      'POST',
      `${API}/answer`,
      { question_id: questionId, content: 'An answer deleted by many at once.' },
      { token: writer.token },
    );
    answerId = answered.body.data.id;
    // An upvote, so deleting takes reputation back and undeleting restores it.
    const vote = await call(
      t.app,
      'POST',
      `${API}/vote/up`,
      { object_id: answerId, is_cancel: false },
      { token: voter.token },
    );
    expect(vote.status).toBe(200);
  });
  afterEach(async () => t.close());

  const user = (id: string) =>
    t.app.site.db
      .selectFrom('users')
      .select(['question_count', 'answer_count', 'rank'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const answerCount = async () =>
    (
      await t.app.site.db
        .selectFrom('questions')
        .select('answer_count')
        .where('id', '=', questionId)
        .executeTakeFirstOrThrow()
    ).answer_count;
  const tagCount = async () =>
    (
      await t.app.site.db
        .selectFrom('tags')
        .select('question_count')
        .where('slug_name', '=', 'support')
        .executeTakeFirstOrThrow()
    ).question_count;

  /** The same call sent PARALLEL times at once by the admin; their HTTP statuses. */
  const burst = async (method: 'POST' | 'DELETE', url: string, body: object) => {
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () => call(t.app, method, url, body, { token: admin })),
    );
    return responses.map((r) => r.status);
  };
  const successes = (statuses: number[]) => statuses.filter((s) => s === 200).length;

  it('[H-12][SEC-23][ANS-27] 10 parallel deletes of one answer drop its counts by exactly one; 10 undeletes restore exactly one', async () => {
    const before = { answers: await answerCount(), writer: await user(writer.id) };

    expect(successes(await burst('DELETE', `${API}/answer`, { id: answerId }))).toBe(1);
    expect(await answerCount()).toBe(before.answers - 1);
    expect(await user(writer.id)).toEqual({
      ...before.writer,
      answer_count: before.writer.answer_count - 1,
      rank: 1,
    });

    expect(successes(await burst('POST', `${API}/answer/recover`, { answer_id: answerId }))).toBe(1);
    expect(await answerCount()).toBe(before.answers);
    expect(await user(writer.id)).toEqual(before.writer);
  });

  it('[H-12][SEC-23] 10 parallel deletes of one question drop its tag and author counts by exactly one; 10 undeletes restore exactly one', async () => {
    const before = { tag: await tagCount(), asker: await user(asker.id) };

    expect(successes(await burst('DELETE', `${API}/question`, { id: questionId }))).toBe(1);
    expect(await tagCount()).toBe(before.tag - 1);
    expect(await user(asker.id)).toEqual({ ...before.asker, question_count: before.asker.question_count - 1 });

    expect(successes(await burst('POST', `${API}/question/recover`, { question_id: questionId }))).toBe(1);
    expect(await tagCount()).toBe(before.tag);
    expect(await user(asker.id)).toEqual(before.asker);
  });
});
