import { describe, expect, it } from 'vitest';
import { isObjectId, makeObjectId, objectTypeOf } from './ids.js';

describe('object ids', () => {
  it('builds 17-digit ids whose type is read back from the id', () => {
    const id = makeObjectId('question', 1);
    expect(id).toBe('10010000000000001');
    expect(objectTypeOf(id)).toBe('question');
    expect(objectTypeOf(makeObjectId('comment', 42))).toBe('comment');
    expect(objectTypeOf(makeObjectId('user', 7))).toBe('user');
    expect(isObjectId(makeObjectId('answer', 9), 'answer')).toBe(true);
    expect(isObjectId(makeObjectId('answer', 9), 'question')).toBe(false);
  });

  it('rejects what is not one of our ids', () => {
    for (const bad of ['', '1', '20010000000000001', '1001000000000000a', '19990000000000001', '100100000000000012']) {
      expect(objectTypeOf(bad)).toBeUndefined();
    }
    expect(() => makeObjectId('question', 0)).toThrow(RangeError);
  });
});
