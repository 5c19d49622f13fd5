import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerItem, CommentItem, Paged, QuestionDetail, QuestionListItem } from '@inquire/shared';
import { buildTestApp, call, type TestApp } from '../../test/harness.js';
import { nowSeconds } from '../lib/clock.js';
import { renderMarkdown } from '../lib/markdown.js';
import type { SeedOptions } from './plan.js';
import { NotInstalledError, seedSite, type SeedSummary } from './seed.js';
import { secondaryIndexes, withDeferredIndexes } from './deferred-indexes.js';

const NOW = nowSeconds();
const OPTIONS: SeedOptions = { questions: 20, answers: 3, users: 10, comments: 1, seed: 7, now: NOW, lang: 'en_US' };
const V1 = '/answer/api/v1';

async function list(t: TestApp, query: Record<string, string> = {}): Promise<Paged<QuestionListItem>> {
  const res = await call<Paged<QuestionListItem>>(t.app, 'GET', `${V1}/question/page`, undefined, {
    query: { page_size: '100', ...query },
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

/** What the same seed must reproduce: titles, bodies, tags, authors' names, votes, acceptances. */
async function content(t: TestApp) {
  const db = t.app.site.db;
  const questions = await db
    .selectFrom('questions')
    .innerJoin('users', 'users.id', 'questions.user_id')
    .select(['questions.title', 'questions.original_text', 'questions.vote_count', 'users.username'])
    .select((eb) => eb('questions.accepted_answer_id', '!=', '').as('accepted'))
    .where('users.role_id', '!=', 2)
    .orderBy('questions.created_at')
    .orderBy('questions.title')
    .execute();
  const answers = await db
    .selectFrom('answers')
    .select(['original_text', 'vote_count'])
    .orderBy('created_at')
    .orderBy('original_text')
    .execute();
  const comments = await db
    .selectFrom('comments')
    .select(['original_text', 'vote_count'])
    .orderBy('created_at')
    .orderBy('original_text')
    .execute();
  const tags = await db.selectFrom('tags').select(['slug_name', 'question_count']).orderBy('slug_name').execute();
  return { questions, answers, comments, tags };
}

/**
 * Every row the seed writes or moves, in key order: the seeded period ends before NOW, so rows
 * the installer wrote (at the real time) are left out, except counters and the ids' counters.
 */
async function seededRows(t: TestApp) {
  const db = t.app.site.db;
  const past = NOW - 30;
  return {
    users: await db.selectFrom('users').selectAll().where('created_at', '<', past).orderBy('id').execute(),
    tags: await db.selectFrom('tags').selectAll().where('created_at', '<', past).orderBy('id').execute(),
    questions: await db.selectFrom('questions').selectAll().where('created_at', '<', past).orderBy('id').execute(),
    answers: await db.selectFrom('answers').selectAll().orderBy('id').execute(),
    comments: await db.selectFrom('comments').selectAll().orderBy('id').execute(),
    votes: await db.selectFrom('votes').selectAll().orderBy('object_id').orderBy('user_id').execute(),
    tag_relations: await db
      .selectFrom('tag_relations')
      .selectAll()
      .where('created_at', '<', past)
      .orderBy('object_id')
      .orderBy('tag_id')
      .execute(),
    revisions: await db.selectFrom('revisions').selectAll().where('created_at', '<', past).orderBy('id').execute(),
    activities: await db.selectFrom('activities').selectAll().where('created_at', '<', past).orderBy('id').execute(),
    uniqid: await db.selectFrom('uniqid').selectAll().orderBy('object_type').execute(),
  };
}

describe('inquire seed', () => {
  let t: TestApp;
  let summary: SeedSummary;

  beforeAll(async () => {
    t = await buildTestApp();
    summary = await seedSite(t.app.site, OPTIONS);
  });
  afterAll(async () => t.close());

  it('writes members, tags, questions, answers, comments, votes and acceptances', () => {
    expect(summary).toMatchObject({ members: 10, tags: 200, questions: 20, answers: 60 });
    expect(summary.comments).toBeGreaterThan(0);
    expect(summary.votes).toBeGreaterThan(0);
    expect(summary.accepted).toBeGreaterThan(0);
  });

  it('lists the seeded questions with three tags and three answers each, spread over past months', async () => {
    const { count, list: rows } = await list(t);
    expect(count).toBe(21); // and the installer's welcome question
    const seeded = rows.filter((q) => q.operator.username !== 'admin');
    expect(seeded).toHaveLength(20);
    for (const q of seeded) {
      expect(q.tags).toHaveLength(3);
      expect(q.answer_count).toBe(3);
      expect(q.excerpt.length).toBeGreaterThan(50);
      expect(q.created_at).toBeLessThanOrEqual(NOW);
    }
    const times = seeded.map((q) => q.created_at);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(90 * 86_400);
  });

  it('shows a question page: rendered body with a code block, its answers, comments and accepted answer', async () => {
    const accepted = (await list(t)).list.find((q) => q.accepted_answer_id !== '0');
    if (!accepted) throw new Error('no accepted answer was seeded');
    const info = await call<QuestionDetail>(t.app, 'GET', `${V1}/question/info`, undefined, {
      query: { id: accepted.id },
    });
    expect(info.status).toBe(200);
    const question = info.body.data;
    expect(question.html).toBe(renderMarkdown(question.content));
    expect(question.html).toContain('<pre tabindex="0"><code class="hljs language-');
    expect(question.content.split(/\s+/).length).toBeGreaterThan(90);
    expect(question.html.match(/<p>/g)).toHaveLength(3);
    const answers = await call<Paged<AnswerItem>>(t.app, 'GET', `${V1}/answer/page`, undefined, {
      query: { question_id: accepted.id, page_size: '50' },
    });
    expect(answers.body.data.count).toBe(3);
    const first = answers.body.data.list[0];
    expect(first).toMatchObject({ id: accepted.accepted_answer_id, accepted: 2 });
    expect(first?.html).toBe(renderMarkdown(first?.content ?? ''));
    const commented = await t.app.site.db.selectFrom('comments').select('object_id').executeTakeFirstOrThrow();
    const comments = await call<Paged<CommentItem>>(t.app, 'GET', `${V1}/comment/page`, undefined, {
      query: { object_id: commented.object_id },
    });
    expect(comments.body.data.count).toBeGreaterThan(0);
  });

  it('keeps every counter equal to its rows: answers, tags, members, votes and reputation', async () => {
    const db = t.app.site.db;
    for (const q of (await list(t)).list) {
      const rows = await db.selectFrom('answers').select('id').where('question_id', '=', q.id).execute();
      expect(q.answer_count).toBe(rows.length);
      const votes = await db.selectFrom('votes').select('vote').where('object_id', '=', q.id).execute();
      expect(q.vote_count).toBe(votes.reduce((sum, v) => sum + v.vote, 0));
    }
    const tags = await db.selectFrom('tags').select(['id', 'slug_name', 'question_count']).execute();
    for (const tag of tags) {
      const { count } = await list(t, { tag: tag.slug_name });
      expect(tag.question_count).toBe(count);
    }
    const members = await db.selectFrom('users').select(['id', 'username', 'rank']).execute();
    for (const m of members) {
      const profile = await call<{ question_count: number; answer_count: number; rank: number }>(
        t.app,
        'GET',
        `${V1}/personal/user/info`,
        undefined,
        { query: { username: m.username } },
      );
      const asked = await db.selectFrom('questions').select('id').where('user_id', '=', m.id).execute();
      const answered = await db.selectFrom('answers').select('id').where('user_id', '=', m.id).execute();
      expect(profile.body.data).toMatchObject({ question_count: asked.length, answer_count: answered.length });
      const gained = await db
        .selectFrom('activities')
        .select('rank')
        .where('user_id', '=', m.id)
        .where('cancelled', '=', 0)
        .execute();
      if (m.username !== 'admin') expect(m.rank).toBe(gained.reduce((sum, a) => sum + a.rank, 0));
    }
    const answerVotes = await db.selectFrom('answers').select(['id', 'vote_count']).execute();
    for (const a of answerVotes) {
      const votes = await db.selectFrom('votes').select('vote').where('object_id', '=', a.id).execute();
      expect(a.vote_count).toBe(votes.reduce((sum, v) => sum + v.vote, 0));
    }
    const acceptances = await db
      .selectFrom('activities')
      .select('rank')
      .where('activity_type', '=', 'answer.accepted')
      .execute();
    expect(acceptances.length).toBe(summary.accepted);
  });

  it('writes the same community for the same seed, another for another seed, and seeds a site twice', async () => {
    const again = await buildTestApp();
    const other = await buildTestApp();
    try {
      await seedSite(again.app.site, OPTIONS);
      await seedSite(other.app.site, { ...OPTIONS, seed: 8 });
      const [a, b, c] = [await content(t), await content(again), await content(other)];
      expect(b).toEqual(a);
      expect(c.questions.map((q) => q.title)).not.toEqual(a.questions.map((q) => q.title));
      // A second seed on the same site finds its usernames taken and numbers the new ones.
      const second = await seedSite(again.app.site, { ...OPTIONS, questions: 2 });
      expect(second).toMatchObject({ members: 10, questions: 2, tags: 0 });
      expect((await list(again)).count).toBe(23);
    } finally {
      await again.close();
      await other.close();
    }
  });

  it('writes Chinese prose with --lang zh_CN, with pinyin usernames and linked @mentions', async () => {
    const zh = await buildTestApp();
    try {
      await seedSite(zh.app.site, { ...OPTIONS, questions: 5, lang: 'zh_CN' });
      const seeded = (await list(zh)).list.filter((q) => q.operator.username !== 'admin');
      expect(seeded).toHaveLength(5);
      for (const q of seeded) {
        expect(q.title).toMatch(/\p{Script=Han}/u);
        expect(q.operator.username).toMatch(/^[a-z]+\.[a-z]+\d*$/);
        expect(q.operator.display_name).toMatch(/^\p{Script=Han}+$/u);
      }
      const mention = await zh.app.site.db
        .selectFrom('comments')
        .select('parsed_text')
        .where('original_text', 'like', '@%')
        .executeTakeFirstOrThrow();
      expect(mention.parsed_text).toMatch(/^<a href="\/users\/[a-z.\d]+" rel="nofollow ugc noopener">@/);
    } finally {
      await zh.close();
    }
  });

  it('[P-6] the bulk writer leaves the same database as the row-by-row reference writer: every row of every table', async () => {
    const reference = await buildTestApp();
    const bulk = await buildTestApp();
    try {
      // More comments and fewer members than the suite's seed: mentions, comment votes, downvotes
      // near the floor of 1, and tags created part-way through chunks.
      const options = { ...OPTIONS, questions: 30, users: 6, comments: 2 };
      const written = await seedSite(reference.app.site, options, { writer: 'reference' });
      expect(await seedSite(bulk.app.site, options, { writer: 'bulk' })).toEqual({
        ...written,
        seconds: expect.any(Number),
        searchIndexSeconds: expect.any(Number),
        searchIndexBytes: expect.any(Number),
      });
      const [expected, actual] = [await seededRows(reference), await seededRows(bulk)];
      expect(expected.questions).toHaveLength(30);
      expect(expected.votes.length).toBeGreaterThan(30);
      for (const table of Object.keys(expected) as (keyof typeof expected)[]) {
        expect({ table, rows: actual[table] }).toEqual({ table, rows: expected[table] });
      }
    } finally {
      await reference.close();
      await bulk.close();
    }
  });

  it('[P-6] a large seed builds the secondary indexes after the load: same rows, same indexes, repaired after a crash', async () => {
    const deferred = await buildTestApp();
    try {
      const { db, dataDir } = deferred.app.site;
      const driver = deferred.app.site.driver ?? 'sqlite';
      const indexes = await secondaryIndexes(db, driver);
      expect(indexes.map((i) => i.name)).toEqual(expect.arrayContaining(['answers_question', 'activities_user']));
      await seedSite(deferred.app.site, OPTIONS, { deferIndexes: true });
      expect(await secondaryIndexes(db, driver)).toEqual(indexes);
      // The suite's site, seeded alike with its indexes in place (its views aside: a test above read a
      // page; and the hot score, which counts views).
      const unviewed = (rows: Awaited<ReturnType<typeof seededRows>>) => ({
        ...rows,
        questions: rows.questions.map((q) => ({ ...q, view_count: 0, unique_view_count: 0, hot_score: 0 })),
      });
      expect(unviewed(await seededRows(deferred))).toEqual(unviewed(await seededRows(t)));
      // A load that fails still gets its indexes back; while it runs they are gone.
      const failing = withDeferredIndexes(dataDir, db, driver, async () => {
        expect(await secondaryIndexes(db, driver)).toEqual([]);
        throw new Error('the load failed');
      });
      await expect(failing).rejects.toThrow('the load failed');
      expect(await secondaryIndexes(db, driver)).toEqual(indexes);
      // A seed killed mid-load left its record: the next seed builds what is missing first.
      writeFileSync(join(dataDir, 'seed-deferred-indexes.json'), JSON.stringify(indexes));
      await sql`drop index ${sql.id('answers_question')}`.execute(db);
      await seedSite(deferred.app.site, { ...OPTIONS, questions: 1 });
      expect(await secondaryIndexes(db, driver)).toEqual(indexes);
      expect(existsSync(join(dataDir, 'seed-deferred-indexes.json'))).toBe(false);
    } finally {
      await deferred.close();
    }
  });

  it("reports the search index build's progress after the load, up to every post", async () => {
    const fresh = await buildTestApp();
    try {
      const steps: [number, number][] = [];
      let finished = false;
      await seedSite(
        fresh.app.site,
        { ...OPTIONS, questions: 5 },
        {
          indexProgress: () => ({
            advance: (done, total) => steps.push([done, total]),
            finish: () => (finished = true),
          }),
        },
      );
      // Every post is counted (the 5 questions with 3 answers each, and the install's welcome
      // question), and the last step is all of them.
      const { rows } = await sql<{
        n: number;
      }>`select (select count(*) from questions) + (select count(*) from answers) as n`.execute(fresh.app.site.db);
      const posts = Number(rows[0]?.n);
      expect(posts).toBeGreaterThanOrEqual(20);
      expect(steps.length).toBeGreaterThan(0);
      expect(steps.at(-1)).toEqual([posts, posts]);
      expect(finished).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it('refuses a data directory without an installed site', async () => {
    const bare = await buildTestApp({ installed: false });
    try {
      await expect(seedSite(bare.app.site, OPTIONS)).rejects.toBeInstanceOf(NotInstalledError);
    } finally {
      await bare.close();
    }
  });
});
