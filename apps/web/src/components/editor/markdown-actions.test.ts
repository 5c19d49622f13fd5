import { describe, expect, it } from 'vitest';
import { codeBlock, image, insertBlock, link, markdownActions, type Edit } from './markdown-actions';

const actions = markdownActions({
  heading: 'Heading',
  strong: 'strong text',
  emphasis: 'emphasized text',
  code: 'code',
  quote: 'Quote',
  item: 'Item',
  column: 'Column',
  cell: 'Text',
});

/** The text after an edit, with the selection marked by [ and ]. */
function after(doc: string, edit: Edit): string {
  const text = doc.slice(0, edit.from) + edit.insert + doc.slice(edit.to);
  return `${text.slice(0, edit.select.from)}[${text.slice(edit.select.from, edit.select.to)}]${text.slice(edit.select.to)}`;
}

describe('markdown actions', () => {
  it('wraps the selection, or a selected placeholder when nothing is selected', () => {
    expect(after('a word b', actions.bold({ doc: 'a word b', from: 2, to: 6 }))).toBe('a **[word]** b');
    expect(after('ab', actions.italic({ doc: 'ab', from: 1, to: 1 }))).toBe('a_[emphasized text]_b');
    expect(after('x', actions.code({ doc: 'x', from: 1, to: 1 }))).toBe('x`[code]`');
  });

  it('prefixes every selected line, numbering ordered lists', () => {
    const doc = 'one\ntwo\nthree';
    expect(after(doc, actions.orderedList({ doc, from: 1, to: 9 }))).toBe('[1. one\n2. two\n3. three]');
    expect(after(doc, actions.quote({ doc, from: 5, to: 5 }))).toBe('one\n[> two]\nthree');
    expect(after('', actions.heading({ doc: '', from: 0, to: 0 }))).toBe('[## Heading]');
  });

  it('puts blocks on their own, separated by blank lines', () => {
    expect(after('text', insertBlock('---')({ doc: 'text', from: 4, to: 4 }))).toBe('text\n\n---\n\n[]');
    expect(after('a\nb', insertBlock('---')({ doc: 'a\nb', from: 2, to: 2 }))).toBe('a\n\n---\n[]\nb');
    expect(after('', actions.table({ doc: '', from: 0, to: 0 }))).toMatch(/^\| \[Column\] \| Column \|\n/);
  });

  it('fences code longer than any backtick run inside it, with the language', () => {
    const edit = codeBlock('const a = 1;\n', 'js')({ doc: '', from: 0, to: 0 });
    expect(edit.insert).toBe('```js\nconst a = 1;\n```\n\n');
    expect(codeBlock('say ```hi```', '')({ doc: '', from: 0, to: 0 }).insert).toBe('````\nsay ```hi```\n````\n\n');
    // What is inserted next starts its own paragraph, not on the closing fence's line.
    expect(image('/a.png', '')({ doc: edit.insert, from: edit.select.from, to: edit.select.to }).from).toBe(
      edit.insert.length,
    );
  });

  it('links and images keep brackets and spaces from breaking the markdown', () => {
    const doc = 'see this';
    expect(after(doc, link('https://x.test/a b', '')({ doc, from: 4, to: 8 }))).toBe(
      'see [this](https://x.test/a%20b)[]',
    );
    expect(link('https://x.test', 'a ] b')({ doc: '', from: 0, to: 0 }).insert).toBe('[a \\] b](https://x.test)');
    expect(image('/uploads/post/1.png', 'chart')({ doc: '', from: 0, to: 0 }).insert).toBe(
      '![chart](/uploads/post/1.png)',
    );
  });
});
