import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Paged, QuestionListItem } from '@inquire/shared';
import { nowSeconds } from '../../lib/clock.js';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';

const API = '/answer/api/v1';
const DAY = 86_400;

/** Issue 14 item 4: the hot and recommend orders and the active order's operator. */
describe('question list orders (Answer compatibility)', () => {
  let t: TestApp;
  let asker: { id: string; token: string };
  let voter: { id: string; token: string };
  let staff: { id: string; token: string };

  beforeEach(async () => {
    t = await buildTestApp({ app: { writeLimits: false } });
    const make = async (overrides = {}) => {
      const user = await buildUser(t.app, overrides);
      return { id: user.id, token: await loginAs(t.app, user.id) };
    };
    asker = await make();
    voter = await make({ rank: 2000 });
    staff = await make({ role_id: 2 });
  });
  afterEach(async () => t.close());

  async function ask(n: number, tag = 'support', token = asker.token) {
    const res = await call<{ id: string }>(
      t.app,
      'POST',
      `${API}/question`,
      {
        title: `Question ${n} about list orders`,
        content: `Body of question ${n}, long enough to pass.`,
        tags: [{ slug_name: tag }],
      },
      { token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  }

  async function answer(questionId: string, token: string) {
    const res = await call<{ info: { id: string } }>(
      t.app,
      'POST',
      `${API}/answer`,
      { question_id: questionId, content: 'An answer that is long enough to pass.' },
      { token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.info.id;
  }

  async function list(query: string, token?: string) {
    const res = await call<Paged<QuestionListItem>>(t.app, 'GET', `${API}/question/page?${query}`, undefined, {
      token,
    });
    expect(res.status).toBe(200);
    return res.body.data;
  }

  /** Moves a question's times, as if asked `daysAgo` days ago (the trigger rescores it). */
  async function age(id: string, daysAgo: number) {
    const at = nowSeconds() - daysAgo * DAY;
    await t.app.site.db
      .updateTable('questions')
      .set({ created_at: at, post_update_time: at, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  it('[C-4] order=hot ranks recent score and activity: a vote or an answer lifts a question at once, and age outweighs old activity', async () => {
    const [quiet, voted, answered] = [await ask(1), await ask(2), await ask(3)];
    const ours = (items: QuestionListItem[]) =>
      items.map((q) => q.id).filter((id) => [quiet, voted, answered].includes(id));

    // Asked together and untouched: the newest first, as ids break the tie.
    expect(ours((await list('order=hot')).list)).toEqual([answered, voted, quiet]);

    // A vote on the second and two answers on the first move them up in the same request.
    const vote = await call(t.app, 'POST', `${API}/vote/up`, { object_id: voted }, { token: voter.token });
    expect(vote.status, JSON.stringify(vote.body)).toBe(200);
    await answer(quiet, voter.token);
    await answer(quiet, staff.token);
    expect(ours((await list('order=hot')).list)).toEqual([quiet, voted, answered]);

    // The same activity a month ago counts less than a quiet question today.
    await age(quiet, 30);
    expect(ours((await list('order=hot')).list)).toEqual([voted, answered, quiet]);

    // A pinned question stays first, as in every order.
    await call(t.app, 'PUT', `${API}/question/operation`, { id: quiet, operation: 'pin' }, { token: staff.token });
    expect((await list('order=hot')).list[0]?.id).toBe(quiet);
  });

  it('[C-4] order=recommend lists the reader\u2019s followed tags and questions, newest first, never their own; a guest gets the newest list; question/recommend/page is for members', async () => {
    const inRare = await ask(1, 'rare-tag', staff.token);
    const followed = await ask(2);
    const other = await ask(3);
    const rare = await t.app.site.db
      .selectFrom('tags')
      .select('id')
      .where('slug_name', '=', 'rare-tag')
      .executeTakeFirstOrThrow();
    for (const objectId of [rare.id, followed]) {
      const res = await call(t.app, 'POST', `${API}/follow`, { object_id: objectId }, { token: voter.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }

    const mine = await list('order=recommend', voter.token);
    expect(mine.list.map((q) => q.id)).toEqual([followed, inRare]);
    expect(mine.count).toBe(2);
    const feed = await call<Paged<QuestionListItem>>(t.app, 'GET', `${API}/question/recommend/page`, undefined, {
      token: voter.token,
    });
    expect(feed.status).toBe(200);
    expect(feed.body.data).toEqual(mine);

    // The reader's own questions stay out, even in a followed tag or followed by them.
    const own = await ask(4, 'rare-tag', voter.token);
    const ownFollow = await call(t.app, 'POST', `${API}/follow`, { object_id: own }, { token: voter.token });
    expect(ownFollow.status, JSON.stringify(ownFollow.body)).toBe(200);
    expect((await list('order=recommend', voter.token)).list.map((q) => q.id)).toEqual([followed, inRare]);

    // Somebody following nothing gets an empty feed, a guest the newest list.
    expect(await list('order=recommend', asker.token)).toEqual({ count: 0, list: [] });
    const guest = await list('order=recommend');
    expect(guest).toEqual(await list('order=newest'));
    expect(guest.list.map((q) => q.id).slice(0, 4)).toEqual([own, other, followed, inRare]);
    expect((await call(t.app, 'GET', `${API}/question/recommend/page`)).status).toBe(401);

    // An unlisted question leaves the feed.
    await call(t.app, 'PUT', `${API}/question/operation`, { id: followed, operation: 'hide' }, { token: staff.token });
    expect((await list('order=recommend', voter.token)).list.map((q) => q.id)).toEqual([inRare]);
  });

  it('[C-4] order=active names who did the last activity: the last answerer, the last editor, else the asker', async () => {
    const [answeredQ, editedQ, askedQ, editedThenAnsweredQ] = [await ask(1), await ask(2), await ask(3), await ask(4)];
    const now = nowSeconds();
    const db = t.app.site.db;
    const answerId = await answer(answeredQ, voter.token);
    await answer(editedThenAnsweredQ, voter.token);
    // Explicit times instead of waiting: each question asked a day ago, its activity later.
    for (const id of [answeredQ, editedQ, askedQ, editedThenAnsweredQ]) {
      await db
        .updateTable('questions')
        .set({ created_at: now - DAY, updated_at: now - DAY, post_update_time: now - DAY })
        .where('id', '=', id)
        .execute();
    }
    await db
      .updateTable('answers')
      .set({ created_at: now - 600 })
      .where('id', '=', answerId)
      .execute();
    await db
      .updateTable('questions')
      .set({ post_update_time: now - 600 })
      .where('id', '=', answeredQ)
      .execute();
    await db
      .updateTable('questions')
      .set({ last_edit_user_id: staff.id, updated_at: now - 300, post_update_time: now - 300 })
      .where('id', '=', editedQ)
      .execute();
    // Edited an hour ago, answered (above) just now: the answer is the newest activity.
    await db
      .updateTable('questions')
      .set({ last_edit_user_id: staff.id, updated_at: now - 3600, post_update_time: now })
      .where('id', '=', editedThenAnsweredQ)
      .execute();

    const items = new Map((await list('order=active&page_size=50')).list.map((q) => [q.id, q]));
    expect(items.get(answeredQ)).toMatchObject({
      operation_type: 'answered',
      operated_at: now - 600,
      operator: { id: voter.id },
      user_info: { id: asker.id },
    });
    expect(items.get(editedQ)).toMatchObject({
      operation_type: 'modified',
      operated_at: now - 300,
      operator: { id: staff.id },
      user_info: { id: asker.id },
    });
    expect(items.get(askedQ)).toMatchObject({ operation_type: 'asked', operator: { id: asker.id } });
    expect(items.get(editedThenAnsweredQ)).toMatchObject({ operation_type: 'answered', operator: { id: voter.id } });
    // Other orders show the asking.
    const newest = (await list('order=newest&page_size=50')).list.find((q) => q.id === answeredQ);
    expect(newest).toMatchObject({ operation_type: 'asked', operator: { id: asker.id } });

    // A deleted last answer names nobody: the asking shows.
    await db.updateTable('answers').set({ status: 10 }).where('id', '=', answerId).execute();
    const afterDelete = (await list('order=active&page_size=50')).list.find((q) => q.id === answeredQ);
    expect(afterDelete).toMatchObject({ operation_type: 'asked', operator: { id: asker.id } });
  });
});
