// When a build is stale: the newest modification time under a path. Shared by the `inquire`
// command (bundle or sources?) and `npm start` (rebuild first?), so both judge alike.
import { existsSync, readdirSync, statSync } from 'node:fs';

/**
 * The newest modification time of `path` and everything under it, node_modules skipped, in ms;
 * 0 when it does not exist. A folder's own time counts: it moves when a file is added or removed.
 */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry !== 'node_modules') latest = Math.max(latest, newestMtime(`${path}/${entry}`));
  }
  return latest;
}
