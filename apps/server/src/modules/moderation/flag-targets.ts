import { COMMENT_STATUS, OBJECT_TYPES, objectTypeOf, QUESTION_STATUS, REASONS, USER_STATUS } from '@inquire/shared';
import { MODERATION_REASONS } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../auth/auth.service.js';
import { answersRepository } from '../posts/answers.repository.js';
import { questionsRepository } from '../posts/questions.repository.js';
import { canSeePost, loadReadablePost } from '../posts/visibility.js';
import { usersRepository } from '../users/users.repository.js';
import { reportsRepository } from './moderation.repository.js';

/** What a flag is about: its type code, its author (or the member), and whether it is gone. */
export interface FlagTarget {
  objectId: string;
  objectType: number;
  kind: 'question' | 'answer' | 'comment' | 'user';
  authorId: string;
  deleted: boolean;
}

const DELETED = QUESTION_STATUS.deleted;

/**
 * Loads the object a flag names, as the flagger may see it: a post hidden from them is not
 * found (flagging must not reveal it), a deleted one is reported as deleted.
 */
export async function loadFlagTarget(db: Db, objectId: string, actor: Actor | null): Promise<FlagTarget> {
  const kind = objectTypeOf(objectId);
  const target = (authorId: string, deleted: boolean, k: FlagTarget['kind']): FlagTarget => ({
    objectId,
    objectType: OBJECT_TYPES[k],
    kind: k,
    authorId,
    deleted,
  });
  if (kind === 'question') {
    const question = await questionsRepository.findById(db, objectId);
    if (question && canSeePost(actor, question)) return target(question.user_id, question.status === DELETED, kind);
  }
  if (kind === 'answer') {
    const answer = await answersRepository.findById(db, objectId);
    const question = answer && (await questionsRepository.findById(db, answer.question_id));
    if (answer && question && canSeePost(actor, answer) && canSeePost(actor, question)) {
      return target(answer.user_id, answer.status === DELETED || question.status === DELETED, kind);
    }
  }
  if (kind === 'comment') {
    const comment = await reportsRepository.commentById(db, objectId);
    if (comment && comment.status !== COMMENT_STATUS.pending) {
      const post = await loadReadablePost(db, comment.object_id, actor).catch(() => null);
      if (post) return target(comment.user_id, comment.status === COMMENT_STATUS.deleted, kind);
    }
  }
  if (kind === 'user') {
    const user = await usersRepository.findById(db, objectId);
    if (user) return target(user.id, user.status === USER_STATUS.deleted, kind);
  }
  throw AppError.notFound(REASONS.objectNotFound);
}

/** Refuses a flag on something already gone. */
export function assertFlaggable(target: FlagTarget): void {
  if (target.deleted) throw AppError.badRequest(MODERATION_REASONS.flagDeleted);
}
