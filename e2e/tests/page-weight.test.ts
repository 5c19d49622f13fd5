import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initSite, seedSite, startSite, type RunningSite } from '../support/server.js';

/** The budget for a question page with 5 answers, hydration data included, uncompressed. */
const PAGE_BUDGET = 48 * 1024;

let site: RunningSite;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'inquire-e2e-'));
  initSite(dataDir);
  // The bench's content: seeded questions with 5 answers, 3 tags and about one comment per post.
  seedSite(dataDir, { questions: 20, answers: 5, users: 20 });
  site = await startSite({ dataDir });
}, 120_000);
afterAll(async () => {
  await site?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Listed {
  id: string;
  url_title: string;
  answer_count: number;
}

/** A page exactly as a guest's browser receives it without compression. */
async function guestBytes(path: string): Promise<{ bytes: number; html: string }> {
  const response = await fetch(`${site.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-encoding'), path).toBeNull();
  const html = await response.text();
  return { bytes: Buffer.byteLength(html), html };
}

describe('question page weight', () => {
  it('[P-4] every seeded question page with 5 answers is at most 48 KB of HTML with its hydration data, as a guest receives it', async () => {
    const listed = await fetch(`${site.url}/answer/api/v1/question/page?page=1&page_size=20`).then(
      async (r) => ((await r.json()) as { data: { list: Listed[] } }).data.list,
    );
    const withFive = listed.filter((q) => q.answer_count === 5);
    expect(withFive.length).toBeGreaterThan(10);
    const sizes: string[] = [];
    for (const question of withFive) {
      const { bytes, html } = await guestBytes(`/questions/${question.id}/${question.url_title}`);
      // The page measured is the whole one: its answers rendered and the data the browser hydrates from.
      expect(html.match(/itemtype="https:\/\/schema.org\/Answer"/gi), question.id).toHaveLength(5);
      expect(html, question.id).toContain('window.__staticRouterHydrationData=');
      sizes.push(`${question.id} ${bytes}`);
      expect(bytes, `guest HTML bytes by question:\n${sizes.join('\n')}`).toBeLessThanOrEqual(PAGE_BUDGET);
    }
  });
});
