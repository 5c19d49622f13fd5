import { sql } from 'kysely';
import { searchIndex } from '../modules/posts/search-index.js';
import type { SiteRuntime } from '../infra/site.js';
import { BULK_TABLES } from './bulk-rows.js';
import { restoreDeferredIndexes, withDeferredIndexes } from './deferred-indexes.js';
import { existingTags, writeMembers } from './members.js';
import { SeedPlan, type QuestionPlan, type SeedOptions } from './plan.js';
import { silentProgress, type SeedProgress } from './progress.js';
import { openBulkTarget, type BulkTarget } from './bulk-target.js';
import { BulkWriter } from './bulk-writer.js';
import { writeChunk, writeRemainingTags, type SeedContext, type SeedTotals } from './writer.js';

/**
 * Questions per transaction. Larger chunks write each hot index page (a member's latest rows)
 * fewer times; a site in use meanwhile waits at most one chunk for its writes (about a second).
 */
const CHUNK = 1000;

/** `bulk` is what `inquire seed` runs; `reference` writes row by row, for the tests to compare. */
export type SeedWriter = 'bulk' | 'reference';

export interface SeedSummary extends SeedTotals {
  members: number;
  seconds: number;
  /** The search index's build time and bytes on disk (issue 10 asks for both at scale). */
  searchIndexSeconds: number;
  searchIndexBytes: number;
}

export class NotInstalledError extends Error {
  constructor() {
    super('This data directory has no installed site: run "inquire init" (or the /install wizard) first.');
  }
}

export async function ensureInstalled(site: SiteRuntime): Promise<void> {
  if (!site.hasDatabase || !(await site.isInstalled())) throw new NotInstalledError();
}

/** From this many questions, the seeded tables' secondary indexes are built after the load. */
export const DEFER_INDEXES_FROM = 50_000;

export interface SeedRun {
  progress?: SeedProgress;
  /**
   * Made when the search index's build starts, after the load: how far it has come. A 1M
   * question seed spends half an hour there (PostgreSQL), which showed as a silent wait.
   */
  indexProgress?: () => SeedProgress;
  writer?: SeedWriter;
  /** Drop the secondary indexes of the seeded tables during the load and build them after. */
  deferIndexes?: boolean;
}

export class SeedInterruptedError extends Error {
  constructor(readonly questions: number) {
    super(`Stopped after ${questions} questions; the indexes were built again.`);
  }
}

/**
 * Fills an installed site with a deterministic community (see `plan.ts`): members first, then
 * the questions in chunks, each with its answers, comments, votes and acceptance. A large seed
 * (DEFER_INDEXES_FROM) builds the seeded tables' secondary indexes after the load; Ctrl-C then
 * stops it after the current chunk, with the indexes built again.
 */
export async function seedSite(site: SiteRuntime, options: SeedOptions, run: SeedRun = {}): Promise<SeedSummary> {
  await ensureInstalled(site);
  const startedAt = Date.now();
  const { progress = silentProgress, writer = 'bulk' } = run;
  const deferIndexes = run.deferIndexes ?? options.questions >= DEFER_INDEXES_FROM;
  const target = openBulkTarget(site);
  const driver = site.driver ?? 'sqlite';
  const stop = deferIndexes ? stopOnSignal() : { requested: false, release: () => undefined };
  try {
    const load = () => seedWith(target, options, progress, writer, stop);
    await restoreDeferredIndexes(site.dataDir, target.db, driver);
    const summary = deferIndexes ? await withDeferredIndexes(site.dataDir, target.db, driver, load) : await load();
    // The search index is built from the posts once, as `inquire reindex` does (the bulk writer skips it).
    const indexStartedAt = Date.now();
    const indexBar = run.indexProgress?.() ?? silentProgress;
    await target.db
      .transaction()
      .execute((trx) => searchIndex.rebuild(trx, (done, total) => indexBar.advance(done, total)));
    indexBar.finish();
    const searchIndexSeconds = (Date.now() - indexStartedAt) / 1000;
    const searchIndexBytes = await searchIndex.sizeBytes(target.db);
    // Fresh planner statistics, as autovacuum would gather a while later: the site is read at once.
    if (driver === 'postgres') await sql`analyze ${sql.join(BULK_TABLES.map((t) => sql.table(t)))}`.execute(target.db);
    if (stop.requested) throw new SeedInterruptedError(summary.questions);
    return { ...summary, seconds: (Date.now() - startedAt) / 1000, searchIndexSeconds, searchIndexBytes };
  } finally {
    stop.release();
    await target.close();
  }
}

/** SIGINT/SIGTERM ask the seed to stop after its current chunk; a second one stops the process. */
function stopOnSignal(): { requested: boolean; release(): void } {
  const state = {
    requested: false,
    release: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
  const onSignal = () => {
    if (state.requested) process.exit(130);
    state.requested = true;
    process.stderr.write('\nStopping after this chunk, then building the indexes again (again to stop now)...\n');
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return state;
}

async function seedWith(
  target: BulkTarget,
  options: SeedOptions,
  progress: SeedProgress,
  writer: SeedWriter,
  stop: { requested: boolean },
): Promise<Omit<SeedSummary, 'seconds' | 'searchIndexSeconds' | 'searchIndexBytes'>> {
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
    if (stop.requested) break;
  }
  if (chunk.length && !stop.requested) {
    await write(chunk);
    progress.advance(done + chunk.length, options.questions);
  }
  const founder = members[0]?.actor.user.id;
  if (founder) await writeRemainingTags(db, ctx, founder, plan.start);
  progress.finish();
  return { members: members.length, ...ctx.totals };
}
