import { isActiveStaff } from '../auth/actor.js';
import {
  ANSWER_STATUS,
  CURATION_REASONS,
  QUESTION_PIN,
  QUESTION_SHOW,
  QUESTION_STATUS,
  REASONS,
  type Language,
  type QuestionOperation,
  type ReasonOption,
} from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { answersRepository, type AnswerRow } from '../posts/answers.repository.js';
import type { Actor } from '../auth/auth.service.js';
import { canDelete } from '../posts/post-policy.js';
import { canSeePost } from '../posts/visibility.js';
import { questionsRepository, type QuestionRow } from '../posts/questions.repository.js';
import { postWrites } from '../posts/post-writes.repository.js';
import { recordActivity } from '../posts/record-activity.js';
import { usersRepository } from '../users/users.repository.js';
import { reasonsFor } from '../posts/operation-reasons.js';
import { postDeletion } from './post-deletion.js';
import { voteReputation } from './vote-reputation.js';
import { notifyInbox, type InboxAction } from '../notifications/notify.js';
import { decisions, type DecisionAction } from '../posts/decisions.js';

/** Why staff acted on someone's post (a flag's or an operation's reason): recorded and shown to its author. */
export interface DecisionReason {
  type: number;
  msg: string;
}

/**
 * A parallel call changed the status between this call's read and its write. It gets what it
 * would have got a moment later: a delete of a deleted post is forbidden, a recover of a live one
 * a bad request. Nothing has moved, and the thrown error rolls the transaction back.
 */
const lostRace = (operation: 'delete' | 'recover') =>
  operation === 'delete'
    ? AppError.forbidden(CURATION_REASONS.operationForbidden)
    : AppError.badRequest(CURATION_REASONS.operationForbidden);

/**
 * Post operations (spec section 4, peer facts 5.4 and 6): close, reopen, pin, unpin, list,
 * unlist and undelete are staff powers; authors and staff delete. Each writes its timeline entry.
 * Delete and undelete change the status with a compare-and-set inside their transaction: only
 * the call that changed it moves counters, tag links and reputation, so parallel calls count once.
 */
export class OperationsService {
  constructor(private readonly site: SiteRuntime) {}

  reasons(objectType: string, action: string, lang: Language): ReasonOption[] {
    return reasonsFor(objectType, action, lang);
  }

  async close(input: { id: string; close_type: number; close_msg: string }, actor: Actor): Promise<void> {
    const question = await this.staffQuestion(input.id, actor);
    if (question.status !== QUESTION_STATUS.normal) throw AppError.badRequest(CURATION_REASONS.questionNotOpen);
    const now = nowSeconds();
    await this.site.db.transaction().execute(async (trx) => {
      await postWrites.setQuestionState(trx, question.id, {
        status: QUESTION_STATUS.closed,
        close_type: input.close_type,
        close_msg: input.close_msg,
        closed_at: now,
      });
      await this.record(trx, actor, question.id, question.id, 'question.closed', now, input.close_msg);
      await this.decide(trx, actor, 'close', question, { type: input.close_type, msg: input.close_msg }, now);
      await this.tellAuthor(trx, actor, 'your_question_is_closed', question.user_id, question.id, undefined, now);
    });
  }

  /** `comment`: why, kept on the timeline entry (the admin's status change gives one). */
  async reopen(questionId: string, actor: Actor, comment = ''): Promise<void> {
    const question = await this.staffQuestion(questionId, actor);
    if (question.status !== QUESTION_STATUS.closed) throw AppError.badRequest(CURATION_REASONS.questionNotClosed);
    const now = nowSeconds();
    await this.site.db.transaction().execute(async (trx) => {
      await postWrites.setQuestionState(trx, question.id, {
        status: QUESTION_STATUS.normal,
        close_type: 0,
        close_msg: '',
        closed_at: 0,
      });
      await this.record(trx, actor, question.id, question.id, 'question.reopened', now, comment);
    });
  }

  /**
   * Pin, unpin, unlist (hide) and list (show). As the peer, an unlisted question is not
   * pinned and a pinned one is not unlisted: such requests change nothing.
   */
  async operate(id: string, operation: QuestionOperation, actor: Actor, reason?: DecisionReason): Promise<void> {
    const question = await this.staffQuestion(id, actor);
    if (question.status === QUESTION_STATUS.deleted) throw AppError.badRequest(CURATION_REASONS.questionCannotUpdate);
    const pinned = question.pin === QUESTION_PIN.pinned;
    const hidden = question.show === QUESTION_SHOW.hidden;
    const change = {
      pin: !pinned && !hidden ? { pin: QUESTION_PIN.pinned } : null,
      unpin: pinned ? { pin: QUESTION_PIN.unpinned } : null,
      hide: !hidden && !pinned ? { show: QUESTION_SHOW.hidden } : null,
      show: hidden ? { show: QUESTION_SHOW.shown } : null,
    }[operation];
    if (!change) return;
    const now = nowSeconds();
    await this.site.db.transaction().execute(async (trx) => {
      await postWrites.setQuestionState(trx, question.id, change);
      // Unlisted questions leave tag counts; listing them again brings them back.
      if (operation === 'hide') await postWrites.moveTagLinks(trx, question.id, [1], 2);
      if (operation === 'show') await postWrites.moveTagLinks(trx, question.id, [2], 1);
      await this.record(trx, actor, question.id, question.id, `question.${operation}`, now, reason?.msg);
      if (operation !== 'hide') return;
      await this.decide(trx, actor, 'unlist', question, reason, now);
      await this.tellAuthor(trx, actor, 'your_question_was_unlisted', question.user_id, question.id, undefined, now);
    });
  }

  /**
   * DELETE question: the author or staff. An author who is not staff cannot delete a
   * question with an accepted answer, several answers, or one answer with a positive score.
   */
  async deleteQuestion(id: string, actor: Actor, reason?: DecisionReason): Promise<void> {
    const db = this.site.db;
    const question = await this.visibleQuestion(id, actor);
    if (!canDelete(actor, question)) throw AppError.forbidden(CURATION_REASONS.operationForbidden);
    if (!isActiveStaff(actor)) {
      const answers = await postWrites.liveAnswers(db, question.id);
      const blocked =
        answers.some((a) => a.accepted === 2) || answers.length > 1 || answers.some((a) => a.vote_count > 0);
      if (blocked) throw AppError.badRequest(CURATION_REASONS.questionCannotDelete);
    }
    const now = nowSeconds();
    await db.transaction().execute(async (trx) => {
      if (!(await postDeletion.question(trx, question, now))) throw lostRace('delete');
      await this.record(trx, actor, question.id, question.id, 'question.deleted', now, reason?.msg);
      await decisions.completeFlags(trx, [question.id], actor.user.id, now);
      await this.decide(trx, actor, 'delete', question, reason, now);
      await this.tellAuthor(trx, actor, 'your_question_was_deleted', question.user_id, question.id, undefined, now);
    });
  }

  /** POST question/recover (staff): back to closed or open as it was, its tags and reputation with it. */
  async recoverQuestion(id: string, actor: Actor, comment = ''): Promise<void> {
    const question = await this.staffQuestion(id, actor);
    if (question.status !== QUESTION_STATUS.deleted) throw AppError.badRequest(CURATION_REASONS.operationForbidden);
    const now = nowSeconds();
    await this.site.db.transaction().execute(async (trx) => {
      const status = question.close_type > 0 ? QUESTION_STATUS.closed : QUESTION_STATUS.normal;
      const restored = { status, deleted_at: 0 };
      const changed = await postWrites.swapQuestionStatus(trx, question.id, QUESTION_STATUS.deleted, restored);
      if (!changed) throw lostRace('recover');
      await postWrites.moveTagLinks(trx, question.id, [10], question.show === QUESTION_SHOW.hidden ? 2 : 1);
      await usersRepository.bumpCount(trx, question.user_id, 'question_count', 1);
      await voteReputation.restore(trx, question.id);
      await this.record(trx, actor, question.id, question.id, 'question.undeleted', now, comment);
    });
  }

  /** DELETE answer: the author or staff; an author who is not staff cannot delete an accepted or upvoted answer. */
  async deleteAnswer(id: string, actor: Actor, reason?: DecisionReason): Promise<void> {
    const { answer, question } = await this.visibleAnswer(id, actor);
    if (!canDelete(actor, answer)) throw AppError.forbidden(CURATION_REASONS.operationForbidden);
    if (!isActiveStaff(actor) && (answer.accepted === 2 || answer.vote_count > 0)) {
      throw AppError.badRequest(CURATION_REASONS.answerCannotDelete);
    }
    const now = nowSeconds();
    await this.site.db.transaction().execute(async (trx) => {
      if (!(await postDeletion.answer(trx, answer, now))) throw lostRace('delete');
      await this.record(trx, actor, answer.id, answer.id, 'answer.deleted', now, reason?.msg);
      await decisions.completeFlags(trx, [answer.id], actor.user.id, now);
      await this.decide(trx, actor, 'delete', answer, reason, now);
      await this.tellAuthor(trx, actor, 'your_answer_was_deleted', answer.user_id, question.id, answer.id, now);
    });
  }

  async recoverAnswer(id: string, actor: Actor, comment = ''): Promise<void> {
    if (!isActiveStaff(actor)) throw AppError.forbidden(CURATION_REASONS.operationForbidden);
    const { answer, question } = await this.visibleAnswer(id, actor);
    if (answer.status !== ANSWER_STATUS.deleted) throw AppError.badRequest(CURATION_REASONS.operationForbidden);
    const now = nowSeconds();
    await this.site.db.transaction().execute(async (trx) => {
      const { deleted, normal } = ANSWER_STATUS;
      const changed = await postWrites.swapAnswerStatus(trx, answer.id, deleted, normal, now);
      if (!changed) throw lostRace('recover');
      await postWrites.bumpAnswerCount(trx, question.id, 1);
      await usersRepository.bumpCount(trx, answer.user_id, 'answer_count', 1);
      await voteReputation.restore(trx, answer.id);
      await this.record(trx, actor, answer.id, answer.id, 'answer.undeleted', now, comment);
    });
  }

  private async visibleQuestion(id: string, actor: Actor): Promise<QuestionRow> {
    const question = await questionsRepository.findById(this.site.db, id);
    if (!question || !canSeePost(actor, question)) throw AppError.notFound(REASONS.questionNotFound);
    return question;
  }

  private async staffQuestion(id: string, actor: Actor): Promise<QuestionRow> {
    const question = await this.visibleQuestion(id, actor);
    if (!isActiveStaff(actor)) throw AppError.forbidden(CURATION_REASONS.operationForbidden);
    return question;
  }

  private async visibleAnswer(id: string, actor: Actor): Promise<{ answer: AnswerRow; question: QuestionRow }> {
    const answer = await answersRepository.findById(this.site.db, id);
    const question = answer ? await questionsRepository.findById(this.site.db, answer.question_id) : undefined;
    if (!answer || !question || !canSeePost(actor, answer) || !canSeePost(actor, question)) {
      throw AppError.notFound(REASONS.answerNotFound);
    }
    return { answer, question };
  }

  /**
   * Records a decision on someone else's post with its reason, so the post shows it to its
   * author and staff; an author's own delete is no decision.
   */
  private async decide(
    trx: Db,
    actor: Actor,
    action: DecisionAction,
    post: { id: string; user_id: string },
    reason: DecisionReason | undefined,
    now: number,
  ): Promise<void> {
    if (post.user_id === actor.user.id) return;
    await decisions.record(trx, {
      objectId: post.id,
      userId: post.user_id,
      actorId: actor.user.id,
      action,
      reasonType: reason?.type ?? 0,
      reasonMsg: reason?.msg ?? '',
      now,
    });
  }

  /** Tells a post's author that staff closed, unlisted or deleted it (their own changes tell nobody). */
  private tellAuthor(
    trx: Db,
    actor: Actor,
    action: InboxAction,
    authorId: string,
    questionId: string,
    answerId: string | undefined,
    now: number,
  ) {
    return notifyInbox(trx, { action, actorId: actor.user.id, receivers: [authorId], questionId, answerId, now });
  }

  private record(db: Db, actor: Actor, objectId: string, timelineOf: string, type: string, now: number, comment = '') {
    return recordActivity(db, { userId: actor.user.id, objectId, originalObjectId: timelineOf, type, now, comment });
  }
}
