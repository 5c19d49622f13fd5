import { describe, expect, it } from 'vitest';
import { makeObjectId } from './ids.js';
import { longId, questionPath, shortId } from './permalink.js';

describe('permalinks', () => {
  it('encode question and answer ids as the peer does and decode them back', () => {
    expect(shortId('10010000000000001')).toBe('D1D1');
    expect(shortId('10020000000000001')).toBe('E1D1');
    for (const seq of [1, 61, 62, 3843, 123_456_789, 9_999_999_999_999]) {
      for (const type of ['question', 'answer'] as const) {
        const id = makeObjectId(type, seq);
        expect(longId(shortId(id))).toBe(id);
      }
    }
    expect(longId('10010000000000042')).toBe('10010000000000042');
    expect(longId('zz')).toBeUndefined();
    expect(longId('D1D1x!')).toBeUndefined();
    expect(longId('D1D10')).toBeUndefined();
  });

  it('[S2-145][S2-146] builds question links for each permalink setting', () => {
    const q = { id: '10010000000000001', url_title: 'how-to-sort' };
    expect(questionPath(q, 1)).toBe('/questions/10010000000000001/how-to-sort');
    expect(questionPath(q, 2)).toBe('/questions/10010000000000001');
    expect(questionPath(q, 3)).toBe('/questions/D1D1/how-to-sort');
    expect(questionPath(q, 4, '10020000000000005')).toBe('/questions/D1D1/E1H1');
    expect(questionPath(q, 9)).toBe('/questions/10010000000000001/how-to-sort');
  });
});
