/**
 * Lighthouse against a running site, with Debian's Chromium: the mobile preset (Lighthouse's
 * default: a mid-range phone on slow 4G, simulated), one page at a time, loopback only.
 * Reported by `npm run lighthouse -w @inquire/bench`, never asserted in tests (scores move
 * with the machine's load).
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseScores {
  path: string;
  /** Category scores, 0–100. */
  performance: number;
  accessibility: number;
  seo: number;
  bestPractices: number;
  /** The metrics behind the performance score (simulated mobile). */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Bytes over the wire for the page's scripts and for everything. */
  scriptBytes: number;
  totalBytes: number;
  /** Audits of the accessibility, SEO and best-practices categories that did not pass. */
  failed: string[];
}

export interface LighthouseOptions {
  chromePath?: string;
  /** Runs per page; the run with the median performance score is kept. */
  runs?: number;
}

const CATEGORIES = ['performance', 'accessibility', 'seo', 'best-practices'];

// Headless, no sandbox (containers run as root); chrome-launcher adds its own flags that
// switch off background networking, updates and sync, so nothing leaves the machine.
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

/** Runs Lighthouse on each path of the site at baseUrl and answers the scores, in order. */
export async function runLighthouse(
  baseUrl: string,
  paths: string[],
  options: LighthouseOptions = {},
): Promise<LighthouseScores[]> {
  const chrome = await launch({ chromePath: options.chromePath ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const results: LighthouseScores[] = [];
    for (const path of paths) {
      const runs: LighthouseScores[] = [];
      for (let i = 0; i < (options.runs ?? 1); i += 1) runs.push(await auditOnce(baseUrl, path, chrome.port));
      runs.sort((a, b) => a.performance - b.performance);
      const median = runs[Math.floor(runs.length / 2)];
      if (median) results.push(median);
    }
    return results;
  } finally {
    chrome.kill();
  }
}

async function auditOnce(baseUrl: string, path: string, port: number): Promise<LighthouseScores> {
  const url = new URL(path, baseUrl).href;
  const result = await lighthouse(url, { port, onlyCategories: CATEGORIES, output: 'json', logLevel: 'error' });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => Math.round(audits[id]?.numericValue ?? 0);
  const requests = (audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  return {
    path,
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    bestPractices: score('best-practices'),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    speedIndexMs: metric('speed-index'),
    scriptBytes: sum(requests.filter((r) => r.resourceType === 'Script')),
    totalBytes: sum(requests),
    failed: ['accessibility', 'seo', 'best-practices'].flatMap((id) =>
      (categories[id]?.auditRefs ?? [])
        .filter((ref) => audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${id}:${ref.id}`),
    ),
  };
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

function sum(items: NetworkItem[]): number {
  return items.reduce((total, item) => total + (item.transferSize ?? 0), 0);
}

/** One line per page, for the terminal. */
export function formatScores(results: LighthouseScores[]): string {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const lines = ['path | perf | a11y | seo | best | FCP ms | LCP ms | TBT ms | CLS | SI ms | JS KB | total KB'];
  for (const r of results) {
    lines.push(
      [
        r.path,
        r.performance,
        r.accessibility,
        r.seo,
        r.bestPractices,
        r.fcpMs,
        r.lcpMs,
        r.tbtMs,
        r.cls,
        r.speedIndexMs,
        kb(r.scriptBytes),
        kb(r.totalBytes),
      ].join(' | '),
    );
  }
  const failed = results.filter((r) => r.failed.length > 0);
  for (const r of failed) lines.push(`  ${r.path} did not pass: ${r.failed.join(', ')}`);
  return lines.join('\n');
}
