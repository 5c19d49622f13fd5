import type { SiteRuntime } from '../infra/site.js';
import { existingTags, writeMembers } from './members.js';
import { SeedPlan, type QuestionPlan, type SeedOptions } from './plan.js';
import { silentProgress, type SeedProgress } from './progress.js';
import { openBulkTarget, type BulkTarget } from './bulk-target.js';
import { BulkWriter } from './bulk-writer.js';
import { writeChunk, writeRemainingTags, type SeedContext, type SeedTotals } from './writer.js';

/**
 * Questions per transaction: each chunk's rows go out in a few large inserts, and a live site
 * waits at most one chunk (well under a second).
 */
const CHUNK = 500;

/** `bulk` is what `inquire seed` runs; `reference` writes row by row, for the tests to compare. */
export type SeedWriter = 'bulk' | 'reference';

export interface SeedSummary extends SeedTotals {
  members: number;
  seconds: number;
}

export class NotInstalledError extends Error {
  constructor() {
    super('This data directory has no installed site: run "inquire init" (or the /install wizard) first.');
  }
}

export async function ensureInstalled(site: SiteRuntime): Promise<void> {
  if (!site.hasDatabase || !(await site.isInstalled())) throw new NotInstalledError();
}

/**
 * Fills an installed site with a deterministic community (see `plan.ts`): members first, then
 * the questions in chunks, each with its answers, comments, votes and acceptance.
 */
export async function seedSite(
  site: SiteRuntime,
  options: SeedOptions,
  progress: SeedProgress = silentProgress,
  writer: SeedWriter = 'bulk',
): Promise<SeedSummary> {
  await ensureInstalled(site);
  const startedAt = Date.now();
  const target = openBulkTarget(site);
  try {
    const summary = await seedWith(target, options, progress, writer);
    return { ...summary, seconds: (Date.now() - startedAt) / 1000 };
  } finally {
    await target.close();
  }
}

async function seedWith(
  target: BulkTarget,
  options: SeedOptions,
  progress: SeedProgress,
  writer: SeedWriter,
): Promise<Omit<SeedSummary, 'seconds'>> {
  const db = target.db;
  const plan = new SeedPlan(options);
  const members = await writeMembers(db, plan.members);
  const ctx: SeedContext = {
    members,
    usernameOf: new Map(members.map((m) => [m.actor.user.id, m.username])),
    tags: plan.tags,
    tagIds: await existingTags(db, plan.tags),
    totals: { tags: 0, questions: 0, answers: 0, comments: 0, votes: 0, accepted: 0 },
  };
  const bulk = new BulkWriter(ctx, target);
  const write = (chunk: QuestionPlan[]) => (writer === 'bulk' ? bulk.writeChunk(chunk) : writeChunk(db, chunk, ctx));
  let chunk: QuestionPlan[] = [];
  let done = 0;
  for (const question of plan.questions()) {
    chunk.push(question);
    if (chunk.length < CHUNK) continue;
    await write(chunk);
    done += chunk.length;
    chunk = [];
    progress.advance(done, options.questions);
  }
  if (chunk.length) {
    await write(chunk);
    progress.advance(done + chunk.length, options.questions);
  }
  const founder = members[0]?.actor.user.id;
  if (founder) await writeRemainingTags(db, ctx, founder, plan.start);
  progress.finish();
  return { members: members.length, ...ctx.totals };
}
