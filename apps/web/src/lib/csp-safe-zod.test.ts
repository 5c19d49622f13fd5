import { describe, expect, it } from 'vitest';

describe('csp-safe-zod', () => {
  it('turns zod’s compiled parsers off without importing zod (no eval probe under the CSP)', async () => {
    await import('./csp-safe-zod');
    const { config } = await import('zod');
    expect(config().jitless).toBe(true);
  });
});
