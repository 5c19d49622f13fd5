/**
 * The render budget's measurement, in a process of its own that holds only the app, as a
 * server's does (`npm run bench` spawns it; it prints the timings as JSON). Measured in the
 * bench's own process, after the loads, the same render took 5.22 ms median where a fresh
 * process took 3.9-4.1 ms (2,000 questions, SQLite): that process carries the load
 * generator's heap, and it imported the server before it could set NODE_ENV.
 *
 * Usage: tsx bench/src/render-process.ts DATA_DIR QUESTION_PATH LIST_PATH
 */
import { buildApp } from '../../apps/server/src/app.js';
import { ADMIN } from '../../e2e/support/server.js';
import { measureRenders, type RenderTiming } from './render-budget.js';

async function renderBudget(dataDir: string, questionPath: string, listPath: string): Promise<RenderTiming[]> {
  const app = await buildApp({ dataDir });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/answer/api/v1/user/login/email',
      payload: { e_mail: ADMIN.email, pass: ADMIN.password },
    });
    const token = (login.json() as { data: { access_token: string } }).data.access_token;
    const cookie = `inquire_token=${token}`;
    const timings = await measureRenders(app, [
      { path: questionPath, cookie },
      { path: questionPath, vary: true },
      { path: listPath, cookie },
    ]);
    const labels = ['question page, member', 'question page, guest, cache miss', 'question list page, member'];
    return timings.map((t, i) => ({ ...t, path: `${labels[i]} (${t.path})` }));
  } finally {
    await app.close();
  }
}

const [dataDir, questionPath, listPath] = process.argv.slice(2);
if (!dataDir || !questionPath || !listPath)
  throw new Error('usage: render-process.ts DATA_DIR QUESTION_PATH LIST_PATH');
console.log(JSON.stringify(await renderBudget(dataDir, questionPath, listPath)));
process.exit(0);
