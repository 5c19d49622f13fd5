// `npm start`: builds the web app and the server bundle when either is missing or older than
// its sources, then runs `inquire start` with any arguments passed after `--`.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newestMtime } from '../apps/server/bin/newest-mtime.mjs';

const root = new URL('..', import.meta.url).pathname;
const built = ['apps/web/dist/server/entry-server.js', 'apps/server/dist/app/main.js'].map((path) => join(root, path));
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/server/src',
  'apps/server/build.mjs',
  'packages/shared/src',
  'packages/i18n',
  'packages/plugin-sdk/src',
];

const stale =
  !built.every((path) => existsSync(path)) ||
  Math.max(...sources.map((path) => newestMtime(join(root, path)))) >
    Math.min(...built.map((path) => statSync(path).mtimeMs));
if (stale) {
  console.log('Building the web app and the server…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawnSync(
  process.execPath,
  [join(root, 'apps/server/bin/inquire.mjs'), 'start', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(server.status ?? 1);
