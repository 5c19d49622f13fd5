import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnswerItem, Paged, QueuedPostItem, QuestionDetail } from '@inquire/shared';
import { buildUser, loginAs } from '../../../test/factories.js';
import { ADMIN, buildTestApp, call, type TestApp } from '../../../test/harness.js';
import { setCaptcha } from '../../../test/security/accounts-helpers.js';

type Fields = { error_field: string; error_msg: string }[];
interface Asked {
  info: AnswerItem;
  question: QuestionDetail;
}

const API = '/answer/api/v1';
const ASK_WITH_ANSWER = `${API}/question/answer`;

let n = 0;
/** A question with its asker's answer, never a duplicate of another. */
function asked(overrides: object = {}) {
  n += 1;
  return {
    title: `How do I rotate log files without losing lines (${n})?`,
    content: `The service writes to one file and I need daily files (${n}).`,
    tags: [{ slug_name: 'support' }],
    answer_content: `Use copytruncate in logrotate, which keeps the writer's handle (${n}).`,
    ...overrides,
  };
}

describe('POST question/answer: asking with an answer of one’s own', () => {
  let t: TestApp;
  let member: { id: string; token: string };
  let other: { id: string; token: string };

  const make = async (overrides = {}) => {
    const user = await buildUser(t.app, overrides);
    return { id: user.id, token: await loginAs(t.app, user.id) };
  };
  const db = () => t.app.site.db;
  const count = async (table: 'questions' | 'answers' | 'revisions' | 'activities' | 'tags' | 'review_items') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Every count a question and an answer move, to show that a refused request moved none. */
  const snapshot = async () => ({
    questions: await count('questions'),
    answers: await count('answers'),
    revisions: await count('revisions'),
    activities: await count('activities'),
    tags: await count('tags'),
    reviews: await count('review_items'),
    author: await db()
      .selectFrom('users')
      .select(['question_count', 'answer_count'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow(),
  });
  const post = (body: object, token = member.token, lang?: string) =>
    call<Asked & Fields>(t.app, 'POST', ASK_WITH_ANSWER, body, { token, ...(lang ? { lang } : {}) });

  describe('without the write limits', () => {
    beforeEach(async () => {
      // These tests ask several times quickly as one member; the limits have their own tests below.
      t = await buildTestApp({ app: { writeLimits: false } });
      member = await make();
      other = await make();
    });
    afterEach(async () => t.close());

    it('[S7-071] creates the question and its answer in one request, as asking and then answering would', async () => {
      const body = asked({ answer_content: 'Answer with a zebrafinch word for the search index.' });
      const res = await post(body);
      expect(res.status).toBe(200);
      const { info, question } = res.body.data;
      expect(question).toMatchObject({ title: body.title, content: body.content, answer_count: 1 });
      expect(question.url_title).toMatch(/^how-do-i-rotate-log-files/);
      expect(info).toMatchObject({ question_id: question.id, content: body.answer_content, user_id: member.id });

      // Anyone reads both, the answer under its question, by its asker.
      const page = await call<Paged<AnswerItem>>(t.app, 'GET', `${API}/answer/page?question_id=${question.id}`);
      expect(page.body.data.list.map((a) => [a.id, a.user_id])).toEqual([[info.id, member.id]]);
      const shown = await call<QuestionDetail>(t.app, 'GET', `${API}/question/info?id=${question.id}`);
      expect(shown.body.data).toMatchObject({ answer_count: 1, last_answer_id: info.id });

      // Each has its first revision and its activity; the author's counts moved once each.
      const revisions = await db().selectFrom('revisions').select('object_id').orderBy('id').execute();
      expect(revisions.map((r) => r.object_id)).toEqual(expect.arrayContaining([question.id, info.id]));
      const activities = await db()
        .selectFrom('activities')
        .select(['object_id', 'activity_type'])
        .where('user_id', '=', member.id)
        .orderBy('id')
        .execute();
      expect(activities).toEqual([
        { object_id: question.id, activity_type: 'question.asked' },
        { object_id: info.id, activity_type: 'answer.answered' },
      ]);
      expect((await snapshot()).author).toEqual({ question_count: 1, answer_count: 1 });

      // The search index holds the answer at once; the asker is not told of their own answer.
      const found = await call<{ count: number }>(t.app, 'GET', `${API}/search?q=zebrafinch`, undefined, {
        token: other.token,
      });
      expect(found.body.data.count).toBe(1);
      const notices = () =>
        db().selectFrom('notifications').select('action').where('user_id', '=', member.id).execute();
      expect(await notices()).toEqual([]);
      // Answering it afterwards goes through the same answer writer: the asker hears of that one.
      const later = { question_id: question.id, content: 'Or send the service a signal to reopen its file.' };
      expect((await call(t.app, 'POST', `${API}/answer`, later, { token: other.token })).status).toBe(200);
      expect(await notices()).toEqual([{ action: 'answer_the_question' }]);
    });

    it('[S5-031] the answer is required: a missing, blank, short or long one is named, and nothing is created', async () => {
      const before = await snapshot();
      const cases: Array<[object, string]> = [
        [{ answer_content: undefined }, 'Answer cannot be empty.'],
        [{ answer_content: '   ' }, 'Answer cannot be empty.'],
        [{ answer_content: 'short' }, 'Answer must be at least 6 characters.'],
        [{ answer_content: 'x'.repeat(65_536) }, 'Answer is too long.'],
      ];
      for (const [overrides, message] of cases) {
        const res = await post(asked(overrides));
        expect(res.status).toBe(400);
        expect(res.body.data).toEqual([{ error_field: 'answer_content', error_msg: message }]);
      }
      // The message is translated like every field error.
      const zh = await post(asked({ answer_content: '' }), member.token, 'zh_CN');
      expect(zh.body.data).toEqual([{ error_field: 'answer_content', error_msg: '回答不能为空。' }]);
      // Six characters are an answer; 65,535 too.
      expect((await post(asked({ answer_content: 'sixsix' }))).status).toBe(200);
      expect((await post(asked({ answer_content: 'y'.repeat(65_535) }))).status).toBe(200);
      const after = await snapshot();
      expect([after.questions, after.answers]).toEqual([before.questions + 2, before.answers + 2]);
    });

    it('[S5-031] names every failing field at once, the question’s beside the answer’s', async () => {
      const before = await snapshot();
      const res = await post({ title: ' ', content: '', tags: [], answer_content: '' });
      expect(res.status).toBe(400);
      expect(res.body.data).toEqual([
        { error_field: 'title', error_msg: 'Title cannot be empty.' },
        { error_field: 'content', error_msg: 'Body cannot be empty.' },
        { error_field: 'tags', error_msg: 'Please add at least one tag.' },
        { error_field: 'answer_content', error_msg: 'Answer cannot be empty.' },
      ]);
      expect(await snapshot()).toEqual(before);
    });

    it('[S7-071] the question’s rules still apply: a new tag needs the privilege, and a duplicate is refused', async () => {
      const before = await snapshot();
      const newTag = await post(asked({ tags: [{ slug_name: 'brand-new-tag' }] }));
      expect(newTag.status).toBe(400);
      expect(newTag.body.reason).toBe('error.tag.create_forbidden');
      expect(newTag.body.data.map((f) => f.error_field)).toEqual(['tags']);
      expect(await snapshot()).toEqual(before);

      const body = asked();
      expect((await post(body)).status).toBe(200);
      const again = await post({ ...body, answer_content: 'A different answer this time.' });
      expect([again.status, again.body.reason]).toEqual([400, 'base.duplicate_request_error']);
      expect((await snapshot()).questions).toBe(before.questions + 1);
    });

    it('[S7-071] a failure while writing the answer leaves no question behind (one transaction)', async () => {
      const before = await snapshot();
      const write = vi.spyOn(t.app.services.answers, 'write').mockRejectedValueOnce(new Error('disk full'));
      // A new tag too (staff may create it), so the tag written before the answer is rolled back as well.
      const admin = await db()
        .selectFrom('users')
        .select('id')
        .where('username', '=', ADMIN.name)
        .executeTakeFirstOrThrow();
      const res = await post(asked({ tags: [{ slug_name: 'rolled-back' }] }), await loginAs(t.app, admin.id));
      expect(write).toHaveBeenCalledTimes(1);
      expect([res.status, res.body.reason]).toEqual([500, 'base.unknown']);
      expect(await snapshot()).toEqual(before);
      const listed = await call<Paged<{ id: string }>>(t.app, 'GET', `${API}/question/page?order=newest`);
      expect(listed.body.data.count).toBe(before.questions);
    });

    it('[S7-071] guests are refused (401) and unactivated members too (403), with nothing created', async () => {
      const before = await snapshot();
      const guest = await call(t.app, 'POST', ASK_WITH_ANSWER, asked());
      expect(guest.status).toBe(401);
      const inactive = await make({ mail_status: 2 });
      const res = await post(asked(), inactive.token);
      expect(res.status).toBe(403);
      expect(await snapshot()).toEqual(before);
    });

    it('[S7-071] held for review like any new post: both wait in the queue, out of sight until approved', async () => {
      const admin = await db()
        .selectFrom('users')
        .select('id')
        .where('username', '=', ADMIN.name)
        .executeTakeFirstOrThrow();
      const staff = await loginAs(t.app, admin.id);
      const write = await call<Record<string, unknown>>(t.app, 'GET', '/answer/admin/api/siteinfo/write', undefined, {
        token: staff,
      });
      const held = { ...write.body.data, hold_posts_below_rank: 10 };
      expect((await call(t.app, 'PUT', '/answer/admin/api/siteinfo/write', held, { token: staff })).status).toBe(200);

      const res = await post(asked());
      expect(res.status).toBe(200);
      const { info, question } = res.body.data;
      // The asker sees their own held posts; nobody else does.
      expect((await call(t.app, 'GET', `${API}/question/info?id=${question.id}`, undefined, {})).status).toBe(404);
      // The queue shows one post a page: the question, then its answer.
      const queued = (page: number) =>
        call<Paged<QueuedPostItem>>(t.app, 'GET', `${API}/review/pending/post/page?page=${page}`, undefined, {
          token: staff,
        });
      const [first, second] = [(await queued(1)).body.data, (await queued(2)).body.data];
      expect(first.count).toBe(2);
      expect([first.list[0]?.object_type, first.list[0]?.object_id]).toEqual(['question', question.id]);
      expect([second.list[0]?.object_type, second.list[0]?.answer_id]).toEqual(['answer', info.id]);
      for (const item of [first.list[0]!, second.list[0]!]) {
        const decision = { review_id: item.review_id, status: 'approve' };
        expect((await call(t.app, 'PUT', `${API}/review/pending/post`, decision, { token: staff })).status).toBe(200);
      }
      const page = await call<Paged<AnswerItem>>(t.app, 'GET', `${API}/answer/page?question_id=${question.id}`);
      expect(page.body.data.list.map((a) => a.id)).toEqual([info.id]);
    });
  });

  describe('with the write limits', () => {
    beforeEach(async () => {
      t = await buildTestApp();
      member = await make();
    });
    afterEach(async () => t.close());

    it('[S7-071] is limited as an ask: a second ask within 5 s is refused with 429 and nothing is stored', async () => {
      await setCaptcha(t, false);
      expect((await post(asked())).status).toBe(200);
      const before = await snapshot();
      const second = await post(asked());
      expect([second.status, second.body.reason]).toEqual([429, 'base.too_many_requests']);
      expect(await snapshot()).toEqual(before);
      // It shares the ask's counter: a plain ask right after is refused too.
      const plain = await call(
        t.app,
        'POST',
        `${API}/question`,
        { ...asked(), answer_content: undefined },
        {
          token: member.token,
        },
      );
      expect(plain.status).toBe(429);
    });

    it('[S7-071] with the captcha on, past the limit it asks for the ask’s captcha', async () => {
      await setCaptcha(t, true);
      expect((await post(asked())).status).toBe(200);
      const before = await snapshot();
      const second = await post(asked());
      expect(second.status).toBe(400);
      expect(second.body.data.map((f) => f.error_field)).toEqual(['captcha_code']);
      expect(await snapshot()).toEqual(before);
    });
  });
});
