import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QuestionDetail } from '@inquire/shared';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';
import type { VoteResult } from './votes.service.js';

interface Member {
  id: string;
  token: string;
}

describe('votes and reputation', () => {
  let t: TestApp;
  let author: Member;
  let voter: Member;

  async function member(overrides: Record<string, unknown> = {}): Promise<Member> {
    const user = await buildUser(t.app, { rank: 200, ...overrides });
    return { id: user.id, token: await loginAs(t.app, user.id) };
  }
  async function rank(id: string): Promise<number> {
    const row = await t.app.site.db.selectFrom('users').select('rank').where('id', '=', id).executeTakeFirstOrThrow();
    return row.rank;
  }
  async function ask(who: Member): Promise<string> {
    const res = await call<{ id: string }>(
      t.app,
      'POST',
      '/answer/api/v1/question',
      { title: 'A question to vote on', content: 'Body text', tags: [{ slug_name: 'support' }] },
      { token: who.token },
    );
    return res.body.data.id;
  }
  async function answer(who: Member, questionId: string): Promise<string> {
    const res = await call<{ id: string }>(
      t.app,
      'POST',
      '/answer/api/v1/answer',
      { question_id: questionId, content: 'An answer with enough text' },
      { token: who.token },
    );
    return res.body.data.id;
  }
  const vote = (who: Member, direction: 'up' | 'down', objectId: string, isCancel = false) =>
    call<VoteResult>(
      t.app,
      'POST',
      `/answer/api/v1/vote/${direction}`,
      { object_id: objectId, is_cancel: isCancel },
      { token: who.token },
    );

  beforeEach(async () => {
    t = await buildTestApp();
    author = await member({ rank: 1 });
    voter = await member();
  });
  afterEach(async () => t.close());

  it('[S1-010] [S7-098] an upvote gives the author +10, and undoing it takes exactly that back', async () => {
    const q = await ask(author);
    const up = await vote(voter, 'up', q);
    expect(up.body.data).toEqual({ up_votes: 1, down_votes: 0, votes: 1, vote_status: 'vote_up' });
    expect(await rank(author.id)).toBe(11);
    const info = await call<QuestionDetail>(t.app, 'GET', `/answer/api/v1/question/info?id=${q}`, undefined, {
      token: voter.token,
    });
    expect(info.body.data).toMatchObject({ vote_count: 1, vote_status: 'vote_up' });
    const undo = await vote(voter, 'up', q, true);
    expect(undo.body.data).toEqual({ up_votes: 0, down_votes: 0, votes: 0, vote_status: '' });
    expect(await rank(author.id)).toBe(1);
  });

  it('switches an upvote to a downvote: the author ends 2 below the start, never under 1', async () => {
    const big = await member({ rank: 50 });
    const q = await ask(big);
    await vote(voter, 'up', q);
    expect(await rank(big.id)).toBe(60);
    const down = await vote(voter, 'down', q);
    expect(down.body.data).toMatchObject({ up_votes: 0, down_votes: 1, votes: -1, vote_status: 'vote_down' });
    expect(await rank(big.id)).toBe(48);
    const low = await ask(author);
    await vote(voter, 'down', low);
    expect(await rank(author.id)).toBe(1);
  });

  it('a downvote on an answer costs the voter 1', async () => {
    const q = await ask(author);
    const a = await answer(await member({ rank: 30 }), q);
    await vote(voter, 'down', a);
    expect(await rank(voter.id)).toBe(199);
  });

  it("[S8-052] refuses a vote on one's own post, and without the privilege, with a toast", async () => {
    const q = await ask(voter);
    const own = await vote(voter, 'up', q);
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({ msg: "You can't vote for your own post", data: { err_type: 'toast' } });
    const newcomer = await member({ rank: 1 });
    const tooLow = await vote(newcomer, 'up', q);
    expect(tooLow.status).toBe(400);
    expect(tooLow.body.reason).toBe('error.rank.no_enough_rank_to_operate');
    expect((await call(t.app, 'POST', '/answer/api/v1/vote/up', { object_id: q })).status).toBe(401);
    expect((await vote(voter, 'up', '10010000000009999')).status).toBe(404);
  });

  it('stops vote gains at 200 a day', async () => {
    const q = await ask(author);
    const voters = await Promise.all(Array.from({ length: 22 }, () => member()));
    for (const v of voters) await vote(v, 'up', q);
    expect(await rank(author.id)).toBe(201);
  });

  it('[S7-078] accepting gives +15 to the answerer and +2 to the asker, moves on change and nothing for self-accept', async () => {
    const q = await ask(author);
    const helper = await member({ rank: 1 });
    const other = await member({ rank: 1 });
    const a1 = await answer(helper, q);
    const a2 = await answer(other, q);
    const accept = (answerId: string) =>
      call(
        t.app,
        'POST',
        '/answer/api/v1/answer/acceptance',
        { question_id: q, answer_id: answerId },
        { token: author.token },
      );
    await accept(a1);
    expect([await rank(helper.id), await rank(author.id)]).toEqual([16, 3]);
    await accept(a2);
    expect([await rank(helper.id), await rank(other.id), await rank(author.id)]).toEqual([1, 16, 3]);
    await accept('');
    expect([await rank(other.id), await rank(author.id)]).toEqual([1, 1]);
    const own = await answer(author, q);
    await accept(own);
    expect(await rank(author.id)).toBe(1);
  });

  it('counts 50 concurrent votes on one post exactly once each', async () => {
    const q = await ask(author);
    const voters = await Promise.all(Array.from({ length: 50 }, () => member()));
    const results = await Promise.all(voters.map((v) => vote(v, 'up', q)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    // The same member submitting twice at once still counts once.
    await Promise.all([vote(voter, 'up', q), vote(voter, 'up', q)]);
    const info = await call<QuestionDetail>(t.app, 'GET', `/answer/api/v1/question/info?id=${q}`);
    expect(info.body.data.vote_count).toBe(51);
    const votes = await t.app.site.db.selectFrom('votes').select('user_id').where('object_id', '=', q).execute();
    expect(votes).toHaveLength(51);
  });
});
