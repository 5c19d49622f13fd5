import { describe, expect, it } from 'vitest';
import { renderInline, renderMarkdown } from '../lib/markdown.js';
import { linkMentions, mentionedNames } from '../modules/comments/mentions.js';
import { SeedPlan, SEED_LANGUAGES } from './plan.js';
import { SeedRenderer } from './render.js';
import { AUTHOR_MENTION } from './text.js';

describe('seed rendering', () => {
  for (const lang of SEED_LANGUAGES) {
    it(`[P-6] renders every ${lang} body and comment of a seed byte for byte as renderMarkdown and renderInline do`, () => {
      const plan = new SeedPlan({ questions: 250, answers: 3, users: 300, comments: 2, seed: 11, now: 1.8e9, lang });
      const renderer = new SeedRenderer();
      let bodies = 0;
      let comments = 0;
      for (const question of plan.questions()) {
        for (const body of [question.body, ...question.events.flatMap((e) => (e.type === 'answer' ? [e.body] : []))]) {
          expect(renderer.body(body)).toBe(renderMarkdown(body));
          bodies += 1;
        }
        for (const event of question.events) {
          if (event.type !== 'comment') continue;
          const author = plan.members[event.author]?.username ?? '';
          const text = event.text.replace(AUTHOR_MENTION, `@${author}`);
          const mentionable = new Set(mentionedNames(text).filter((name) => name === author));
          expect(renderer.comment(text, mentionable)).toBe(renderInline(linkMentions(text, mentionable)));
          comments += 1;
        }
      }
      expect(bodies).toBe(1000);
      expect(comments).toBeGreaterThan(400);
    });
  }

  it('[P-6] leaves markup, links, lists and unclosed fences to the full renderer', () => {
    const renderer = new SeedRenderer();
    const sources = [
      'Plain words, then *emphasis* and `code`.',
      'Upgrade Node.js first, then see example.com or https://example.com/a.',
      '1. a list item that starts with a number',
      'Mail ann@example.com about it & the <b>bold</b> tag.',
      'One paragraph.\n\n```python\nprint(1)\n\nprint(2)\n```\n\nAnother paragraph.',
      '```js\nopen fence without an end',
    ];
    for (const source of sources) expect(renderer.body(source)).toBe(renderMarkdown(source));
    const mention = '@ann.lee could you share the full error message? ann.lee said so.';
    expect(renderer.comment(mention, new Set(['ann.lee']))).toBe(
      renderInline(linkMentions(mention, new Set(['ann.lee']))),
    );
  });
});
