import { describe, expect, it } from 'vitest';
import { formatCount, slugify, timeGap } from './format.js';

describe('number formatting', () => {
  it('[S9-047] uses thousand separators under 10000', () => {
    expect(formatCount(9999)).toBe('9,999');
    expect(formatCount(0)).toBe('0');
  });
  it('[S9-048] shows k with one decimal under a million', () => {
    expect(formatCount(12345)).toBe('12.3k');
    expect(formatCount(10000)).toBe('10k');
  });
  it('[S9-049] shows m from a million', () => {
    expect(formatCount(2_500_000)).toBe('2.5m');
  });
});

describe('time gap', () => {
  const now = 1_800_000_000;
  it('[S9-052] says less than 1 hour up to an hour', () => {
    expect(timeGap(now - 20 * 60, now)).toEqual({ unit: 'less_than_hour' });
    expect(timeGap(now - 3600, now)).toEqual({ unit: 'less_than_hour' });
  });
  it('[S9-050] counts hours from a bit over an hour up to a day', () => {
    expect(timeGap(now - 3 * 3600, now)).toEqual({ unit: 'hours', count: 3 });
    expect(timeGap(now - 86_400, now)).toEqual({ unit: 'hours', count: 24 });
  });
  it('[S9-051] counts days beyond a day', () => {
    expect(timeGap(now - 3 * 86_400, now)).toEqual({ unit: 'days', count: 3 });
  });
});

describe('slugs', () => {
  it('keeps letters and digits of any script', () => {
    expect(slugify('How do I read a file?')).toBe('how-do-i-read-a-file');
    expect(slugify('如何 读取 文件')).toBe('如何-读取-文件');
    expect(slugify('???')).toBe('question');
  });
});
