import { ANSWER_STATUS, QUESTION_STATUS } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { postWrites } from '../posts/post-writes.repository.js';
import { usersRepository } from '../users/users.repository.js';
import { voteReputation } from './vote-reputation.js';

/**
 * What deleting one post moves besides its status: the question's tag counts, the thread's
 * answer count, the author's question or answer count and what votes earned the author. One
 * place for the delete operations and an admin's "remove all their content", so both leave
 * the same counts. Each returns false when the post no longer had the status read (a parallel
 * delete won), having moved nothing.
 */
export const postDeletion = {
  async question(trx: Db, question: { id: string; status: number; user_id: string }, now: number): Promise<boolean> {
    const deleted = { status: QUESTION_STATUS.deleted, deleted_at: now };
    if (!(await postWrites.swapQuestionStatus(trx, question.id, question.status, deleted))) return false;
    await postWrites.moveTagLinks(trx, question.id, [1, 2], 10);
    await usersRepository.bumpCount(trx, question.user_id, 'question_count', -1);
    await voteReputation.takeBack(trx, question.id);
    return true;
  },

  async answer(
    trx: Db,
    answer: { id: string; status: number; user_id: string; question_id: string },
    now: number,
  ): Promise<boolean> {
    if (!(await postWrites.swapAnswerStatus(trx, answer.id, answer.status, ANSWER_STATUS.deleted, now))) return false;
    // Only a listed answer was counted on its question (a held one was not).
    if (answer.status === ANSWER_STATUS.normal) await postWrites.bumpAnswerCount(trx, answer.question_id, -1);
    await usersRepository.bumpCount(trx, answer.user_id, 'answer_count', -1);
    await voteReputation.takeBack(trx, answer.id);
    return true;
  },
};
