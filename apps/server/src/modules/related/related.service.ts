import { REASONS, type RelatedQuestion } from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../auth/auth.service.js';
import { canSeePost } from '../posts/visibility.js';
import { questionsRepository } from '../posts/questions.repository.js';
import { presentSimilarQuestion } from '../search/similar-question.presenter.js';
import { similarQuestionsRepository, type SimilarQuestionRow } from '../search/similar-questions.repository.js';
import { titleKeywords } from '../search/title-keywords.js';
import { relatedByTags } from './related.repository.js';

/** The peer's fixed size of the related list (peer facts 13.2). */
const RELATED_SIZE = 6;
/** Title words matched (the search's limit of words per query). */
const TITLE_WORDS = 5;
/** Questions whose related list this process keeps (the most recently computed ones). */
const CACHED_LISTS = 5000;

export class RelatedService {
  /**
   * Related lists by question: the same for every reader (listed questions only), and costly
   * (a full-text query: 4 ms of a 2,000-question site's 7 ms question page). Dropped whenever
   * the site's content generation moves (`forget`, infra/content-generation.ts), as the guest
   * pages are, so no write shows later here than there.
   */
  private readonly cache = new Map<string, RelatedQuestion[]>();

  constructor(private readonly site: SiteRuntime) {}

  forget(): void {
    this.cache.clear();
  }

  /** Up to 6 listed questions like one the caller may see. */
  async forQuestion(questionId: string, actor: Actor | null): Promise<RelatedQuestion[]> {
    const question = await questionsRepository.findById(this.site.db, questionId);
    if (!question || !canSeePost(actor, question)) throw AppError.notFound(REASONS.questionNotFound);
    return this.forReadable(question);
  }

  /**
   * The same, for a question already checked readable by the caller. The search index finds
   * questions whose text (title, body, tags) shares the title's telling words, the duplicates
   * a reader is after; questions sharing the most tags fill what is left.
   */
  async forReadable(question: { id: string; title: string }): Promise<RelatedQuestion[]> {
    const key = `${question.id}\n${question.title}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const list = await this.compute(question);
    if (this.cache.size >= CACHED_LISTS) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, list);
    return list;
  }

  private async compute(question: { id: string; title: string }): Promise<RelatedQuestion[]> {
    const db = this.site.db;
    const [byText, byTags] = await Promise.all([
      similarQuestionsRepository.matchingAnyWord(
        db,
        titleKeywords(question.title, TITLE_WORDS),
        RELATED_SIZE * 2,
        question.id,
      ),
      relatedByTags(db, question.id, RELATED_SIZE * 2),
    ]);
    const ordered: SimilarQuestionRow[] = [...byText, ...byTags];
    const seen = new Set<string>();
    const unique = ordered.filter((q) => !seen.has(q.id) && seen.add(q.id));
    return unique.slice(0, RELATED_SIZE).map(presentSimilarQuestion);
  }
}
