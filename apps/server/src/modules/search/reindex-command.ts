import { resolveDataDir } from '../../config/config.js';
import { contentGenerationRepository } from '../../infra/content-generation.repository.js';
import { SiteRuntime } from '../../infra/site.js';
import { progressBar, silentProgress } from '../../seed/progress.js';
import { formatMegabytes, searchIndex } from '../posts/search-index.js';

/**
 * `inquire reindex`: rebuilds the search index from the posts in one transaction (searches
 * keep answering from the old index until it commits), with a progress bar on a terminal.
 */
export async function runReindexCommand(flags: { 'data-dir'?: string; progress?: boolean }): Promise<number> {
  const site = new SiteRuntime(resolveDataDir(flags['data-dir']));
  try {
    await site.open();
    if (!site.hasDatabase) {
      process.stderr.write('This data directory has no config.yaml: run "inquire init" first.\n');
      return 1;
    }
    const startedAt = Date.now();
    const showBar = flags.progress === true || process.stderr.isTTY === true;
    const bar = showBar ? progressBar(process.stderr, startedAt, 'posts') : silentProgress;
    const indexed = await site.db
      .transaction()
      .execute((trx) => searchIndex.rebuild(trx, (done, total) => bar.advance(done, total)));
    bar.finish();
    // Running servers drop cached guest pages, which may show search results.
    await contentGenerationRepository.bump(site.db);
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
    const size = formatMegabytes(await searchIndex.sizeBytes(site.db));
    process.stdout.write(`Indexed ${indexed} questions and answers for search in ${seconds} s (index ${size}).\n`);
    return 0;
  } finally {
    await site.close();
  }
}
