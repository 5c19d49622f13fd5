import {
  CURATION_REASONS,
  MODERATION_REASONS,
  REVIEW_STATUS,
  type Language,
  type Paged,
  type QueuedPostItem,
} from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { isActiveStaff } from '../auth/actor.js';
import type { Actor } from '../auth/auth.service.js';
import { linkedMentions } from '../comments/mentions.js';
import { tellOfComment } from '../comments/comment-notice.js';
import { tellOfAnswer } from '../answers/answer-notice.js';
import { queueNewQuestionEmails } from '../notifications/email-notices.js';
import { notifyInbox, type InboxAction } from '../notifications/notify.js';
import { decisions } from '../posts/decisions.js';
import { heldPosts, type HeldPost } from '../posts/held-posts.repository.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { recordModeration } from './moderation-timeline.js';
import { reviewItemsRepository } from './moderation.repository.js';
import { heldPostOf, presentQueuedPost } from './queued-items.presenter.js';

const forbidden = () => AppError.forbidden(CURATION_REASONS.operationForbidden);

const REJECTED: Record<HeldPost['kind'], InboxAction> = {
  question: 'your_question_was_deleted',
  answer: 'your_answer_was_deleted',
  comment: 'your_comment_was_deleted',
};

/**
 * The queued-post queue (issue 12 item 3; peer facts 5.1): posts the reviewers held, one per
 * page, for staff in good standing to approve (published: counted, indexed, and the people it
 * concerns told now) or reject (deleted, its author told why).
 */
export class HeldPostsService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
  ) {}

  async page(page: number, objectId: string, actor: Actor, lang: Language): Promise<Paged<QueuedPostItem>> {
    if (!isActiveStaff(actor)) throw forbidden();
    const db = this.site.db;
    const [count, item, settings] = await Promise.all([
      reviewItemsRepository.pendingCount(db, objectId),
      reviewItemsRepository.pendingAt(db, page, objectId),
      this.siteinfo.settings(),
    ]);
    return { count, list: item ? [await presentQueuedPost(db, item, settings, lang)] : [] };
  }

  /** PUT review/pending/post: load → staff → publish or reject, settle the row, tell people, in one transaction. */
  async decide(input: { review_id: string; status: 'approve' | 'reject'; reason_msg: string }, actor: Actor) {
    if (!isActiveStaff(actor)) throw forbidden();
    const db = this.site.db;
    const item = await reviewItemsRepository.findById(db, input.review_id);
    if (!item) throw AppError.notFound(MODERATION_REASONS.reviewNotFound);
    if (item.status !== REVIEW_STATUS.pending) throw AppError.badRequest(MODERATION_REASONS.reviewHandled);
    const held = await heldPostOf(db, item);
    const post: HeldPost = {
      kind: held.kind,
      id: item.object_id,
      authorId: item.submitter_id,
      questionId: held.question?.id ?? '',
    };
    const now = nowSeconds();
    await db.transaction().execute(async (trx) => {
      const status = input.status === 'approve' ? REVIEW_STATUS.approved : REVIEW_STATUS.rejected;
      if (!(await reviewItemsRepository.settle(trx, item.id, status, actor.user.id, now))) {
        throw AppError.badRequest(MODERATION_REASONS.reviewHandled);
      }
      if (input.status === 'approve') await this.approve(trx, post, held, actor, now);
      else await this.reject(trx, post, input.reason_msg, actor, now);
    });
  }

  private async approve(
    trx: Db,
    post: HeldPost,
    held: Awaited<ReturnType<typeof heldPostOf>>,
    actor: Actor,
    now: number,
  ) {
    if (!(await heldPosts.publish(trx, post, now))) throw AppError.badRequest(MODERATION_REASONS.reviewHandled);
    await recordModeration(trx, { objectId: post.id, actorId: actor.user.id, action: 'approved', reason: '', now });
    // The notices held back with the post go out now (peer facts 5.1), and open pages of its question hear of it.
    if (post.kind === 'question') await queueNewQuestionEmails(trx, post.id, now);
    if (post.kind === 'answer' && held.question) {
      const answer = {
        id: post.id,
        authorId: post.authorId,
        questionId: post.questionId,
        askerId: held.question.user_id,
      };
      await tellOfAnswer(trx, answer, now);
    }
    if (post.kind === 'comment' && held.comment) {
      // Told exactly as a comment posted directly (replies, mentions, the post's author).
      const onAnswer = held.answer && held.comment.object_id === held.answer.id ? held.answer : undefined;
      const parent = onAnswer
        ? { kind: 'answer' as const, id: onAnswer.id, authorId: onAnswer.user_id }
        : { kind: 'question' as const, id: post.questionId, authorId: held.question?.user_id ?? '' };
      await tellOfComment(
        trx,
        {
          id: post.id,
          authorId: post.authorId,
          questionId: post.questionId,
          post: parent,
          replyUserId: held.comment.reply_user_id,
          linkedText: await linkedMentions(trx, held.comment.original_text),
        },
        now,
      );
    }
  }

  private async reject(trx: Db, post: HeldPost, reasonMsg: string, actor: Actor, now: number) {
    if (!(await heldPosts.reject(trx, post, now))) throw AppError.badRequest(MODERATION_REASONS.reviewHandled);
    const rejected = { objectId: post.id, actorId: actor.user.id, action: 'rejected' as const, reason: reasonMsg, now };
    await recordModeration(trx, rejected);
    await decisions.record(trx, {
      objectId: post.id,
      userId: post.authorId,
      actorId: actor.user.id,
      action: 'reject',
      reasonMsg,
      now,
    });
    await notifyInbox(trx, {
      action: REJECTED[post.kind],
      actorId: actor.user.id,
      receivers: [post.authorId],
      questionId: post.questionId,
      answerId: post.kind === 'answer' ? post.id : undefined,
      commentId: post.kind === 'comment' ? post.id : undefined,
      now,
    });
  }

  pendingCount(): Promise<number> {
    return reviewItemsRepository.pendingCount(this.site.db);
  }
}
