import {
  ADMIN_CONTENT_REASONS,
  ANSWER_STATUS,
  QUESTION_SHOW,
  QUESTION_STATUS,
  REASONS,
  type AdminAnswerItem,
  type AdminAnswersQuery,
  type AdminAnswerStatusInput,
  type AdminQuestionItem,
  type AdminQuestionsQuery,
  type AdminQuestionStatusInput,
  type Paged,
} from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../auth/auth.service.js';
import { countDecision } from '../moderation/decision-limit.js';
import type { OperationsService } from '../operations/operations.service.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { answersRepository } from '../posts/answers.repository.js';
import { questionsRepository } from '../posts/questions.repository.js';
import { adminContentRepository } from './admin-content.repository.js';
import { presentAdminAnswer, presentAdminQuestion } from './admin-content.presenter.js';

/**
 * The admin's questions and answers (issue 13, item 3). Lists read their own rows; every status
 * change is one of the post core's operations (close, reopen, delete, recover, unlist, list),
 * so its rules, counters, timeline entry, decision and notices are the question page's own.
 */
export class AdminContentService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly operations: OperationsService,
    private readonly siteinfo: SiteinfoService,
  ) {}

  async questions(query: AdminQuestionsQuery): Promise<Paged<AdminQuestionItem>> {
    const { rows, count } = await adminContentRepository.questions(this.site.db, {
      filter: query.status,
      query: query.query,
      offset: (query.page - 1) * query.page_size,
      limit: query.page_size,
    });
    const { site_users: users } = await this.siteinfo.settings();
    return { count, list: rows.map((row) => presentAdminQuestion(row, users)) };
  }

  async answers(query: AdminAnswersQuery): Promise<Paged<AdminAnswerItem>> {
    const { rows, count } = await adminContentRepository.answers(this.site.db, {
      filter: query.status,
      query: query.query,
      questionId: query.question_id,
      offset: (query.page - 1) * query.page_size,
      limit: query.page_size,
    });
    const { site_users: users } = await this.siteinfo.settings();
    return { count, list: rows.map((row) => presentAdminAnswer(row, users)) };
  }

  /** Status changes count as staff decisions: the reviewers' limit (60 a minute) holds for admins too. */
  async countChange(actor: Actor): Promise<void> {
    await countDecision(this.site.db, actor);
  }

  async setQuestionStatus(actor: Actor, input: AdminQuestionStatusInput): Promise<void> {
    const question = await questionsRepository.findById(this.site.db, input.question_id);
    if (!question) throw AppError.notFound(REASONS.questionNotFound);
    if (question.status === QUESTION_STATUS.pending) throw AppError.badRequest(ADMIN_CONTENT_REASONS.pendingInQueue);
    const reason = { type: input.reason_type, msg: input.reason_msg };
    const hidden = question.show === QUESTION_SHOW.hidden;
    const { operations } = this;
    switch (input.status) {
      case 'available':
        if (question.status === QUESTION_STATUS.deleted)
          return operations.recoverQuestion(question.id, actor, input.reason_msg);
        if (question.status === QUESTION_STATUS.closed) return operations.reopen(question.id, actor, input.reason_msg);
        if (hidden) return operations.operate(question.id, 'show', actor, reason);
        break;
      case 'closed':
        if (question.status === QUESTION_STATUS.closed) break;
        return operations.close({ id: question.id, close_type: input.reason_type, close_msg: input.reason_msg }, actor);
      case 'deleted':
        if (question.status === QUESTION_STATUS.deleted) break;
        return operations.deleteQuestion(question.id, actor, reason);
      case 'unlisted':
        if (hidden) break;
        return operations.operate(question.id, 'hide', actor, reason);
    }
    throw AppError.badRequest(ADMIN_CONTENT_REASONS.statusUnchanged);
  }

  async setAnswerStatus(actor: Actor, input: AdminAnswerStatusInput): Promise<void> {
    const answer = await answersRepository.findById(this.site.db, input.answer_id);
    if (!answer) throw AppError.notFound(REASONS.answerNotFound);
    if (answer.status === ANSWER_STATUS.pending) throw AppError.badRequest(ADMIN_CONTENT_REASONS.pendingInQueue);
    if (input.status === 'deleted' && answer.status !== ANSWER_STATUS.deleted) {
      return this.operations.deleteAnswer(answer.id, actor, { type: input.reason_type, msg: input.reason_msg });
    }
    if (input.status === 'available' && answer.status === ANSWER_STATUS.deleted) {
      return this.operations.recoverAnswer(answer.id, actor, input.reason_msg);
    }
    throw AppError.badRequest(ADMIN_CONTENT_REASONS.statusUnchanged);
  }
}
