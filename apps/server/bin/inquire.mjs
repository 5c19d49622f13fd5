#!/usr/bin/env node
// The `inquire` command. It runs the server's bundle (`npm run build`, dist/app) when that is
// newer than every source it was built from, and otherwise the TypeScript sources through tsx,
// so a checkout needs no build step and an edited source is never shadowed by an old bundle.
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './newest-mtime.mjs';

// React's server renderer is several times slower in its development build.
process.env.NODE_ENV ??= 'production';

const at = (path) => fileURLToPath(new URL(path, import.meta.url));
const BUNDLE = at('../dist/app/main.js');
const SOURCES = [
  '../src',
  '../../../packages/shared/src',
  '../../../packages/i18n',
  '../../../packages/plugin-sdk/src',
].map(at);

const bundleIsCurrent = existsSync(BUNDLE) && Math.max(...SOURCES.map(newestMtime)) <= statSync(BUNDLE).mtimeMs;
if (bundleIsCurrent) {
  await import(BUNDLE);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
