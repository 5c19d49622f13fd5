import { afterEach, describe, expect, it } from 'vitest';
import { workerEnv } from './workers.js';

describe('worker environment', () => {
  const saved = process.env.MALLOC_ARENA_MAX;
  afterEach(() => {
    if (saved === undefined) delete process.env.MALLOC_ARENA_MAX;
    else process.env.MALLOC_ARENA_MAX = saved;
  });

  it('gives workers two malloc arenas and a fixed mmap threshold', () => {
    delete process.env.MALLOC_ARENA_MAX;
    expect(workerEnv()).toMatchObject({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '262144' });
  });

  it("keeps the operator's own malloc settings", () => {
    process.env.MALLOC_ARENA_MAX = '4';
    expect(workerEnv()).not.toHaveProperty('MALLOC_ARENA_MAX');
  });
});
