import { sql } from 'kysely';
import type { Db } from '../../infra/db.js';
import { oneOf, preparedQuery } from '../../infra/prepared-query.js';

/**
 * The posts of a page of search results, with only what a result shows and the public rule
 * reads: a post's markdown (`original_text`, as long as its HTML) is never read, and the
 * queries are prepared (infra/prepared-query.ts), as every search runs them.
 */
const answersOf = preparedQuery((db, v: { ids: readonly string[] }) =>
  db
    .selectFrom('answers')
    .select(['id', 'question_id', 'user_id', 'parsed_text', 'status', 'accepted', 'vote_count', 'created_at'])
    .where(oneOf(sql.ref('id'), v.ids)),
);

const questionsOf = preparedQuery((db, v: { ids: readonly string[] }) =>
  db
    .selectFrom('questions')
    .select([
      'id',
      'user_id',
      'title',
      'parsed_text',
      'status',
      'show',
      'vote_count',
      'answer_count',
      'accepted_answer_id',
      'created_at',
    ])
    .where(oneOf(sql.ref('id'), v.ids)),
);

export type ResultAnswer = Awaited<ReturnType<typeof answersOf>>[number];
export type ResultQuestion = Awaited<ReturnType<typeof questionsOf>>[number];

export const searchResultsRepository = {
  answers(db: Db, ids: string[]): Promise<ResultAnswer[]> {
    return ids.length === 0 ? Promise.resolve([]) : answersOf(db, { ids });
  },

  questions(db: Db, ids: string[]): Promise<ResultQuestion[]> {
    return ids.length === 0 ? Promise.resolve([]) : questionsOf(db, { ids });
  },
};
