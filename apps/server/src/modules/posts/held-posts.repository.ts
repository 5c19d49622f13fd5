import { ANSWER_STATUS, COMMENT_STATUS, OBJECT_TYPES, QUESTION_SHOW, QUESTION_STATUS } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { nextId } from '../../lib/ids.js';
import { usersRepository } from '../users/users.repository.js';
import { postWrites } from './post-writes.repository.js';
import { questionsRepository } from './questions.repository.js';
import type { PostVerdict } from './post-reviewer.js';

export type HeldKind = 'question' | 'answer' | 'comment';
export interface HeldPost {
  kind: HeldKind;
  id: string;
  authorId: string;
  questionId: string;
}

/**
 * Held posts (issue 12 item 3): a post is written as usual, then, in the same transaction,
 * taken back out of everything public: status pending (11), out of the search index, its tag
 * links hidden (tags do not count it), its author's and question's counts lowered, and a
 * queued review row (status 1) written. Publishing on approval puts each back; nobody was told
 * of it, so the caller tells them then.
 */
export const heldPosts = {
  /**
   * Applies the reviewers' verdict to a post just written in this transaction: published as
   * is, held for staff, or stored deleted. True when it is not published (tell nobody).
   */
  async applyVerdict(trx: Db, post: HeldPost, verdict: PostVerdict, now: number): Promise<boolean> {
    if (verdict.verdict === 'pass') return false;
    if (verdict.verdict === 'need_review') {
      await heldPosts.hold(trx, post, verdict.reason, now);
      return true;
    }
    await heldPosts.unpublish(trx, post, now);
    await heldPosts.reject(trx, post, now);
    return true;
  },

  async hold(trx: Db, post: HeldPost, reason: string, now: number) {
    await heldPosts.unpublish(trx, post, now);
    await trx
      .insertInto('review_items')
      .values({
        id: await nextId(trx, 'review'),
        object_type: OBJECT_TYPES[post.kind],
        object_id: post.id,
        submitter_id: post.authorId,
        reason,
        created_at: now,
        updated_at: now,
      })
      .execute();
  },

  async unpublish(trx: Db, post: HeldPost, now: number) {
    if (post.kind === 'question') {
      await postWrites.setQuestionState(trx, post.id, { status: QUESTION_STATUS.pending });
      await postWrites.moveTagLinks(trx, post.id, [1], 2);
      await usersRepository.bumpCount(trx, post.authorId, 'question_count', -1);
    } else if (post.kind === 'answer') {
      await postWrites.swapAnswerStatus(trx, post.id, ANSWER_STATUS.normal, ANSWER_STATUS.pending, now);
      await postWrites.bumpAnswerCount(trx, post.questionId, -1);
      await usersRepository.bumpCount(trx, post.authorId, 'answer_count', -1);
    } else {
      await setCommentStatus(trx, post.id, COMMENT_STATUS.normal, COMMENT_STATUS.pending, now);
    }
  },

  /** Approval: pending → live, counted, indexed. False when it was not pending any more. */
  async publish(trx: Db, post: HeldPost, now: number) {
    if (post.kind === 'question') {
      const live = { status: QUESTION_STATUS.normal, deleted_at: 0 };
      if (!(await postWrites.swapQuestionStatus(trx, post.id, QUESTION_STATUS.pending, live))) return false;
      const question = await trx.selectFrom('questions').select('show').where('id', '=', post.id).executeTakeFirst();
      if (question?.show === QUESTION_SHOW.shown) await postWrites.moveTagLinks(trx, post.id, [2], 1);
      await usersRepository.bumpCount(trx, post.authorId, 'question_count', 1);
      return true;
    }
    if (post.kind === 'answer') {
      if (!(await postWrites.swapAnswerStatus(trx, post.id, ANSWER_STATUS.pending, ANSWER_STATUS.normal, now))) {
        return false;
      }
      await postWrites.bumpAnswerCount(trx, post.questionId, 1);
      await questionsRepository.recordLastAnswer(trx, post.questionId, post.id, now);
      await usersRepository.bumpCount(trx, post.authorId, 'answer_count', 1);
      return true;
    }
    return setCommentStatus(trx, post.id, COMMENT_STATUS.pending, COMMENT_STATUS.normal, now);
  },

  /** Rejection: pending → deleted (its tag links with it). False when it was not pending any more. */
  async reject(trx: Db, post: { kind: HeldKind; id: string }, now: number) {
    if (post.kind === 'question') {
      const deleted = { status: QUESTION_STATUS.deleted, deleted_at: now };
      if (!(await postWrites.swapQuestionStatus(trx, post.id, QUESTION_STATUS.pending, deleted))) return false;
      await postWrites.moveTagLinks(trx, post.id, [2], 10);
      return true;
    }
    if (post.kind === 'answer') {
      return postWrites.swapAnswerStatus(trx, post.id, ANSWER_STATUS.pending, ANSWER_STATUS.deleted, now);
    }
    return setCommentStatus(trx, post.id, COMMENT_STATUS.pending, COMMENT_STATUS.deleted, now);
  },
};

async function setCommentStatus(trx: Db, id: string, from: number, to: number, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('comments')
    .set({ status: to, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
