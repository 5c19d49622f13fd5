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
import { BENCH_MEMBER } from './site.js';

async function renderBudget(dataDir: string, questionPath: string, listPath: string): Promise<RenderTiming[]> {
  const app = await buildApp({ dataDir });
  try {
    const signIn = async (account: { email: string; password: string }) => {
      const login = await app.inject({
        method: 'POST',
        url: '/answer/api/v1/user/login/email',
        payload: { e_mail: account.email, pass: account.password },
      });
      return `inquire_token=${(login.json() as { data: { access_token: string } }).data.access_token}`;
    };
    // The bench added its member before the loads (site.ts).
    const cookie = await signIn(BENCH_MEMBER);
    const timings = await measureRenders(app, [
      { path: questionPath, cookie },
      { path: questionPath, vary: true },
      { path: listPath, cookie },
      { path: questionPath, cookie: await signIn(ADMIN) },
    ]);
    const labels = [
      'question page, member',
      'question page, guest, cache miss',
      'question list page, member',
      'question page, staff',
    ];
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
