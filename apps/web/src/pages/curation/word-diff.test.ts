import { describe, expect, it } from 'vitest';
import { diffWords } from './word-diff';

describe('diffWords', () => {
  it('marks removed and added words and keeps the rest', () => {
    expect(diffWords('How do I parse JSON?', 'How do I parse JSON safely?')).toEqual([
      { kind: 'same', text: 'How do I parse ' },
      { kind: 'del', text: 'JSON?' },
      { kind: 'add', text: 'JSON safely?' },
    ]);
  });

  it('rebuilds both texts from its parts', () => {
    const before = 'one two three\nfour five';
    const after = 'one 2 three\nfour five six';
    const parts = diffWords(before, after);
    expect(
      parts
        .filter((p) => p.kind !== 'add')
        .map((p) => p.text)
        .join(''),
    ).toBe(before);
    expect(
      parts
        .filter((p) => p.kind !== 'del')
        .map((p) => p.text)
        .join(''),
    ).toBe(after);
  });

  it('handles empty sides', () => {
    expect(diffWords('', 'new text')).toEqual([{ kind: 'add', text: 'new text' }]);
    expect(diffWords('old', '')).toEqual([{ kind: 'del', text: 'old' }]);
  });
});
