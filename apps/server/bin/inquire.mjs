#!/usr/bin/env node
// The `inquire` command. It runs the server's bundle (`npm run build`, dist/app) when that is
// newer than every source it was built from, and otherwise the TypeScript sources through tsx,
// so a checkout needs no build step and an edited source is never shadowed by an old bundle.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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

/** The newest modification time under `path` (node_modules skipped), in ms. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry !== 'node_modules') latest = Math.max(latest, newest(`${path}/${entry}`));
  }
  return latest;
}

const bundleIsCurrent = existsSync(BUNDLE) && Math.max(...SOURCES.map(newest)) <= statSync(BUNDLE).mtimeMs;
if (bundleIsCurrent) {
  await import(BUNDLE);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
