import { REASONS, slugify, type RelatedQuestion } from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../auth/auth.service.js';
import { canSeePost } from '../posts/visibility.js';
import { questionsRepository } from '../posts/questions.repository.js';
import { relatedByTags } from './related.repository.js';

/** The peer's fixed size of the related list (peer facts 13.2). */
const RELATED_SIZE = 6;

export class RelatedService {
  constructor(private readonly site: SiteRuntime) {}

  /** Up to 6 listed questions sharing tags with one the caller may see. */
  async byTags(questionId: string, actor: Actor | null): Promise<RelatedQuestion[]> {
    const question = await questionsRepository.findById(this.site.db, questionId);
    if (!question || !canSeePost(actor, question)) throw AppError.notFound(REASONS.questionNotFound);
    return this.byTagsOf(question);
  }

  /** The same, for a question already checked readable by the caller. */
  async byTagsOf(question: { id: string }): Promise<RelatedQuestion[]> {
    const rows = await relatedByTags(this.site.db, question.id, RELATED_SIZE);
    return rows.map((q) => ({
      id: q.id,
      title: q.title,
      url_title: slugify(q.title),
      answer_count: q.answer_count,
      accepted: q.accepted_answer_id !== '' && q.accepted_answer_id !== '0',
    }));
  }
}
