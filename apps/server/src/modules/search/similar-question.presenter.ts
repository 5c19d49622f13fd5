import { slugify, type RelatedQuestion } from '@inquire/shared';
import type { SimilarQuestionRow } from './similar-questions.repository.js';

/** A question in a "similar" or "related" list, as the wire carries it. */
export const presentSimilarQuestion = (q: SimilarQuestionRow): RelatedQuestion => ({
  id: q.id,
  title: q.title,
  url_title: slugify(q.title),
  answer_count: Number(q.answer_count),
  accepted: q.accepted_answer_id !== '' && q.accepted_answer_id !== '0',
});
