import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { queryObservers } from '../../src/infra/db.js';
import { SESSION_COOKIE } from '../../src/infra/request-context.js';
import type { Actor } from '../../src/modules/auth/auth.service.js';
import { buildMember } from '../factories.js';
import { buildTestApp, type TestApp } from '../harness.js';

/**
 * A question with `answers` answers, each post carrying a comment, a reaction and a vote:
 * everything a question page reads per post.
 */
async function questionWith(app: FastifyInstance, answers: number, people: { actor: Actor }[]): Promise<string> {
  const [asker, reader] = people as [{ actor: Actor }, { actor: Actor }];
  const { services } = app;
  const { id } = await services.questions.ask(
    {
      title: `A question with ${answers} answers to count queries on`,
      content: 'What does a page cost in queries when it shows many posts?',
      tags: [{ slug_name: 'queries' }],
    },
    asker.actor,
  );
  const postIds = [id];
  for (let i = 0; i < answers; i += 1) {
    // The site lets each member answer a question once.
    const author = people[i + 2] as { actor: Actor };
    postIds.push(
      (await services.answers.create({ question_id: id, content: `Answer number ${i + 1} here.` }, author.actor)).id,
    );
  }
  for (const postId of postIds) {
    await services.comments.create(
      { object_id: postId, original_text: 'A comment on this post.', reply_comment_id: '' },
      reader.actor,
    );
    await services.reactions.react({ object_id: postId, emoji: 'heart', reaction: 'activate' }, reader.actor);
  }
  return id;
}

/** Runs a request and counts the database queries it makes (related lists computed afresh). */
async function queriesOf(app: FastifyInstance, url: string, token?: string): Promise<number> {
  app.services.related.forget();
  let count = 0;
  const observe = () => (count += 1);
  queryObservers.add(observe);
  try {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: token ? { cookie: `${SESSION_COOKIE}=${token}` } : {},
    });
    expect(response.statusCode).toBe(200);
  } finally {
    queryObservers.delete(observe);
  }
  return count;
}

/** A question's address in the site's permalink form, where its bare id address redirects. */
async function canonicalPath(app: TestApp['app'], id: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/questions/${id}` });
  return res.statusCode === 301 ? String(res.headers.location) : `/questions/${id}`;
}

describe('question page query count', () => {
  let t: TestApp;
  let people: { token: string; actor: Actor }[];
  let small: string;
  let large: string;
  let smallPath: string;
  let largePath: string;

  beforeAll(async () => {
    // These tests count a render's queries: the guest page cache would answer repeats from memory.
    t = await buildTestApp({ app: { pages: { cache: false }, writeLimits: false } });
    people = [];
    for (let i = 0; i < 32; i += 1) people.push(await buildMember(t.app));
    small = await questionWith(t.app, 1, people);
    large = await questionWith(t.app, 30, people);
    // The pages' addresses in the permalink form (a bare id answers 301 to it); reading them
    // also warms the process-wide caches (site settings) so both counts start from the same state.
    smallPath = await canonicalPath(t.app, small);
    largePath = await canonicalPath(t.app, large);
    await t.app.inject({ method: 'GET', url: smallPath });
  }, 60_000);
  afterAll(async () => t?.close());

  it('[P-2] a server render makes the same number of queries with 1 answer and with 30', async () => {
    const reader = people[1] as { token: string };
    const one = await queriesOf(t.app, smallPath, reader.token);
    const thirty = await queriesOf(t.app, largePath, reader.token);
    expect(one).toBeGreaterThan(0);
    expect(thirty).toBe(one);
  });

  it('[P-2] a guest render makes the same number of queries with 1 answer and with 30', async () => {
    // Each guest view after the first of the day writes nothing: count those. A query string of
    // its own keeps every request out of the guest page cache, so each one renders.
    await queriesOf(t.app, `${largePath}?render=1`);
    const one = await queriesOf(t.app, `${smallPath}?render=2`);
    const thirty = await queriesOf(t.app, `${largePath}?render=3`);
    expect(thirty).toBe(one);
  });

  it('[P-2] the page-data call of a navigation makes the same number of queries with 1 answer and with 30', async () => {
    const reader = people[1] as { token: string };
    const page = await t.app.inject({ method: 'GET', url: smallPath });
    const routes = [...page.body.matchAll(/"(0(?:-\d+)+)":/g)].map((m) => m[1]).join(',');
    const data = (id: string) => `/answer/api/v1/page-data?url=${encodeURIComponent(id)}&routes=root,${routes}`;
    const one = await queriesOf(t.app, data(smallPath), reader.token);
    const thirty = await queriesOf(t.app, data(largePath), reader.token);
    expect(thirty).toBe(one);
  });

  it('[P-2] the page-data call answers the question, every answer, and the comments and reactions of each post', async () => {
    const reader = people[1] as { token: string };
    const response = await t.app.inject({
      method: 'GET',
      url: `/answer/api/v1/question/page-data?id=${large}`,
      headers: { cookie: `${SESSION_COOKIE}=${reader.token}` },
    });
    const parts = response.json().data as {
      answers: { list: { id: string }[] };
      comments: Record<string, { count: number; list: unknown[] }>;
      reactions: Record<string, { reaction_summary: { emoji: string; count: number; is_active: boolean }[] }>;
    };
    expect(parts.answers.list).toHaveLength(30);
    const postIds = [large, ...parts.answers.list.map((a) => a.id)];
    for (const id of postIds) {
      expect(parts.comments[id]).toMatchObject({ count: 1 });
      expect(parts.reactions[id]?.reaction_summary.find((r) => r.emoji === 'heart')).toMatchObject({
        count: 1,
        is_active: true,
      });
    }
  });
});
