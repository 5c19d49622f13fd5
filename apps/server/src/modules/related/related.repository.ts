import { PUBLIC_QUESTION_STATUSES } from '../posts/public-questions.js';
import { QUESTION_SHOW } from '@inquire/shared';
import type { Db } from '../../infra/db.js';

/**
 * How many of the newest questions under each of the question's tags are weighed. A popular tag
 * of a big site holds 100,000+ questions, and counting shared tags over all of them read 350,000
 * rows per related list (measured at 1M questions: 0.4 s median on PostgreSQL, 1 s on SQLite).
 * The newest ones under each tag are a fair pool, and the pool costs the same on any site.
 */
const NEWEST_PER_TAG = 100;

/**
 * Listed questions (open or closed, shown) sharing tags with a question, among the newest under
 * each of its tags: those sharing the most tags first, then the better answered and newer.
 */
export async function relatedByTags(db: Db, questionId: string, limit: number) {
  const tagIds = await db
    .selectFrom('tag_relations')
    .select('tag_id')
    .where('object_id', '=', questionId)
    .where('status', '=', 1)
    .execute();
  // Each tag's newest questions by the (tag_id, status, object_id) index, read backwards; ids
  // grow with time. Wrapped in a select of their own: SQLite allows no limit on a union's arm.
  const newestUnder = (tagId: string) =>
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('tag_relations')
          .select('object_id')
          .where('tag_id', '=', tagId)
          .where('status', '=', 1)
          .where('object_id', '!=', questionId)
          .orderBy('object_id', 'desc')
          .limit(NEWEST_PER_TAG)
          .as('newest'),
      )
      .select('newest.object_id');
  const [first, ...others] = tagIds.map((row) => newestUnder(row.tag_id));
  if (!first) return [];
  const pool = others.reduce((union, next) => union.unionAll(next), first);
  return db
    .selectFrom(pool.as('theirs'))
    .innerJoin('questions', 'questions.id', 'theirs.object_id')
    .select((eb) => [
      'questions.id',
      'questions.title',
      'questions.answer_count',
      'questions.accepted_answer_id',
      eb.fn.countAll<number>().as('shared'),
    ])
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
