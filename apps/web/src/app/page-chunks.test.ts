import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_CHUNKS } from './routes';

const WEB_ROOT = join(import.meta.dirname, '..', '..');

describe('the page chunks the server preloads', () => {
  it('[P-4] name source files that exist (a renamed page must not silently lose its preload)', () => {
    for (const source of Object.values(PAGE_CHUNKS)) expect(existsSync(join(WEB_ROOT, source)), source).toBe(true);
  });

  it('[P-4] and the deferred components name theirs: a renamed one would lose its preload and its hydration', async () => {
    await import('../pages/questions/answer-form');
    await import('../pages/tags/tag-page');
    await import('../pages/questions/deferred-parts');
    await import('../pages/moderation/deferred-flag-button');
    await import('../components/site-header');
    const { deferredChunks } = await import('../lib/deferred');
    expect(deferredChunks().length).toBeGreaterThan(1);
    for (const source of deferredChunks()) expect(existsSync(join(WEB_ROOT, source)), source).toBe(true);
  });
});
