import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimelineData } from '@inquire/shared';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';

const API = '/answer/api/v1';
type Reader = 'guest' | 'author' | 'other' | 'staff';
type State = 'normal' | 'closed' | 'deleted' | 'pending' | 'unlisted';
const READERS: Reader[] = ['guest', 'author', 'other', 'staff'];
const STATES: State[] = ['normal', 'closed', 'deleted', 'pending', 'unlisted'];

/** What each reader gets from each read of a question in each state (HTTP status). */
const restricted = { guest: 404, author: 200, other: 404, staff: 200 };
const open = { guest: 200, author: 200, other: 200, staff: 200 };
const loginOnlyOpen = { guest: 401, author: 200, other: 200, staff: 200 };
const loginOnlyRestricted = { guest: 401, author: 200, other: 404, staff: 200 };
const EXPECTED: Record<State, Record<string, Record<Reader, number>>> = {
  normal: { info: open, answers: open, comments: open, revisions: loginOnlyOpen, timeline: loginOnlyOpen },
  closed: { info: open, answers: open, comments: open, revisions: loginOnlyOpen, timeline: loginOnlyOpen },
  // A deleted post's comments show with it to its author and staff (none can be added).
  deleted: {
    info: restricted,
    answers: restricted,
    comments: restricted,
    revisions: loginOnlyRestricted,
    timeline: loginOnlyRestricted,
  },
  pending: {
    info: restricted,
    answers: restricted,
    comments: restricted,
    revisions: loginOnlyRestricted,
    timeline: loginOnlyRestricted,
  },
  unlisted: {
    info: restricted,
    answers: restricted,
    comments: restricted,
    revisions: loginOnlyRestricted,
    timeline: loginOnlyRestricted,
  },
};

describe('visibility of a question by state and reader (search is not built yet)', () => {
  let t: TestApp;
  const tokens: Partial<Record<Reader, string>> = {};
  const questions = {} as Record<State, string>;
  const answers = {} as Record<State, string>;

  beforeAll(async () => {
    // These tests post many things quickly as one member; the limits have their own suite.
    t = await buildTestApp({ app: { writeLimits: false } });
    const author = await buildUser(t.app);
    const other = await buildUser(t.app);
    const staff = await buildUser(t.app, { role_id: 3 });
    tokens.author = await loginAs(t.app, author.id);
    tokens.other = await loginAs(t.app, other.id);
    tokens.staff = await loginAs(t.app, staff.id);
    for (const state of STATES) {
      const asked = await call<{ id: string }>(
        t.app,
        'POST',
        `${API}/question`,
        { title: `A ${state} question here`, content: 'Body text.', tags: [{ slug_name: 'support' }] },
        { token: tokens.author },
      );
      const id = asked.body.data.id;
      questions[state] = id;
      const answer = await call<{ id: string }>(
        t.app,
        'POST',
        `${API}/answer`,
        { question_id: id, content: 'An answer body' },
        { token: tokens.other },
      );
      answers[state] = answer.body.data.id;
      await call(
        t.app,
        'POST',
        `${API}/comment`,
        { object_id: id, original_text: 'A comment' },
        { token: tokens.other },
      );
    }
    const staffToken = { token: tokens.staff };
    await call(t.app, 'PUT', `${API}/question/status`, { id: questions.closed, close_type: 63 }, staffToken);
    await call(t.app, 'DELETE', `${API}/question`, { id: questions.deleted }, staffToken);
    await call(t.app, 'PUT', `${API}/question/operation`, { id: questions.unlisted, operation: 'hide' }, staffToken);
    await t.app.site.db.updateTable('questions').set({ status: 11 }).where('id', '=', questions.pending).execute();
  });
  afterAll(async () => t.close());

  for (const state of STATES) {
    it(`[S4-028][S4-029][S4-030][S4-031][S4-032] ${state}: question/info, answer/page, comment/page, revisions, timeline`, async () => {
      const id = questions[state];
      const urls: Record<string, string> = {
        info: `${API}/question/info?id=${id}`,
        answers: `${API}/answer/page?question_id=${id}`,
        comments: `${API}/comment/page?object_id=${id}`,
        revisions: `${API}/revisions?object_id=${id}`,
        timeline: `${API}/activity/timeline?object_id=${id}`,
      };
      const seen: Record<string, Record<Reader, number>> = {};
      for (const [name, url] of Object.entries(urls)) {
        seen[name] = {} as Record<Reader, number>;
        for (const reader of READERS) {
          const res = await call(t.app, 'GET', url, undefined, { token: tokens[reader] });
          (seen[name] as Record<Reader, number>)[reader] = res.status;
        }
      }
      expect(seen).toEqual(EXPECTED[state]);
      // An answer's timeline follows its question's visibility.
      const answerTimeline = await call<TimelineData>(
        t.app,
        'GET',
        `${API}/activity/timeline?object_id=${answers[state]}`,
        undefined,
        { token: tokens.other },
      );
      expect(answerTimeline.status).toBe(EXPECTED[state].timeline?.other);
    });
  }

  it('[S2-056] refuses timelines to guests and answers 400 naming object_id when it is missing', async () => {
    expect((await call(t.app, 'GET', `${API}/activity/timeline?object_id=${questions.normal}`)).status).toBe(401);
    const res = await call<{ error_field: string }[]>(t.app, 'GET', `${API}/activity/timeline`, undefined, {
      token: tokens.other,
    });
    expect(res.status).toBe(400);
    expect(res.body.data[0]?.error_field).toBe('object_id');
    expect(
      (
        await call(t.app, 'GET', `${API}/activity/timeline?object_id=10010000000009999`, undefined, {
          token: tokens.other,
        })
      ).status,
    ).toBe(404);
  });

  it('[S3-033] shows asked, answered, commented, closed with who and the comment; downvoters only to admins', async () => {
    const id = questions.closed;
    await call(t.app, 'POST', `${API}/vote/down`, { object_id: id, is_cancel: false }, { token: tokens.staff });
    const res = await call<TimelineData>(
      t.app,
      'GET',
      `${API}/activity/timeline?object_id=${id}&show_vote=true`,
      undefined,
      {
        token: tokens.staff,
      },
    );
    const events = res.body.data.timeline.map((e) => e.activity_type);
    expect(events).toEqual(expect.arrayContaining(['downvote', 'closed', 'commented', 'answered', 'asked']));
    const down = res.body.data.timeline.find((e) => e.activity_type === 'downvote');
    expect(down?.user_info).toBeNull();
    const commented = res.body.data.timeline.find((e) => e.activity_type === 'commented');
    expect(commented?.comment).toContain('A comment');
    expect(res.body.data.object_info.title).toBe('A closed question here');
  });

  it('shows an acceptance on the question and the answer, marked cancelled once taken back', async () => {
    const id = questions.normal;
    const answerId = answers.normal;
    const accept = (answer_id: string) =>
      call(t.app, 'POST', `${API}/answer/acceptance`, { question_id: id, answer_id }, { token: tokens.author });
    await accept(answerId);
    await accept('');
    for (const objectId of [id, answerId]) {
      const res = await call<TimelineData>(t.app, 'GET', `${API}/activity/timeline?object_id=${objectId}`, undefined, {
        token: tokens.other,
      });
      const accepted = res.body.data.timeline.find((e) => e.activity_type === 'accept');
      expect(accepted).toMatchObject({ cancelled: true, object_id: answerId, object_type: 'answer' });
    }
  });

  it('[S2-055] gives a tag a timeline of its edits, and hides a deleted tag from all but staff', async () => {
    const tag = await t.app.site.db
      .selectFrom('tags')
      .select('id')
      .where('slug_name', '=', 'support')
      .executeTakeFirstOrThrow();
    const edit = { tag_id: tag.id, slug_name: 'support', display_name: 'Support', original_text: 'Help here.' };
    await call(t.app, 'PUT', `${API}/tag`, { ...edit, edit_summary: 'describe it' }, { token: tokens.staff });
    const url = `${API}/activity/timeline?object_id=${tag.id}`;
    const res = await call<TimelineData>(t.app, 'GET', url, undefined, { token: tokens.other });
    expect(res.body.data.object_info).toMatchObject({ object_type: 'tag', slug_name: 'support' });
    expect(res.body.data.timeline.map((e) => [e.activity_type, e.comment])).toEqual([['edited', 'describe it']]);
    await t.app.site.db.updateTable('tags').set({ status: 10 }).where('id', '=', tag.id).execute();
    expect((await call(t.app, 'GET', url, undefined, { token: tokens.other })).status).toBe(404);
    expect((await call(t.app, 'GET', url, undefined, { token: tokens.staff })).status).toBe(200);
    await t.app.site.db.updateTable('tags').set({ status: 1 }).where('id', '=', tag.id).execute();
  });
});
