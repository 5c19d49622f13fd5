import type { SearchContract } from '@inquire/plugin-sdk';
import { objectTypeOf } from '@inquire/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { PeriodicPass } from '../../lib/periodic-pass.js';
import { backoffSeconds } from '../mail/mail.service.js';
import type { InstalledPlugin } from '../plugins/installed-plugin.js';
import type { PluginsService } from '../plugins/plugins.service.js';
import { searchFeedQueue } from '../posts/search-feed-queue.js';
import { searchDocumentsRepository } from './search-documents.repository.js';

/** How long one push owns a queued post before another process may try it. */
const LEASE_SECONDS = 120;
/** Posts read and pushed per pass. */
const BATCH = 100;

/**
 * Feeds the active search plugin's own index from the durable queue the post core writes
 * (posts/search-feed-queue.ts): each pass claims the due posts, reads their documents, and
 * sends each through `updateContent`, or `deleteContent` when nobody may see the post any
 * more. A push that throws stays queued and is retried with the mail outbox's backoff; a post
 * changed again during its push is pushed again. Every process runs it; claims keep a post to
 * one process at a time.
 */
export class SearchFeed {
  private readonly worker = new PeriodicPass(() => this.pushDue());
  private log: FastifyBaseLogger | undefined;

  constructor(
    private readonly site: SiteRuntime,
    private readonly plugins: PluginsService,
    private readonly plugin: InstalledPlugin<SearchContract> | undefined,
  ) {}

  start(log: FastifyBaseLogger, intervalMs = Number(process.env.INQUIRE_SEARCH_FEED_INTERVAL_MS ?? 2000)): void {
    this.log = log;
    if (!this.plugin) return;
    this.worker.start(intervalMs, (error) => log.error({ err: error }, 'search plugin feed'));
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  /** Pushes what is due until the queue holds nothing due; answers how many posts were sent. */
  runOnce(): Promise<number> {
    return this.worker.run();
  }

  private async pushDue(): Promise<number> {
    const plugin = this.plugin;
    if (!plugin || !this.site.hasDatabase || !(await this.site.isInstalled())) return 0;
    if (!(await this.plugins.enabled(plugin.manifest.slug_name))) return 0;
    const db = this.site.db;
    let pushed = 0;
    for (;;) {
      const now = nowSeconds();
      const due = await searchFeedQueue.due(db, now, BATCH);
      const claimed = [];
      for (const row of due) if (await searchFeedQueue.claim(db, row, now + LEASE_SECONDS)) claimed.push(row);
      if (claimed.length === 0) return pushed;
      const docs = await searchDocumentsRepository.publicDocuments(
        db,
        claimed.map((row) => row.post_id),
      );
      for (const row of claimed) {
        const doc = docs.get(row.post_id);
        try {
          if (doc) await plugin.contract.updateContent(doc);
          else await plugin.contract.deleteContent({ id: row.post_id, type: typeOf(row.post_id) });
          await searchFeedQueue.done(db, row);
          pushed++;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          this.log?.warn({ post: row.post_id, attempts: row.attempts + 1, err: message }, 'search plugin push failed');
          await searchFeedQueue.failed(db, row, nowSeconds() + backoffSeconds(row.attempts + 1), message);
        }
      }
    }
  }
}

const typeOf = (id: string): 'question' | 'answer' => (objectTypeOf(id) === 'answer' ? 'answer' : 'question');
