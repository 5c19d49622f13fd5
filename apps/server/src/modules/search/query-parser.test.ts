import { describe, expect, it } from 'vitest';
import { canMatch, parseSearchQuery, SearchSyntaxError } from './query-parser.js';

const syntaxKey = (q: string) => {
  try {
    parseSearchQuery(q);
  } catch (error) {
    return error instanceof SearchSyntaxError ? error.key : 'other';
  }
  return 'parsed';
};

describe('search query parser', () => {
  it('[SR-1] reads free words, quoted phrases and the peer separators', () => {
    expect(parseSearchQuery('sort  list').terms).toEqual(['sort', 'list']);
    expect(parseSearchQuery('node.js "exact phrase here" c++').terms).toEqual(['node', 'js', 'exact phrase here', 'c']);
    expect(parseSearchQuery('"unclosed phrase').terms).toEqual(['unclosed phrase']);
    expect(parseSearchQuery('a b c d e f g').terms).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(parseSearchQuery('如何 连接数据库').terms).toEqual(['如何', '连接数据库']);
  });

  it('[SR-1] [S5-064] reads up to 5 [tag] groups, normalised, and refuses a sixth', () => {
    expect(parseSearchQuery('[Python] [lists] sort').tags).toEqual(['python', 'lists']);
    expect(syntaxKey('[a] [b] [c] [d] [e]')).toBe('parsed');
    expect(syntaxKey('[a] [b] [c] [d] [e] [f]')).toBe('form.search.q.too_many_tags');
  });

  it('[SR-1] [S5-065] [S5-066] [S5-067] [S5-068] [S5-069] reads every operator', () => {
    expect(parseSearchQuery('is:question x').kinds).toEqual({ question: true, answer: false });
    expect(parseSearchQuery('is:answer x').kinds).toEqual({ question: false, answer: true });
    expect(parseSearchQuery('score:3').score).toBe(3);
    expect(parseSearchQuery('user:alice').user).toEqual({ name: 'alice' });
    expect(parseSearchQuery('user:me').user).toEqual({ me: true });
    const q = parseSearchQuery('answers:2 views:10 hasaccepted:no');
    expect(q).toMatchObject({ answers: 2, views: 10, hasAccepted: false, kinds: { question: true, answer: false } });
    const a = parseSearchQuery('isaccepted:yes inquestion:10010000000000001');
    expect(a).toMatchObject({ isAccepted: true, inQuestion: '10010000000000001', kinds: { question: false } });
    expect(a.terms).toEqual([]);
  });

  it('[SR-6] names a query it cannot read instead of guessing', () => {
    for (const q of ['score:abc', 'is:comment', 'answers:', 'hasaccepted:maybe', 'inquestion:zzz!', 'user:', '[]']) {
      expect(syntaxKey(q), q).toBe('form.search.q.invalid');
    }
    // An unknown key is just a word.
    expect(parseSearchQuery('http://example').terms).toEqual(['http://example']);
  });

  it('[SR-1] a query whose operators exclude every kind can match nothing', () => {
    expect(canMatch(parseSearchQuery('is:question inquestion:10010000000000001'))).toBe(false);
    expect(canMatch(parseSearchQuery('is:answer x'))).toBe(true);
  });
});

describe('search excerpts', () => {
  it('[SR-3] marks every match with <em> and escapes everything else', async () => {
    const { highlightExcerpt } = await import('./excerpt.js');
    expect(highlightExcerpt('Use <script> to sort $& lists; Sort again', ['sort'])).toBe(
      'Use &lt;script&gt; to <em>sort</em> $&amp; lists; <em>Sort</em> again',
    );
    expect(highlightExcerpt('如何连接数据库', ['数据库'])).toBe('如何连接<em>数据库</em>');
    const long = `${'x '.repeat(200)}needle ${'y '.repeat(200)}`;
    const excerpt = highlightExcerpt(long, ['needle']);
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt).toContain('<em>needle</em>');
    expect(highlightExcerpt('a "quoted" (text)', ['(text)'])).toBe('a &quot;quoted&quot; <em>(text)</em>');
  });

  it('[SR-3] an excerpt is 240 characters of the text, counted in code points (emoji and CJK alike)', async () => {
    const { highlightExcerpt } = await import('./excerpt.js');
    const emoji = highlightExcerpt('😀'.repeat(500), ['none']);
    expect([...emoji.slice(0, -1)]).toHaveLength(240);
    expect(emoji.endsWith('…')).toBe(true);
    expect(highlightExcerpt('数'.repeat(240), ['none'])).toBe('数'.repeat(240));
    // Windows starting inside a surrogate pair, lone surrogates, and pairs at the window's end.
    const texts = [
      `${'😀a'.repeat(100)}needle${'b😀'.repeat(300)}`,
      `x${'😀'.repeat(30)}needle${'😀'.repeat(300)}`,
      `${'a'.repeat(70)}\ud83dneedle\ude00${'c\ud83d'.repeat(300)}`,
      `${'a'.repeat(61)}😀${'b'.repeat(60)}needle ${'😀'.repeat(239)}z`,
    ];
    for (const text of texts) {
      const first = text.search(/needle/giu);
      const start = first > 60 ? first - 60 : 0;
      const window = [...text.slice(start, start + 480)].slice(0, 240).join('');
      const expected = `${start > 0 ? '…' : ''}${window.replace('needle', '<em>needle</em>')}${start + window.length < text.length ? '…' : ''}`;
      expect(highlightExcerpt(text, ['needle'])).toBe(expected);
    }
  });

  it('[SR-3] an excerpt of a post read in part is the one its whole text gives: a match early, late, none, and at the cut', async () => {
    const { excerptOfHtml, highlightExcerpt, termPattern } = await import('./excerpt.js');
    const { htmlText } = await import('../../lib/markdown.js');
    const paragraph = (words: string) => `<p>${words}</p>`;
    const filler = (n: number) => paragraph('lorem <strong>ipsum</strong> &amp; dolor '.repeat(n));
    const bodies = [
      `${paragraph('The needle is near the top.')}${filler(400)}`,
      `${filler(60)}${paragraph('a needle just past the first read')}${filler(60)}`,
      `${filler(400)}${paragraph('and the needle at last')}`,
      filler(400),
      // Exactly as long as the first read: its text is whole, with nothing after the window.
      paragraph(`${'z'.repeat(900)} needle ${'w'.repeat(92)}`),
      paragraph('短文本里的针needle。'),
    ];
    for (const html of bodies) {
      for (const terms of [['needle'], ['needle', 'ipsum'], []]) {
        expect(excerptOfHtml(html, termPattern(terms))).toBe(highlightExcerpt(htmlText(html), terms));
      }
    }
  });
});
