import { TIMING } from '@inquire/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, withChunkTimeout } from './chunk';

/** An import() under the test's control: it answers when the test says so, or never. */
function pendingImport<T>() {
  let resolve!: (module: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** What has become of a promise so far: its value, its error, or nothing yet. */
function watch<T>(promise: Promise<T>): { outcome: { value: T } | { error: unknown } | 'pending' } {
  const watched: { outcome: { value: T } | { error: unknown } | 'pending' } = { outcome: 'pending' };
  promise.then(
    (value) => (watched.outcome = { value }),
    (error: unknown) => (watched.outcome = { error }),
  );
  return watched;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('withChunkTimeout', () => {
  it('[S9-032] a chunk that never comes fails with a ChunkLoadError after 120000 ms, not before', async () => {
    expect(TIMING.chunkLoadTimeoutMs).toBe(120_000);
    const load = withChunkTimeout(pendingImport<{ Page: string }>().promise);
    const watched = watch(load);

    await vi.advanceTimersByTimeAsync(119_999);
    expect(watched.outcome).toBe('pending');

    await vi.advanceTimersByTimeAsync(1);
    await expect(load).rejects.toThrow(ChunkLoadError);
    expect(watched.outcome).toEqual({ error: expect.any(ChunkLoadError) });
    const error = (watched.outcome as { error: ChunkLoadError }).error;
    expect(error.name).toBe('ChunkLoadError');
    expect(error.message).toBe('A code chunk did not load within 120000 ms');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('[S9-032] a chunk that comes in time is its module, and leaves no timer behind', async () => {
    const chunk = pendingImport<{ Page: string }>();
    const load = withChunkTimeout(chunk.promise);
    expect(vi.getTimerCount()).toBe(1);

    await vi.advanceTimersByTimeAsync(119_000);
    chunk.resolve({ Page: 'page' });
    await expect(load).resolves.toEqual({ Page: 'page' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('[S9-032] a chunk the browser could not fetch fails at once with the browser’s own error, and clears the timer', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: http://x/assets/page-abc.js');
    const load = withChunkTimeout(Promise.reject(failure));
    await expect(load).rejects.toBe(failure);
    expect(vi.getTimerCount()).toBe(0);
  });
});
