import type { SearchDocument } from '@inquire/plugin-sdk';
import { ANSWER_STATUS, objectTypeOf } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { plainText } from '../../lib/markdown.js';
import { isPublicQuestion } from '../posts/public-questions.js';

/** Text sent per post: the built-in index's own limit (posts/search-index.ts). */
const CONTENT_MAX = 100_000;
/** The accepted value of `answers.accepted` (1 is not accepted). */
const ACCEPTED = 2;

const isAccepted = (acceptedAnswerId: string) => acceptedAnswerId !== '' && acceptedAnswerId !== '0';

/**
 * A search plugin's documents (SearchDocument) of the posts anyone may see, read in one query
 * per kind. An id missing from the result is a post nobody may see (or one that is gone): the
 * plugin is told to delete it.
 */
export const searchDocumentsRepository = {
  async publicDocuments(db: Db, postIds: readonly string[]): Promise<Map<string, SearchDocument>> {
    const docs = new Map<string, SearchDocument>();
    const questionIds = postIds.filter((id) => objectTypeOf(id) === 'question');
    const answerIds = postIds.filter((id) => objectTypeOf(id) === 'answer');
    const tags = await tagIdsOf(db, questionIds);
    if (questionIds.length > 0) {
      const questions = await db
        .selectFrom('questions')
        .select([
          'id',
          'title',
          'parsed_text',
          'status',
          'show',
          'user_id',
          'vote_count',
          'view_count',
          'answer_count',
          'accepted_answer_id',
          'created_at',
          'post_update_time',
        ])
        .where('id', 'in', questionIds)
        .execute();
      for (const q of questions.filter(isPublicQuestion)) {
        docs.set(q.id, {
          id: q.id,
          type: 'question',
          question_id: q.id,
          title: q.title,
          content: plainText(q.parsed_text, CONTENT_MAX),
          tag_ids: tags.get(q.id) ?? [],
          user_id: q.user_id,
          vote_count: Number(q.vote_count),
          view_count: Number(q.view_count),
          answer_count: Number(q.answer_count),
          accepted: isAccepted(q.accepted_answer_id),
          created_at: Number(q.created_at),
          active_at: Number(q.post_update_time) || Number(q.created_at),
        });
      }
    }
    if (answerIds.length > 0) {
      const answers = await db
        .selectFrom('answers')
        .innerJoin('questions', 'questions.id', 'answers.question_id')
        .select([
          'answers.id',
          'answers.question_id',
          'answers.parsed_text',
          'answers.status',
          'answers.user_id',
          'answers.vote_count',
          'answers.accepted',
          'answers.created_at',
          'answers.updated_at',
          'questions.status as q_status',
          'questions.show',
          'questions.view_count',
          'questions.answer_count',
        ])
        .where('answers.id', 'in', answerIds)
        .execute();
      for (const a of answers) {
        if (a.status !== ANSWER_STATUS.normal || !isPublicQuestion({ status: a.q_status, show: a.show })) continue;
        docs.set(a.id, {
          id: a.id,
          type: 'answer',
          question_id: a.question_id,
          title: '',
          content: plainText(a.parsed_text, CONTENT_MAX),
          tag_ids: [],
          user_id: a.user_id,
          vote_count: Number(a.vote_count),
          view_count: Number(a.view_count),
          answer_count: Number(a.answer_count),
          accepted: Number(a.accepted) === ACCEPTED,
          created_at: Number(a.created_at),
          active_at: Number(a.updated_at) || Number(a.created_at),
        });
      }
    }
    return docs;
  },
};

/** The listed tag ids of questions (links with status 1), by question id. */
async function tagIdsOf(db: Db, questionIds: string[]): Promise<Map<string, string[]>> {
  const byQuestion = new Map<string, string[]>();
  if (questionIds.length === 0) return byQuestion;
  const links = await db
    .selectFrom('tag_relations')
    .select(['object_id', 'tag_id'])
    .where('object_id', 'in', questionIds)
    .where('status', '=', 1)
    .execute();
  for (const link of links) byQuestion.set(link.object_id, [...(byQuestion.get(link.object_id) ?? []), link.tag_id]);
  return byQuestion;
}
