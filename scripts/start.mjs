// `npm start`: builds the web app when its build is missing or older than its sources,
// then runs `inquire start` with any arguments passed after `--`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'apps/web/dist/server/entry-server.js');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
  'packages/i18n',
];

function newest(path) {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newest(join(path, name))));
}

const stale = !existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
if (stale) {
  console.log('Building the web app…');
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
