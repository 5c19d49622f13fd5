import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/modules/auth/auth.service.js';
import { buildMember } from '../factories.js';
import { buildTestApp, type TestApp } from '../harness.js';

/** Marks that appear once in a post's source and, rendered, once in its HTML. */
const QUESTION_MARK = 'quokka-question-body';
const ANSWER_MARK = 'wombat-answer-body';
const COMMENT_MARK = 'numbat-comment-body';

describe('question page weight', () => {
  let t: TestApp;
  let questionId: string;
  /** The page's address in the permalink form (a bare id answers 301 to it). */
  let questionPath: string;

  beforeAll(async () => {
    t = await buildTestApp({ app: { pages: {}, writeLimits: false } });
    const actors: Actor[] = [];
    for (let i = 0; i < 4; i += 1) actors.push((await buildMember(t.app)).actor);
    const [asker, ...answerers] = actors as [Actor, ...Actor[]];
    ({ id: questionId } = await t.app.services.questions.ask(
      {
        title: 'How heavy is a question page with three answers?',
        content: `The body says **${QUESTION_MARK}** once.`,
        tags: [{ slug_name: 'weight' }],
      },
      asker,
    ));
    for (const [i, answerer] of answerers.entries()) {
      await t.app.services.answers.create(
        { question_id: questionId, content: `Answer ${i}: **${ANSWER_MARK}-${i}** once.` },
        answerer,
      );
    }
    await t.app.services.comments.create(
      { object_id: questionId, original_text: `A comment says **${COMMENT_MARK}** once.`, reply_comment_id: '' },
      answerers[0] as Actor,
    );
    const bare = await t.app.inject({ method: 'GET', url: `/questions/${questionId}` });
    questionPath = bare.statusCode === 301 ? String(bare.headers.location) : `/questions/${questionId}`;
  }, 30_000);
  afterAll(async () => t?.close());

  it("[P-4] each post's rendered HTML is sent once (in the markup, not again in the hydration data), and no markdown source", async () => {
    const page = await t.app.inject({ method: 'GET', url: questionPath });
    expect(page.statusCode).toBe(200);
    const html = page.body;
    // The rendered bold text appears in the post's markup; schema.org data carries words, not HTML.
    expect(html.split(`<strong>${QUESTION_MARK}</strong>`)).toHaveLength(2);
    for (let i = 0; i < 3; i += 1) expect(html.split(`<strong>${ANSWER_MARK}-${i}</strong>`)).toHaveLength(2);
    // Markdown sources (the ** around the marks) never reach the page.
    expect(html).not.toContain(`**${QUESTION_MARK}**`);
    expect(html).not.toContain(`**${ANSWER_MARK}-0**`);
    const hydration = /window\.__staticRouterHydrationData=(.*?);<\/script>/s.exec(html)?.[1] ?? '';
    // The hydration data escapes "<" as \u003c; the question's plain-text excerpt may hold the words.
    expect(hydration).not.toContain(`\\u003cstrong>${QUESTION_MARK}`);
    expect(hydration).not.toContain(ANSWER_MARK);
  });

  it("[P-4] a comment's HTML is sent once too, and its empty fields not at all", async () => {
    const html = (await t.app.inject({ method: 'GET', url: questionPath })).body;
    expect(html.split(`<strong>${COMMENT_MARK}</strong>`)).toHaveLength(2);
    const hydration = /window\.__staticRouterHydrationData=(.*?);<\/script>/s.exec(html)?.[1] ?? '';
    expect(hydration).toContain('"comment_id"');
    expect(hydration).not.toContain(COMMENT_MARK);
    // A guest may do nothing with it, nobody voted or replied: none of that is spelled out.
    for (const field of ['"reply_username"', '"is_vote"', '"user_avatar"', '"object_id"', '"original_text"']) {
      expect(hydration).not.toContain(field);
    }
  });
});
