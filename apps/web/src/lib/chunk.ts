import { TIMING } from '@inquire/shared';

/** A code chunk that did not come within its time (named as webpack names its own). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/**
 * Every dynamic `import()` of the app goes through here (the lint config refuses one that does
 * not): a chunk that has not come within 120000 ms (spec section 9) fails, so a blocked
 * download ends on the error page instead of leaving a navigation, or a part of a page,
 * pending for ever. A chunk that comes in time costs nothing but a timer, cleared at once.
 */
export function withChunkTimeout<T>(load: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ChunkLoadError(`A code chunk did not load within ${TIMING.chunkLoadTimeoutMs} ms`)),
      TIMING.chunkLoadTimeoutMs,
    );
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}
