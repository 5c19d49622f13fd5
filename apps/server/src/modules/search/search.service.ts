import type { SearchCond, SearchContract } from '@inquire/plugin-sdk';
import {
  ANSWER_STATUS,
  SEARCH_LIMITS,
  normalizeTagSlug,
  slugify,
  TAG_STATUS,
  type SearchDescription,
  type SearchQuery,
  type SearchResultItem,
  type SearchResults,
} from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../auth/auth.service.js';
import { presentAuthor } from '../posts/post.presenter.js';
import { isPublicQuestion } from '../posts/public-questions.js';
import { questionsRepository } from '../posts/questions.repository.js';
import { NO_MAIN_TAG, tagsRepository } from '../posts/tags.repository.js';
import type { InstalledPlugin } from '../plugins/installed-plugin.js';
import type { PluginsService } from '../plugins/plugins.service.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { usersRepository } from '../users/users.repository.js';
import { excerptOfHtml, termPattern } from './excerpt.js';
import { canMatch, parseSearchQuery, SearchSyntaxError, type ParsedSearch } from './query-parser.js';
import { searchRepository, type SearchConditions, type SearchHit } from './search.repository.js';
import { searchResultsRepository } from './search-results.repository.js';
import { presentSimilarQuestion } from './similar-question.presenter.js';
import { similarQuestionsRepository } from './similar-questions.repository.js';

/**
 * Memory the search pages this process keeps may take, roughly (their wire length, pageBytes): the
 * oldest go first. A count would not bound it, a page of 50 results with excerpts being ~50 KB.
 */
const CACHED_BYTES = 4 * 1024 * 1024;
/** A result's wire length besides its title, excerpt and URL title (ids, author, tags), about. */
const RESULT_FIELDS_BYTES = 600;
/** About a page's wire length: measuring it (JSON.stringify) took 2% of a search. */
const pageBytes = (results: SearchResults) =>
  results.list.reduce((n, { object }) => n + RESULT_FIELDS_BYTES + 2 * object.title.length + object.excerpt.length, 0);

/** The peer's size of the similar-title list (peer facts 13.3). */
const SIMILAR_SIZE = 10;

/**
 * Search (issue 10): the query's syntax is parsed here, names (users, tags) resolved to ids,
 * and the engine (search.repository.ts) finds public posts only, by the rule every list uses.
 * Results carry escaped excerpts with the matches marked.
 */
export class SearchService {
  /**
   * The built-in engine's pages as the wire shows them, by resolved conditions, order and page:
   * the same for every reader (the public rule; `user:me` is resolved to an id first). A
   * repeated search then costs what a cached guest page does (an uncached one is 5-15 ms at
   * 2,000 questions). Everything a page shows (posts, counts, votes, tags, authors, the avatar
   * settings) changes only through writes that move the content generation, which drops them
   * all (`forget`, infra/content-generation.ts); the one change that comes with time, an
   * author's suspension ending, ends its page (`until`, ms).
   */
  private readonly pages = new Map<string, { until: number; results: SearchResults; bytes: number }>();
  private keptBytes = 0;
  /** Counts the drops: a page read before the latest one may miss its write, so is not kept. */
  private drops = 0;

  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
    private readonly plugins: PluginsService,
    /** The installed search plugin: while an admin has it switched on, it answers searches. */
    private readonly installed?: InstalledPlugin<SearchContract>,
  ) {}

  /** The search plugin's contract while it is switched on, else none (the built-in index). */
  private async activePlugin(): Promise<SearchContract | undefined> {
    if (!this.installed) return undefined;
    return (await this.plugins.enabled(this.installed.manifest.slug_name)) ? this.installed.contract : undefined;
  }

  forget(): void {
    this.pages.clear();
    this.keptBytes = 0;
    this.drops += 1;
  }

  async search(query: SearchQuery, actor: Actor | null): Promise<SearchResults> {
    const parsed = parseQuery(query.q);
    const conditions = await this.resolve(parsed, actor);
    if (!conditions) return { count: 0, list: [] };
    const plugin = await this.activePlugin();
    if (plugin) {
      // A plugin's ids are its own, checked on every request: its answers are not kept.
      const { count, hits } = await this.searchPlugin(plugin, conditions, query);
      const { list } = await this.present(hits, parsed.terms);
      // Posts a plugin named that nobody may see are not results, nor part of the count.
      return { count: Math.max(0, count - (hits.length - list.length)), list };
    }
    return this.builtIn(conditions, query);
  }

  private async builtIn(conditions: SearchConditions, query: SearchQuery): Promise<SearchResults> {
    const key = JSON.stringify([conditions, query.order, query.page, query.size]);
    const kept = this.pages.get(key);
    if (kept && kept.until > Date.now()) return kept.results;
    const drops = this.drops;
    const { count, hits } = await searchRepository.search(this.site.db, conditions, query.order, {
      limit: query.size,
      offset: (query.page - 1) * query.size,
    });
    const { list, until } = await this.present(hits, conditions.terms);
    const results = { count: Math.max(0, count - (hits.length - list.length)), list };
    if (drops !== this.drops) return results;
    this.keep(key, until, results);
    return results;
  }

  private keep(key: string, until: number, results: SearchResults): void {
    this.drop(key);
    const bytes = key.length + pageBytes(results);
    this.pages.set(key, { until, results, bytes });
    this.keptBytes += bytes;
    for (const oldest of this.pages.keys()) {
      if (this.keptBytes <= CACHED_BYTES) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.keptBytes -= page.bytes;
  }

  /** `GET search/desc`: the active search plugin's attribution; empty with the built-in index. */
  async description(): Promise<SearchDescription> {
    const plugin = await this.activePlugin();
    return plugin ? { ...plugin.description } : { name: '', icon: '', link: '' };
  }

  /** The plugin's page of ids for the parsed conditions (checked for visibility in `present`). */
  private async searchPlugin(plugin: SearchContract, c: SearchConditions, query: SearchQuery) {
    const { results, total } = await plugin.search(pluginCond(c, query));
    const hits: SearchHit[] = results.slice(0, query.size).map((r) => ({ id: String(r.id), kind: r.type }));
    return { count: total, hits };
  }

  /** Up to 10 listed questions matching the words of a title being typed (question/similar). */
  async similar(title: string) {
    // The title's first words of 3 letters or more, up to the search's 5 (as the peer takes its
    // first 5): shorter ones ("to", "in") would match nearly everything.
    const words = [...new Set(title.toLowerCase().split(/[^\p{L}\p{N}]+/u))]
      .filter((w) => [...w].length >= 3)
      .slice(0, SEARCH_LIMITS.words);
    // Any of the words, as the peer (which searches each word): one query, where questions
    // holding more of the words, and the rarer ones in their titles, rank first.
    const rows = await similarQuestionsRepository.matchingAnyWord(this.site.db, words, SIMILAR_SIZE);
    return rows.map(presentSimilarQuestion);
  }

  /** Names to ids; undefined when the query can match nothing (an unknown user or tag). */
  private async resolve(parsed: ParsedSearch, actor: Actor | null): Promise<SearchConditions | undefined> {
    if (!canMatch(parsed)) return undefined;
    const db = this.site.db;
    let userId: string | undefined;
    if (parsed.user) {
      if ('me' in parsed.user) userId = actor?.user.id;
      else {
        const name = parsed.user.name;
        userId = await usersRepository.idByUsername(db, name);
      }
      if (!userId) return undefined;
    }
    const tagGroups: string[][] = [];
    const tagSlugs: string[][] = [];
    for (const slug of parsed.tags) {
      const group = await this.tagGroup(slug);
      tagGroups.push(group.map((t) => t.id));
      tagSlugs.push(group.map((t) => t.slug_name));
    }
    const { terms, kinds, score, answers, views, hasAccepted, isAccepted, inQuestion } = parsed;
    return { terms, tagGroups, tagSlugs, kinds, userId, score, answers, views, hasAccepted, isAccepted, inQuestion };
  }

  /** A tag with its main tag and all the main tag's synonyms; empty for an unknown or deleted tag. */
  private async tagGroup(slug: string): Promise<{ id: string; slug_name: string }[]> {
    const db = this.site.db;
    const tag = await tagsRepository.findBySlug(db, normalizeTagSlug(slug));
    if (!tag || tag.status !== TAG_STATUS.normal) return [];
    const mainId = tag.main_tag_id === NO_MAIN_TAG ? tag.id : tag.main_tag_id;
    const main = mainId === tag.id ? tag : await tagsRepository.findById(db, mainId);
    const synonyms = await tagsRepository.synonymsOf(db, mainId);
    return main ? [main, ...synonyms] : synonyms;
  }

  /**
   * The page's hits as the wire shape, in the engine's order, with excerpts. Each post is checked
   * again by the public rule of every list (the built-in query applies it already; a plugin's
   * ids are checked only here), so a hit on a hidden post is dropped. `until` is when the
   * suspension of an author it shows ends (ms; Infinity when it shows none).
   */
  private async present(hits: SearchHit[], terms: string[]): Promise<{ list: SearchResultItem[]; until: number }> {
    if (hits.length === 0) return { list: [], until: Infinity };
    const db = this.site.db;
    const answers = await searchResultsRepository.answers(
      db,
      hits.filter((h) => h.kind === 'answer').map((h) => h.id),
    );
    const questionIds = [
      ...new Set([...hits.filter((h) => h.kind === 'question').map((h) => h.id), ...answers.map((a) => a.question_id)]),
    ];
    const questions = await searchResultsRepository.questions(db, questionIds);
    const authorIds = [...questions.map((q) => q.user_id), ...answers.map((a) => a.user_id)];
    const [authors, tags, { site_users: users }] = await Promise.all([
      usersRepository.authors(db, authorIds),
      questionsRepository.tagsOf(db, questionIds),
      this.siteinfo.settings(),
    ]);
    const questionById = new Map(questions.map((q) => [q.id, q]));
    const answerById = new Map(answers.map((a) => [a.id, a]));
    const authorById = new Map(authors.map((a) => [a.id, a]));
    const list: SearchResultItem[] = [];
    const pattern = termPattern(terms);
    let until = Infinity;
    for (const hit of hits) {
      const answer = hit.kind === 'answer' ? answerById.get(hit.id) : undefined;
      const question = questionById.get(answer ? answer.question_id : hit.id);
      const post = answer ?? question;
      const author = post ? authorById.get(post.user_id) : undefined;
      if (!question || !post || !author || !isPublicQuestion(question)) continue;
      if (answer && answer.status !== ANSWER_STATUS.normal) continue;
      const user = presentAuthor(author, users);
      if (user.status === 'suspended') until = Math.min(until, author.suspended_until * 1000);
      list.push({
        object_type: hit.kind,
        object: {
          id: post.id,
          question_id: question.id,
          title: question.title,
          url_title: slugify(question.title),
          excerpt: excerptOfHtml(post.parsed_text, pattern),
          created_at: post.created_at,
          vote_count: post.vote_count,
          accepted: answer
            ? answer.accepted === 2
            : question.accepted_answer_id !== '' && question.accepted_answer_id !== '0',
          answer_count: question.answer_count,
          user_info: user,
          tags: tags
            .filter((t) => t.object_id === question.id)
            .map(({ slug_name, display_name }) => ({ slug_name, display_name })),
          status: post.status,
        },
      });
    }
    return { list, until };
  }
}

const accepted = (value: boolean | undefined) => (value === undefined ? 'any' : value ? 'yes' : 'no');

/** The parsed, resolved conditions as a search plugin receives them (the peer's SearchBasicCond). */
function pluginCond(c: SearchConditions, query: SearchQuery): SearchCond {
  const objectTypes = (['question', 'answer'] as const).filter((kind) => c.kinds[kind]);
  return {
    page: query.page,
    page_size: query.size,
    words: c.terms,
    tag_ids: c.tagGroups,
    object_types: objectTypes,
    user_id: c.userId,
    order: query.order,
    question_accepted: accepted(c.hasAccepted),
    answer_accepted: accepted(c.isAccepted),
    question_id: c.inQuestion,
    vote_amount: c.score,
    view_amount: c.views,
    answer_amount: c.answers,
  };
}

/** The query's syntax, or a field error naming `q`. */
function parseQuery(q: string): ParsedSearch {
  try {
    return parseSearchQuery(q);
  } catch (error) {
    if (error instanceof SearchSyntaxError) throw AppError.fields([{ field: 'q', key: error.key }]);
    throw error;
  }
}
