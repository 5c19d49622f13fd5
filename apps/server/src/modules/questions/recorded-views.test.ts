import { describe, expect, it } from 'vitest';
import { RecordedViews } from './recorded-views.js';

describe('RecordedViews', () => {
  it('knows a view of the same question, visitor and day only', () => {
    const views = new RecordedViews();
    views.add(100, 'q1', 'v1');
    expect(views.has(100, 'q1', 'v1')).toBe(true);
    expect(views.has(100, 'q1', 'v2')).toBe(false);
    expect(views.has(100, 'q2', 'v1')).toBe(false);
    expect(views.has(101, 'q1', 'v1')).toBe(false);
  });

  it('forgets the day before when a new day starts', () => {
    const views = new RecordedViews();
    views.add(100, 'q1', 'v1');
    views.add(101, 'q2', 'v1');
    expect(views.has(100, 'q1', 'v1')).toBe(false);
    expect(views.has(101, 'q2', 'v1')).toBe(true);
  });

  it('starts over when full, so its memory stays bounded', () => {
    const views = new RecordedViews(2);
    views.add(100, 'q1', 'v1');
    views.add(100, 'q2', 'v1');
    views.add(100, 'q3', 'v1');
    expect(views.has(100, 'q1', 'v1')).toBe(false);
    expect(views.has(100, 'q3', 'v1')).toBe(true);
  });
});
