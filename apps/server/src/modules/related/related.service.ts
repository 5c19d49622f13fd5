import { REASONS, type RelatedQuestion } from '@inquire/shared';
import { KeptPerGeneration } from '../../infra/kept-per-generation.js';
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
   * pages are, so no write shows later here than there; a list read across a drop is not kept.
   */
  private readonly lists = new KeptPerGeneration<RelatedQuestion[]>(CACHED_LISTS);

  constructor(private readonly site: SiteRuntime) {}

  forget(): void {
    this.lists.forget();
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
  forReadable(question: { id: string; title: string }): Promise<RelatedQuestion[]> {
    return this.lists.get(`${question.id}\n${question.title}`, () => this.compute(question));
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
