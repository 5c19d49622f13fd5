import type { Paged } from '@inquire/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';
import { nowSeconds } from '../../lib/clock.js';
import { nextId } from '../../lib/ids.js';
import { queryObservers } from '../../infra/db.js';

const V1 = '/answer/api/v1';

async function question(t: TestApp, userId: string, title: string, votes: number, show = 1): Promise<string> {
  const id = await nextId(t.app.site.db, 'question');
  await t.app.site.db
    .insertInto('questions')
    .values({ id, user_id: userId, title, vote_count: votes, show, created_at: nowSeconds() })
    .execute();
  return id;
}

describe('people: profiles, ranking, top posts', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => t.close());

  it('[S7-139] answers a public profile without private fields, and 404 for unknown names', async () => {
    const user = await buildUser(t.app, {
      bio: 'hi',
      bio_html: '<p>hi</p>',
      location: 'Paris',
      website: 'https://a.example',
    });
    const res = await call<Record<string, unknown>>(t.app, 'GET', `${V1}/personal/user/info`, undefined, {
      query: { username: user.username },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      username: user.username,
      bio_html: '<p>hi</p>',
      location: 'Paris',
      status: 'normal',
      status_msg: '',
    });
    expect(res.body.data).not.toHaveProperty('e_mail');
    expect(res.body.data).not.toHaveProperty('pass');
    const missing = await call(t.app, 'GET', `${V1}/personal/user/info`, undefined, {
      query: { username: 'nobody-here' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.reason).toBe('error.user.not_found');
    const empty = await call<{ error_field: string }[]>(t.app, 'GET', `${V1}/personal/user/info`);
    expect(empty.status).toBe(400);
    expect(empty.body.data[0]?.error_field).toBe('username');
  });

  it('explains suspended and inactive members in the reader language', async () => {
    const until = Date.UTC(2031, 0, 2, 3, 4) / 1000;
    const paused = await buildUser(t.app, { status: 9, suspended_until: until });
    const res = await call<{ status: string; status_msg: string }>(
      t.app,
      'GET',
      `${V1}/personal/user/info`,
      undefined,
      { query: { username: paused.username }, lang: 'zh-CN' },
    );
    expect(res.body.data).toMatchObject({ status: 'suspended', status_msg: '该用户已被封禁至 2031-01-02 03:04 UTC。' });
    const inactive = await buildUser(t.app, { mail_status: 2 });
    const res2 = await call<{ status: string }>(t.app, 'GET', `${V1}/personal/user/info`, undefined, {
      query: { username: inactive.username },
    });
    expect(res2.body.data.status).toBe('inactive');
  });

  it('[S7-130] ranks the week by reputation and votes, and lists the staff', async () => {
    const a = await buildUser(t.app);
    const b = await buildUser(t.app);
    const now = nowSeconds();
    const db = t.app.site.db;
    for (const [user, rank] of [
      [a, 10],
      [b, 25],
    ] as const) {
      await db
        .insertInto('activities')
        .values({
          id: await nextId(db, 'activity'),
          user_id: user.id,
          trigger_user_id: user.id,
          object_id: user.id,
          original_object_id: user.id,
          activity_type: 'question.voted_up',
          rank,
          has_rank: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const q = await question(t, b.id, 'A question', 1);
    await db
      .insertInto('votes')
      .values({ object_id: q, user_id: a.id, object_user_id: b.id, vote: 1, created_at: now, updated_at: now })
      .execute();
    const res = await call<{
      users_with_the_most_reputation: { username: string }[];
      users_with_the_most_vote: { username: string; vote_count: number }[];
      staffs: { username: string }[];
    }>(t.app, 'GET', `${V1}/user/ranking`);
    expect(res.status).toBe(200);
    expect(res.body.data.users_with_the_most_reputation.map((u) => u.username)).toEqual([b.username, a.username]);
    expect(res.body.data.users_with_the_most_vote.map((u) => u.vote_count)).toEqual([1, 1]);
    expect(res.body.data.staffs.map((u) => u.username)).toEqual(['admin']);
  });

  it('[S7-140] lists a member top questions and answers, hidden ones left out', async () => {
    const user = await buildUser(t.app);
    await question(t, user.id, 'Best one', 9);
    await question(t, user.id, 'Hidden one', 99, 2);
    const other = await question(t, (await buildUser(t.app)).id, 'Someone else', 0);
    await t.app.site.db
      .insertInto('answers')
      .values({
        id: await nextId(t.app.site.db, 'answer'),
        question_id: other,
        user_id: user.id,
        vote_count: 3,
        accepted: 2,
      })
      .execute();
    const res = await call<{
      question: { title: string; url_title: string }[];
      answer: { title: string; accepted: number }[];
    }>(t.app, 'GET', `${V1}/personal/qa/top`, undefined, { query: { username: user.username } });
    expect(res.body.data.question.map((x) => x.title)).toEqual(['Best one']);
    expect(res.body.data.question[0]?.url_title).toBe('best-one');
    expect(res.body.data.answer).toMatchObject([{ title: 'Someone else', accepted: 2 }]);
  });

  it('refuses guests on a private site with 401, and inactive members with 403', async () => {
    await t.app.services.siteinfo.update('login', { login_required: true });
    for (const path of ['/user/ranking', '/personal/user/info?username=admin', '/personal/qa/top?username=admin']) {
      expect((await call(t.app, 'GET', `${V1}${path}`)).status).toBe(401);
    }
    const inactive = await buildUser(t.app, { mail_status: 2 });
    const token = await loginAs(t.app, inactive.id);
    expect((await call(t.app, 'GET', `${V1}/user/ranking`, undefined, { token })).status).toBe(403);
  });
});

describe('people: search and staff', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => t.close());

  it('[S7-129] finds up to 5 members by name prefix for mentions, never the caller; guests get 401', async () => {
    const me = await buildUser(t.app, { username: 'al_me' });
    for (const name of ['al_one', 'al_two', 'alx', 'bob']) await buildUser(t.app, { username: name });
    expect((await call(t.app, 'GET', `${V1}/user/info/search`, undefined, { query: { username: 'al' } })).status).toBe(
      401,
    );
    const token = await loginAs(t.app, me.id);
    const res = await call<{ username: string }[]>(t.app, 'GET', `${V1}/user/info/search`, undefined, {
      query: { username: 'al_' },
      token,
    });
    expect(res.body.data.map((u) => u.username).sort()).toEqual(['al_one', 'al_two']);
    const bad = await call<{ error_field: string }[]>(t.app, 'GET', `${V1}/user/info/search`, undefined, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.data[0]?.error_field).toBe('username');
  });

  it('[S7-131] lists staff by username prefix', async () => {
    await buildUser(t.app, { username: 'admiral', role_id: 3 });
    const res = await call<{ username: string }[]>(t.app, 'GET', `${V1}/user/staff`, undefined, {
      query: { username: 'adm', page_size: '10' },
    });
    expect(res.body.data.map((u) => u.username).sort()).toEqual(['admin', 'admiral']);
  });

  it('[S9-041] staff search answers 10 by default', async () => {
    for (let i = 10; i < 22; i += 1) await buildUser(t.app, { username: `crew${i}`, role_id: i % 2 ? 2 : 3 });
    const res = await call<{ username: string }[]>(t.app, 'GET', `${V1}/user/staff`, undefined, {
      query: { username: 'crew' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(10);
    const wider = await call<unknown[]>(t.app, 'GET', `${V1}/user/staff`, undefined, {
      query: { username: 'crew', page_size: '12' },
    });
    expect(wider.body.data).toHaveLength(12);
  });
});

describe('people: personal page lists', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => t.close());

  type Page<T> = { count: number; list: T[] };

  it('[S7-141] [S7-142] [S7-144] [S7-145] pages a member questions, answers, comments and reputation gains', async () => {
    const db = t.app.site.db;
    const user = await buildUser(t.app);
    const voter = await buildUser(t.app);
    const low = await question(t, user.id, 'Low score', 1);
    await question(t, user.id, 'High score', 7);
    await question(t, user.id, 'Hidden', 50, 2);
    const answerId = await nextId(db, 'answer');
    await db
      .insertInto('answers')
      .values({ id: answerId, question_id: low, user_id: user.id, vote_count: 2 })
      .execute();
    await db
      .insertInto('comments')
      .values({
        id: await nextId(db, 'comment'),
        user_id: user.id,
        object_id: answerId,
        question_id: low,
        original_text: 'Nice **one**',
        parsed_text: '<p>Nice <b>one</b></p>',
        created_at: nowSeconds(),
        updated_at: nowSeconds(),
      })
      .execute();
    const now = nowSeconds();
    for (const [rank, type] of [
      [10, 'answer.voted_up'],
      [-2, 'answer.voted_down'],
    ] as const) {
      await db
        .insertInto('activities')
        .values({
          id: await nextId(db, 'activity'),
          user_id: user.id,
          trigger_user_id: voter.id,
          object_id: answerId,
          original_object_id: low,
          activity_type: type,
          rank,
          has_rank: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const q = { username: user.username };
    const questions = await call<Page<{ title: string }>>(t.app, 'GET', `${V1}/personal/question/page`, undefined, {
      query: { ...q, order: 'score', page_size: '1' },
    });
    expect(questions.body.data.count).toBe(2);
    expect(questions.body.data.list.map((x) => x.title)).toEqual(['High score']);
    const answers = await call<Page<{ answer_id: string; question_info: { title: string } }>>(
      t.app,
      'GET',
      `${V1}/personal/answer/page`,
      undefined,
      { query: q },
    );
    expect(answers.body.data.list).toMatchObject([{ answer_id: answerId, question_info: { title: 'Low score' } }]);
    const comments = await call<Page<{ content: string; answer_id: string }>>(
      t.app,
      'GET',
      `${V1}/personal/comment/page`,
      undefined,
      {
        query: q,
      },
    );
    expect(comments.body.data.list).toMatchObject([{ content: 'Nice one', answer_id: answerId }]);
    const rank = await call<Page<{ reputation: number; rank_type: string; title: string }>>(
      t.app,
      'GET',
      `${V1}/personal/rank/page`,
      undefined,
      { query: q },
    );
    expect(rank.body.data).toMatchObject({
      count: 1,
      list: [{ reputation: 10, rank_type: 'answer.voted_up', title: 'Low score' }],
    });
    await db.updateTable('questions').set({ status: 10 }).where('id', '=', low).execute();
    const afterDelete = await call<Page<{ title: string; reputation: number }>>(
      t.app,
      'GET',
      `${V1}/personal/rank/page`,
      undefined,
      { query: q },
    );
    expect(afterDelete.body.data.list).toMatchObject([{ reputation: 10, title: '' }]);
    const missing = await call(t.app, 'GET', `${V1}/personal/answer/page`, undefined, {
      query: { username: 'ghost-user' },
    });
    expect(missing.status).toBe(404);
  });

  it('[S7-143] [S7-146] shows bookmarks and votes only to their owner', async () => {
    const db = t.app.site.db;
    const author = await buildUser(t.app);
    const me = await buildUser(t.app);
    const qid = await question(t, author.id, 'Bookmarked question', 3);
    const now = nowSeconds();
    await db
      .insertInto('collections')
      .values({ id: await nextId(db, 'collection'), user_id: me.id, object_id: qid, created_at: now })
      .execute();
    await db
      .insertInto('votes')
      .values({ object_id: qid, user_id: me.id, object_user_id: author.id, vote: 1, created_at: now, updated_at: now })
      .execute();
    expect((await call(t.app, 'GET', `${V1}/personal/collection/page`)).status).toBe(401);
    expect((await call(t.app, 'GET', `${V1}/personal/vote/page`)).status).toBe(401);
    const inactive = await buildUser(t.app, { mail_status: 2 });
    const inactiveToken = await loginAs(t.app, inactive.id);
    expect((await call(t.app, 'GET', `${V1}/personal/vote/page`, undefined, { token: inactiveToken })).status).toBe(
      403,
    );
    const token = await loginAs(t.app, me.id);
    const bookmarks = await call<Page<{ title: string }>>(t.app, 'GET', `${V1}/personal/collection/page`, undefined, {
      token,
    });
    expect(bookmarks.body.data).toMatchObject({ count: 1, list: [{ title: 'Bookmarked question' }] });
    const votes = await call<Page<{ vote_type: string; question_id: string; object_type: string }>>(
      t.app,
      'GET',
      `${V1}/personal/vote/page`,
      undefined,
      { token },
    );
    expect(votes.body.data).toMatchObject({
      count: 1,
      list: [{ vote_type: 'vote_up', question_id: qid, object_type: 'question' }],
    });
    const authorToken = await loginAs(t.app, author.id);
    expect(
      (await call<Page<unknown>>(t.app, 'GET', `${V1}/personal/vote/page`, undefined, { token: authorToken })).body.data
        .count,
    ).toBe(0);
  });
});

/** Issue 14 item 2: Answer's personal lists carry the questions' tags. */
describe('people: tags on personal lists', () => {
  let t: TestApp;
  beforeEach(async () => {
    // Several questions in a row from one member: no captcha or write limit in the way.
    t = await buildTestApp({ app: { writeLimits: false } });
  });
  afterEach(async () => t.close());

  it('[C-4] personal question and answer lists carry each question\u2019s tags, read once for the whole page', async () => {
    const asker = await buildUser(t.app, { rank: 10_000 });
    const answerer = await buildUser(t.app, { rank: 10_000 });
    const [askerToken, answererToken] = [await loginAs(t.app, asker.id), await loginAs(t.app, answerer.id)];
    const ask = async (n: number, tags: string[]) => {
      const res = await call<{ id: string }>(
        t.app,
        'POST',
        `${V1}/question`,
        {
          title: `Tagged question number ${n} here`,
          content: 'A body long enough to pass.',
          tags: tags.map((slug_name) => ({ slug_name })),
        },
        { token: askerToken },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await call(
        t.app,
        'POST',
        `${V1}/answer`,
        { question_id: res.body.data.id, content: 'An answer long enough.' },
        {
          token: answererToken,
        },
      );
      return res.body.data.id;
    };
    const first = await ask(1, ['alpha', 'beta']);
    const second = await ask(2, ['gamma']);
    const tagsOf = (tags: { slug_name: string; display_name: string; recommend: boolean; reserved: boolean }[]) =>
      tags.map((tag) => tag.slug_name);

    const questions = await call<Paged<{ question_id: string; tags: Parameters<typeof tagsOf>[0] }>>(
      t.app,
      'GET',
      `${V1}/personal/question/page`,
      undefined,
      { query: { username: asker.username } },
    );
    expect(questions.body.data.list.map((q) => [q.question_id, tagsOf(q.tags)])).toEqual([
      [second, ['gamma']],
      [first, ['alpha', 'beta']],
    ]);
    expect(questions.body.data.list[0]?.tags[0]).toEqual({
      slug_name: 'gamma',
      display_name: 'gamma',
      main_tag_slug_name: '',
      recommend: false,
      reserved: false,
    });
    const answers = await call<Paged<{ question_id: string; question_info: { tags: Parameters<typeof tagsOf>[0] } }>>(
      t.app,
      'GET',
      `${V1}/personal/answer/page`,
      undefined,
      { query: { username: answerer.username } },
    );
    expect(answers.body.data.list.map((a) => [a.question_id, tagsOf(a.question_info.tags)])).toEqual([
      [second, ['gamma']],
      [first, ['alpha', 'beta']],
    ]);

    // One page of one question costs as many queries as a page of three: the tags are one read.
    const queriesOf = async (path: string, username: string, pageSize: number) => {
      let count = 0;
      const observe = () => (count += 1);
      queryObservers.add(observe);
      try {
        const res = await call(t.app, 'GET', `${V1}/${path}`, undefined, {
          query: { username, page_size: String(pageSize) },
        });
        expect(res.status).toBe(200);
      } finally {
        queryObservers.delete(observe);
      }
      return count;
    };
    await ask(3, ['delta']);
    for (const [path, username] of [
      ['personal/question/page', asker.username],
      ['personal/answer/page', answerer.username],
    ] as const) {
      expect(await queriesOf(path, username, 3)).toBe(await queriesOf(path, username, 1));
    }
  });
});
