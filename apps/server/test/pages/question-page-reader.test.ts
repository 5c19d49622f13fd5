import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/infra/request-context.js';
import { ROLE } from '@inquire/shared';
import { buildMember } from '../factories.js';
import { buildTestApp, type TestApp } from '../harness.js';

interface Parts {
  question: { vote_status: string; collected: boolean; followed: boolean } & Record<string, unknown>;
  answers: { list: ({ id: string; vote_status: string } & Record<string, unknown>)[] };
  invited: { username: string }[];
  comments: Record<string, { list: { comment_id: string; is_vote?: boolean }[] }>;
  my_answer_id?: string;
}

/**
 * What only the reader's own rows decide (their votes, bookmark, follow and answer) arrives
 * with the page's other reads, not from reads of its own: each post's flags must still be the
 * reader's and no one else's.
 */
describe('question page data for its reader', () => {
  let t: TestApp;
  let questionId: string;
  let answerId: string;
  let commentId: string;
  const tokens: Record<'reader' | 'answerer' | 'other', string> = { reader: '', answerer: '', other: '' };

  /** A read of the API as the member with `token` (the envelope's data). */
  async function apiRead<T>(path: string, token: string): Promise<T> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/answer/api/v1/${path}`,
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as T;
  }

  async function partsFor(token: string): Promise<Parts> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/answer/api/v1/question/page-data?id=${questionId}`,
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as Parts;
  }

  beforeAll(async () => {
    t = await buildTestApp({ app: { writeLimits: false } });
    const [asker, answerer, reader, other] = [
      await buildMember(t.app),
      await buildMember(t.app),
      await buildMember(t.app),
      await buildMember(t.app),
    ];
    tokens.reader = reader.token;
    tokens.answerer = answerer.token;
    tokens.other = other.token;
    const { services } = t.app;
    ({ id: questionId } = await services.questions.ask(
      {
        title: 'Which of these posts did the reader vote for?',
        content: 'A question whose page shows each reader their own marks.',
        tags: [{ slug_name: 'marks' }],
      },
      asker.actor,
    ));
    ({ id: answerId } = await services.answers.create(
      { question_id: questionId, content: 'An answer the reader votes up.' },
      answerer.actor,
    ));
    ({ comment_id: commentId } = await services.comments.create(
      { object_id: answerId, original_text: 'A comment the reader votes up.', reply_comment_id: '' },
      answerer.actor,
    ));
    for (const objectId of [questionId, answerId, commentId]) {
      await services.votes.vote(objectId, 'up', false, reader.actor);
    }
    await services.bookmarks.switch(questionId, true, reader.actor);
    await services.follows.follow(questionId, false, reader.actor);
  });

  afterAll(async () => {
    await t.close();
  });

  it('[P-2] the page data carries the reader’s votes on the question, the answers and the comments, and their bookmark and follow', async () => {
    const parts = await partsFor(tokens.reader);
    expect(parts.question).toMatchObject({ vote_status: 'vote_up', collected: true, followed: true });
    expect(parts.answers.list.find((a) => a.id === answerId)).toMatchObject({ vote_status: 'vote_up' });
    expect(parts.comments[answerId]?.list.find((c) => c.comment_id === commentId)).toMatchObject({ is_vote: true });
    expect(parts.my_answer_id).toBeUndefined();
  });

  it('[P-2] another member’s page data holds none of the reader’s marks', async () => {
    const parts = await partsFor(tokens.other);
    expect(parts.question).toMatchObject({ vote_status: '', collected: false, followed: false });
    expect(parts.answers.list.find((a) => a.id === answerId)).toMatchObject({ vote_status: '' });
    // A compact comment leaves out what is false.
    const comment = parts.comments[answerId]?.list.find((c) => c.comment_id === commentId);
    expect(comment).toBeDefined();
    expect(comment?.is_vote ?? false).toBe(false);
  });

  it('[P-2] the answerer’s page data names their own answer (one answer each), read from the answers it shows', async () => {
    const parts = await partsFor(tokens.answerer);
    expect(parts.my_answer_id).toBe(answerId);
  });

  it('[P-2] a question the reader may not see answers 404 with none of its answers, though they are read beside it', async () => {
    const { services } = t.app;
    const staff = await buildMember(t.app, { role_id: ROLE.admin });
    const asker = await buildMember(t.app);
    const { id: hiddenId } = await services.questions.ask(
      {
        title: 'A question staff delete after it was answered',
        content: 'Its answers must not reach a reader who may not see it.',
        tags: [{ slug_name: 'marks' }],
      },
      asker.actor,
    );
    const answerer = await buildMember(t.app);
    await services.answers.create(
      { question_id: hiddenId, content: 'SECRET-ANSWER-TEXT of a deleted question.' },
      answerer.actor,
    );
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/answer/api/v1/question',
      headers: { cookie: `${SESSION_COOKIE}=${staff.token}`, authorization: staff.token },
      payload: { id: hiddenId },
    });
    expect(removed.statusCode).toBe(200);
    for (const cookie of [`${SESSION_COOKIE}=${tokens.other}`, '']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/answer/api/v1/question/page-data?id=${hiddenId}`,
        headers: cookie ? { cookie } : {},
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('SECRET-ANSWER-TEXT');
    }
  });

  it('[P-2] the page data shows the question’s author, tags, marks and invitees as question/info does; answers carry their authors and editors', async () => {
    const { services } = t.app;
    const staff = await buildMember(t.app, { role_id: ROLE.admin });
    const asker = await buildMember(t.app);
    const [first, second] = [await buildMember(t.app), await buildMember(t.app)];
    const { id } = await services.questions.ask(
      {
        title: 'A question whose page reads its parts with its row',
        content: 'Two tags, two invitees and an answer edited by someone else.',
        tags: [{ slug_name: 'zeta-part' }, { slug_name: 'alpha-part' }],
      },
      asker.actor,
    );
    const { id: answer } = await services.answers.create(
      { question_id: id, content: 'An answer staff edit.' },
      first.actor,
    );
    await services.revisions.editAnswer(
      { id: answer, content: 'An answer staff edited, so its editor shows.', edit_summary: 'clearer' },
      staff.actor,
    );
    await services.invites.set(
      { id, invite_user: [second.actor.user.username, first.actor.user.username] },
      staff.actor,
    );
    const [page, info, answers, invited] = await Promise.all([
      (async () => {
        const response = await t.app.inject({
          method: 'GET',
          url: `/answer/api/v1/question/page-data?id=${id}`,
          headers: { cookie: `${SESSION_COOKIE}=${tokens.reader}` },
        });
        expect(response.statusCode).toBe(200);
        return response.json().data as Parts;
      })(),
      apiRead<Record<string, unknown>>(`question/info?id=${id}`, tokens.reader),
      apiRead<{ list: Record<string, unknown>[] }>(`answer/page?question_id=${id}&page=1&page_size=20`, tokens.reader),
      apiRead<unknown[]>(`question/invite?id=${id}`, tokens.reader),
    ]);
    expect((info.tags as { slug_name: string }[]).map((tag) => tag.slug_name)).toEqual(['alpha-part', 'zeta-part']);
    for (const key of ['tags', 'vote_status', 'collected', 'followed'] as const) {
      expect(page.question[key], key).toEqual(info[key]);
    }
    const shownAs = ({
      username,
      display_name,
      avatar,
    }: {
      username: string;
      display_name: string;
      avatar: string;
    }) => ({
      username,
      display_name,
      avatar,
    });
    expect(page.question.operator).toEqual(shownAs(info.operator as Parameters<typeof shownAs>[0]));
    expect(page.question.operator).toMatchObject({ username: asker.actor.user.username });
    expect(invited).toHaveLength(2);
    expect(page.invited).toEqual(invited);
    // The answers' authors and editors come with their rows, for the page and the API alike.
    const listed = answers.list.find((a) => a.id === answer);
    expect(listed?.user_info).toMatchObject({ username: first.actor.user.username });
    expect(listed?.update_user_info).toMatchObject({ username: staff.actor.user.username });
    const shown = page.answers.list.find((a) => a.id === answer);
    expect(shown?.operator).toEqual(shownAs(listed?.operator as Parameters<typeof shownAs>[0]));
  });
});
