import { PUBLIC_QUESTION_STATUSES } from '../posts/public-questions.js';
import { QUESTION_SHOW } from '@inquire/shared';
import type { Db } from '../../infra/db.js';

/**
 * Listed questions (open or closed, shown) sharing tags with a question, those sharing the
 * most tags first, then the better answered and newer.
 */
export function relatedByTags(db: Db, questionId: string, limit: number) {
  return db
    .selectFrom('tag_relations as mine')
    .innerJoin('tag_relations as theirs', 'theirs.tag_id', 'mine.tag_id')
    .innerJoin('questions', 'questions.id', 'theirs.object_id')
    .select((eb) => [
      'questions.id',
      'questions.title',
      'questions.answer_count',
      'questions.accepted_answer_id',
      eb.fn.countAll<number>().as('shared'),
    ])
    .where('mine.object_id', '=', questionId)
    .where('mine.status', '=', 1)
    .where('theirs.status', '=', 1)
    .where('theirs.object_id', '!=', questionId)
    .where('questions.status', 'in', PUBLIC_QUESTION_STATUSES)
    .where('questions.show', '=', QUESTION_SHOW.shown)
    .groupBy([
      'questions.id',
      'questions.title',
      'questions.answer_count',
      'questions.accepted_answer_id',
      'questions.created_at',
    ])
    .orderBy('shared', 'desc')
    .orderBy('questions.answer_count', 'desc')
    .orderBy('questions.created_at', 'desc')
    .limit(limit)
    .execute();
}
