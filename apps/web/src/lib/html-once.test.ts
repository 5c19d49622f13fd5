import { describe, expect, it } from 'vitest';
import { dehydratePostHtml } from './html-once';

const MARKER = '\u0000from-page';

describe('dehydratePostHtml', () => {
  const data = {
    root: { user: { id: '9', display_name: 'Ann' } },
    page: {
      question: { id: '1', html: '<p>question</p>', title: 'T' },
      answers: {
        list: [
          { id: '2', html: '<p>shown</p>' },
          { id: '12', html: '<p>not shown</p>' },
        ],
      },
      comments: { '1': { list: [{ comment_id: '3', parsed_text: '<p>comment</p>' }] } },
    },
  };
  const markup =
    '<div data-html-once="1"><p>question</p></div><div data-html-once="2"></div><span data-html-once="3"></span>';

  it('replaces exactly the HTML the markup shows, by whole id (answer 12 is not answer 1 or 2)', () => {
    const out = dehydratePostHtml(data, markup) as typeof data;
    expect(out.page.question.html).toBe(MARKER);
    expect(out.page.answers.list.map((a) => a.html)).toEqual([MARKER, '<p>not shown</p>']);
    expect(out.page.comments['1']?.list[0]?.parsed_text).toBe(MARKER);
    expect(out.page.question.title).toBe('T');
  });

  it('leaves the input as it was, and shares the parts without HTML', () => {
    const out = dehydratePostHtml(data, markup) as typeof data;
    expect(data.page.question.html).toBe('<p>question</p>');
    expect(data.page.answers.list[0]?.html).toBe('<p>shown</p>');
    expect(out.root).toBe(data.root);
    expect(out.page).not.toBe(data.page);
  });

  it('answers the same data when the markup shows no HTML of it', () => {
    expect(dehydratePostHtml(data, '<main></main>')).toBe(data);
  });
});
