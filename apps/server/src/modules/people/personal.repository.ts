import { isPublicQuestion, PUBLIC_QUESTION_STATUSES } from '../posts/public-questions.js';
import { ANSWER_STATUS, COMMENT_STATUS, QUESTION_SHOW } from '@inquire/shared';
import type { Db } from '../../infra/db.js';

const VISIBLE_QUESTION = PUBLIC_QUESTION_STATUSES;

/**
 * Reputation and vote rows outlive their posts; the title of a question that is deleted, pending
 * or hidden is not shown (every read path re-checks what it shows).
 */
export function visibleTitle(row: {
  title: string | null;
  question_status: number | null;
  question_show: number | null;
}): string {
  const visible =
    row.title !== null && isPublicQuestion({ status: Number(row.question_status), show: Number(row.question_show) });
  return visible ? (row.title ?? '') : '';
}

/** Paged lists of one member's posts and activity (the personal page tabs). */
export const personalRepository = {
  async questions(db: Db, userId: string, order: 'newest' | 'score', offset: number, limit: number) {
    const base = db
      .selectFrom('questions')
      .where('user_id', '=', userId)
      .where('status', 'in', VISIBLE_QUESTION)
      .where('show', '=', QUESTION_SHOW.shown);
    const [{ count }, list] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      base
        .select([
          'id',
          'title',
          'vote_count',
          'view_count',
          'answer_count',
          'collection_count',
          'accepted_answer_id',
          'status',
          'created_at',
        ])
        .orderBy(order === 'score' ? 'vote_count' : 'created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    ]);
    return { count: Number(count), list };
  },

  async answers(db: Db, userId: string, order: 'newest' | 'score', offset: number, limit: number) {
    const base = db
      .selectFrom('answers')
      .innerJoin('questions', 'questions.id', 'answers.question_id')
      .where('answers.user_id', '=', userId)
      .where('answers.status', '=', ANSWER_STATUS.normal)
      .where('questions.status', 'in', VISIBLE_QUESTION)
      .where('questions.show', '=', QUESTION_SHOW.shown);
    const [{ count }, list] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      base
        .select([
          'answers.id',
          'answers.question_id',
          'answers.accepted',
          'answers.vote_count',
          'answers.created_at',
          'answers.updated_at',
          'questions.title',
        ])
        .orderBy(order === 'score' ? 'answers.vote_count' : 'answers.created_at', 'desc')
        .orderBy('answers.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    ]);
    return { count: Number(count), list };
  },

  /** Reputation gains only (the peer shows no losses), newest first. */
  async reputation(db: Db, userId: string, offset: number, limit: number) {
    const base = db
      .selectFrom('activities')
      .leftJoin('questions', 'questions.id', 'activities.original_object_id')
      .where('activities.user_id', '=', userId)
      .where('activities.has_rank', '=', 1)
      .where('activities.cancelled', '=', 0)
      .where('activities.rank', '>', 0);
    const [{ count }, list] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      base
        .select([
          'activities.id',
          'activities.object_id',
          'activities.original_object_id',
          'activities.activity_type',
          'activities.rank',
          'activities.created_at',
          'questions.title',
          'questions.status as question_status',
          'questions.show as question_show',
        ])
        .orderBy('activities.created_at', 'desc')
        .orderBy('activities.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    ]);
    return { count: Number(count), list };
  },

  /**
   * Comments on live posts only, for every reader (staff and the profile's owner included), as
   * the questions and answers tabs list only live posts: a comment's question must be open or
   * closed and listed, and a comment on an answer needs that answer live too.
   */
  async comments(db: Db, userId: string, offset: number, limit: number) {
    const base = db
      .selectFrom('comments')
      .innerJoin('questions', 'questions.id', 'comments.question_id')
      .leftJoin('answers', 'answers.id', 'comments.object_id')
      .where('comments.user_id', '=', userId)
      .where('comments.status', '=', COMMENT_STATUS.normal)
      .where('questions.status', 'in', VISIBLE_QUESTION)
      .where('questions.show', '=', QUESTION_SHOW.shown)
      .where((eb) => eb.or([eb('answers.id', 'is', null), eb('answers.status', '=', ANSWER_STATUS.normal)]));
    const [{ count }, list] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      base
        .select([
          'comments.id',
          'comments.object_id',
          'comments.question_id',
          'comments.parsed_text',
          'comments.created_at',
          'questions.title',
        ])
        .orderBy('comments.created_at', 'desc')
        .orderBy('comments.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    ]);
    return { count: Number(count), list };
  },

  async bookmarks(db: Db, userId: string, offset: number, limit: number) {
    const base = db
      .selectFrom('collections')
      .innerJoin('questions', 'questions.id', 'collections.object_id')
      .where('collections.user_id', '=', userId)
      .where('questions.status', 'in', VISIBLE_QUESTION);
    const [{ count }, list] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      base
        .select([
          'questions.id',
          'questions.title',
          'questions.vote_count',
          'questions.answer_count',
          'questions.view_count',
          'questions.accepted_answer_id',
          'questions.created_at',
          'collections.created_at as bookmarked_at',
        ])
        .orderBy('collections.created_at', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    ]);
    return { count: Number(count), list };
  },

  async votes(db: Db, userId: string, offset: number, limit: number) {
    const base = db.selectFrom('votes').where('votes.user_id', '=', userId).where('votes.vote', '!=', 0);
    const [{ count }, list] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      base
        .leftJoin('answers', 'answers.id', 'votes.object_id')
        .leftJoin('questions', (join) =>
          join.on((eb) =>
            eb.or([
              eb('questions.id', '=', eb.ref('votes.object_id')),
              eb('questions.id', '=', eb.ref('answers.question_id')),
            ]),
          ),
        )
        .select([
          'votes.object_id',
          'votes.vote',
          'votes.updated_at',
          'answers.question_id as answer_question_id',
          'questions.id as question_id',
          'questions.title',
          'questions.status as question_status',
          'questions.show as question_show',
          // The voted post's text (Answer lists its excerpt as `content`).
          (eb) => eb.fn.coalesce('answers.parsed_text', 'questions.parsed_text').as('parsed_text'),
          'answers.status as answer_status',
        ])
        .orderBy('votes.updated_at', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    ]);
    return { count: Number(count), list };
  },
};
