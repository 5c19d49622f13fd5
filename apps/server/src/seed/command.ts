import { resolveDataDir } from '../config/config.js';
import { contentGenerationRepository } from '../infra/content-generation.repository.js';
import { SiteRuntime } from '../infra/site.js';
import { formatMegabytes } from '../modules/posts/search-index.js';
import { nowSeconds } from '../lib/clock.js';
import { SEED_DEFAULTS, SEED_LANGUAGES, type SeedLanguage, type SeedOptions } from './plan.js';
import { progressBar, silentProgress } from './progress.js';
import { ensureInstalled, NotInstalledError, SeedInterruptedError, seedSite, type SeedSummary } from './seed.js';

export interface SeedFlags {
  'data-dir'?: string;
  questions?: string;
  answers?: string;
  users?: string;
  comments?: string;
  seed?: string;
  lang?: string;
  progress?: boolean;
}

/** `inquire seed`: checks the numbers, opens the site, seeds it and prints what it wrote. */
export async function runSeedCommand(flags: SeedFlags): Promise<number> {
  const parsed = parseOptions(flags);
  if (typeof parsed === 'string') {
    process.stderr.write(`${parsed}\n`);
    return 2;
  }
  const site = new SiteRuntime(resolveDataDir(flags['data-dir']));
  try {
    await site.open();
    await ensureInstalled(site);
    const { questions, answers, users, comments, seed } = parsed;
    process.stdout.write(
      `Seeding ${questions} questions with ${answers} answers each, ${users} members, seed ${seed}, about ${comments} comment(s) per post.\n`,
    );
    const showBar = flags.progress === true || process.stderr.isTTY === true;
    const summary = await seedSite(site, parsed, {
      progress: showBar ? progressBar(process.stderr) : silentProgress,
      indexProgress: () =>
        showBar ? progressBar(process.stderr, Date.now(), 'posts indexed for search') : silentProgress,
    });
    // Running servers drop their guest pages (within their poll) and show the new community.
    await contentGenerationRepository.bump(site.db);
    process.stdout.write(describe(summary));
    return 0;
  } catch (error) {
    if (error instanceof NotInstalledError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    if (error instanceof SeedInterruptedError) {
      // What was written before the stop is committed: running servers show it too.
      await contentGenerationRepository.bump(site.db);
      process.stderr.write(`${error.message}\n`);
      return 130;
    }
    throw error;
  } finally {
    await site.close();
  }
}

function describe(s: SeedSummary): string {
  return [
    `Wrote ${s.members} members, ${s.tags} new tags, ${s.questions} questions, ${s.answers} answers,`,
    `${s.comments} comments, ${s.votes} votes and ${s.accepted} accepted answers in ${s.seconds.toFixed(1)} s.`,
    `Search index built in ${s.searchIndexSeconds.toFixed(1)} s: ${formatMegabytes(s.searchIndexBytes)} on disk.`,
    '',
  ].join('\n');
}

const LIMITS = {
  questions: { min: 1, max: 10_000_000 },
  answers: { min: 0, max: 100 },
  users: { min: 2, max: 1_000_000 },
  comments: { min: 0, max: 20 },
  seed: { min: 0, max: 2 ** 32 - 1 },
} as const;

/** The options as numbers, or a message naming every flag that is not a whole number in range. */
export function parseOptions(flags: SeedFlags): SeedOptions | string {
  const problems: string[] = [];
  const value = (name: keyof typeof LIMITS): number => {
    const raw = flags[name];
    if (raw === undefined) return SEED_DEFAULTS[name];
    const { min, max } = LIMITS[name];
    const n = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || n < min || n > max)
      problems.push(`  --${name}: a whole number from ${min} to ${max}`);
    return n;
  };
  const options = {
    questions: value('questions'),
    answers: value('answers'),
    users: value('users'),
    comments: value('comments'),
    seed: value('seed'),
    lang: language(flags.lang, problems),
    now: nowSeconds(),
  };
  return problems.length ? ['Invalid options:', ...problems].join('\n') : options;
}

function language(raw: string | undefined, problems: string[]): SeedLanguage {
  if (raw === undefined) return SEED_DEFAULTS.lang;
  const found = SEED_LANGUAGES.find((l) => l === raw);
  if (!found) problems.push(`  --lang: one of ${SEED_LANGUAGES.join(', ')}`);
  return found ?? SEED_DEFAULTS.lang;
}
