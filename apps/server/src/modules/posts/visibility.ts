import { objectTypeOf, QUESTION_SHOW, QUESTION_STATUS, REASONS } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { AppError } from '../../lib/errors.js';
import { answersRepository } from './answers.repository.js';
import type { Actor } from '../auth/auth.service.js';
import { isActiveStaff } from '../auth/actor.js';
import type { PostRow } from './post-policy.js';
import { questionsRepository } from './questions.repository.js';

/** A question or answer that is not deleted and that the caller may see, with its question. */
export interface LivePost {
  id: string;
  kind: 'question' | 'answer';
  authorId: string;
  questionId: string;
}

const DELETED = 10;

/**
 * Post visibility, decided here for every read path: single posts (pages, API, actions) through
 * canSeePost and the loaders below, lists through seesOthersRestrictedPosts and the public
 * question rule of public-questions.ts.
 */

const isAuthor = (actor: Actor | null, post: PostRow) => actor !== null && actor.user.id === post.user_id;

/** Deleted, pending and unlisted posts show only to their author and to staff (peer 2.0.1). */
export function canSeePost(actor: Actor | null, post: PostRow): boolean {
  const restricted =
    post.status === QUESTION_STATUS.deleted ||
    post.status === QUESTION_STATUS.pending ||
    post.show === QUESTION_SHOW.hidden;
  if (!restricted) return true;
  return isAuthor(actor, post) || isActiveStaff(actor);
}

/**
 * Whether the reader sees other members' deleted and pending posts in a list. Lists filter in
 * SQL, so they ask `canSeePost` about such a post once instead of keeping a staff check of their own.
 */
export function seesOthersRestrictedPosts(actor: Actor | null): boolean {
  return canSeePost(actor, { user_id: '', status: QUESTION_STATUS.deleted });
}

/**
 * Loads the post an id names, for actions on it (votes, comments): not deleted, visible to
 * the caller, and for an answer, its question visible too. Anything else is not found.
 */
export async function loadLivePost(db: Db, objectId: string, actor: Actor | null): Promise<LivePost> {
  return loadPost(db, objectId, actor, false);
}

/**
 * Loads a post for reading what hangs off it (its comments): a deleted post too, for those
 * who may see it (its author and staff), so a deleted post's page still shows its comments.
 */
export async function loadReadablePost(db: Db, objectId: string, actor: Actor | null): Promise<LivePost> {
  return loadPost(db, objectId, actor, true);
}

async function loadPost(db: Db, objectId: string, actor: Actor | null, deleted: boolean): Promise<LivePost> {
  const type = objectTypeOf(objectId);
  const allowed = (status: number) => deleted || status !== DELETED;
  if (type === 'question') {
    const question = await questionsRepository.findById(db, objectId);
    if (question && allowed(question.status) && canSeePost(actor, question)) {
      return { id: question.id, kind: 'question', authorId: question.user_id, questionId: question.id };
    }
  }
  if (type === 'answer') {
    const answer = await answersRepository.findById(db, objectId);
    const question = answer ? await questionsRepository.findById(db, answer.question_id) : undefined;
    if (
      answer &&
      question &&
      allowed(answer.status) &&
      allowed(question.status) &&
      canSeePost(actor, answer) &&
      canSeePost(actor, question)
    ) {
      return { id: answer.id, kind: 'answer', authorId: answer.user_id, questionId: question.id };
    }
  }
  throw AppError.notFound(REASONS.objectNotFound);
}
