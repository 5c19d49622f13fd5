/**
 * In-process search timings on a seeded data directory (issue 10): each query runs through
 * SearchService (parse, engine, excerpts) `rounds` times after a warm-up, once with the
 * service's page cache emptied before each run (the engine's and the presenter's time) and once
 * repeated (a cache hit: the page as it was presented); prints p50 and p95 ms of each and the
 * match count. Usage: npx tsx bench/src/search-speed.ts DATA_DIR [rounds]
 */
import { SiteRuntime } from '../../apps/server/src/infra/site.js';
import { SearchService } from '../../apps/server/src/modules/search/search.service.js';
import { PluginsService } from '../../apps/server/src/modules/plugins/plugins.service.js';
import { SiteinfoService } from '../../apps/server/src/modules/siteinfo/siteinfo.service.js';

const QUERIES = ['python', 'database connection', '[python] install', 'go', 'error', 'is:answer python', 'ab'];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function main() {
  const [dataDir, roundsArg] = process.argv.slice(2);
  if (!dataDir) throw new Error('usage: search-speed.ts DATA_DIR [rounds]');
  const rounds = Number(roundsArg ?? 30);
  const site = new SiteRuntime(dataDir);
  await site.open();
  const search = new SearchService(site, new SiteinfoService(site), new PluginsService(site));
  try {
    for (const q of QUERIES) {
      const query = { q, order: 'relevance' as const, page: 1, size: 30 };
      const first = await search.search(query, null);
      const timed = async (cached: boolean) => {
        const times: number[] = [];
        for (let i = 0; i < rounds; i++) {
          if (!cached) search.forget();
          const started = performance.now();
          await search.search(query, null);
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        return `p50 ${percentile(times, 0.5).toFixed(1)} ms  p95 ${percentile(times, 0.95).toFixed(1)} ms`;
      };
      const uncached = await timed(false);
      const cached = await timed(true);
      console.log(
        `${JSON.stringify(q).padEnd(22)} count ${String(first.count).padStart(6)}  uncached ${uncached}  cached ${cached}`,
      );
    }
  } finally {
    await site.close();
  }
}

await main();
