import { heldPosts } from '../posts/held-posts.repository.js';
import { decisionsFor } from '../posts/decisions.js';
import { PostReviewer, type PostVerdict } from '../posts/post-reviewer.js';
import {
  ANSWER_STATUS,
  QUESTION_STATUS,
  REASONS,
  type AnswerInput,
  type AnswerItem,
  type Paged,
} from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import type { SiteRuntime } from '../../infra/site.js';
import { DUPLICATE_WINDOW_SECONDS, nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { nextId } from '../../lib/ids.js';
import { renderMarkdown } from '../../lib/markdown.js';
import { activitiesRepository } from '../activity/activities.repository.js';
import type { Actor } from '../auth/auth.service.js';
import { canAccept, canAnswer } from '../posts/post-policy.js';
import { canSeePost, seesOthersRestrictedPosts } from '../posts/visibility.js';
import { presentAnswer, presentAuthor } from '../posts/post.presenter.js';
import { questionsRepository, type QuestionRow } from '../posts/questions.repository.js';
import { reputation, type ReputationKey } from '../reputation/reputation.service.js';
import { revisionsRepository } from '../posts/revisions.repository.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { usersRepository } from '../users/users.repository.js';
import { answersRepository } from '../posts/answers.repository.js';
import { postWrites } from '../posts/post-writes.repository.js';
import { NO_ORIGIN, postOriginsRepository, type PostOrigin } from '../posts/post-origins.repository.js';
import { followersOf, notifyInbox } from '../notifications/notify.js';
import { tellOfAnswer } from './answer-notice.js';

/** An answer checked and reviewed, not yet written (`write`, in the caller's transaction). */
export interface PreparedAnswer {
  content: string;
  actor: Actor;
  origin: PostOrigin;
  verdict: PostVerdict;
  now: number;
}

/** A page of a question's answers as read, with the caller's votes on them. */
export type AnswerRows = Awaited<ReturnType<typeof answersRepository.listForQuestion>>;

export class AnswersService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
    private readonly reviewer: PostReviewer = new PostReviewer(siteinfo),
  ) {}

  /** Answers of a question the caller may see, accepted first; the question's visibility rules apply. */
  async page(questionId: string, actor: Actor | null, page: number, pageSize: number): Promise<Paged<AnswerItem>> {
    return this.pageOf(await this.visibleQuestion(questionId, actor), actor, page, pageSize);
  }

  /** The same, for a question row already loaded and checked readable by the caller. */
  async pageOf(question: QuestionRow, actor: Actor | null, page: number, pageSize: number): Promise<Paged<AnswerItem>> {
    return this.presentRows(question, actor, await this.rowsOf(question.id, actor, page, pageSize));
  }

  /**
   * The answers' rows alone, before their authors are read: a page that hangs more reads off
   * the answers (comments, reactions) starts them beside the authors' read. Only for a
   * question the caller may see: a caller that reads them before checking that drops them
   * unread when the check fails.
   */
  async rowsOf(questionId: string, actor: Actor | null, page: number, pageSize: number): Promise<AnswerRows> {
    // Suspended or unactivated staff read as members: the one visibility rule decides.
    return answersRepository.listForQuestion(
      this.site.db,
      questionId,
      { userId: actor?.user.id ?? '', seesOthersRestricted: seesOthersRestrictedPosts(actor) },
      page,
      pageSize,
    );
  }

  /** Rows from rowsOf as the caller sees them: authors, editors, decisions and actions. */
  async presentRows(question: QuestionRow, actor: Actor | null, rows: AnswerRows): Promise<Paged<AnswerItem>> {
    const { count, list, votes, people } = rows;
    const [{ site_users: users }, decided] = await Promise.all([
      this.siteinfo.settings(),
      decisionsFor(this.site.db, actor, list),
    ]);
    const byId = new Map([...people.values()].map((a) => [a.id, presentAuthor(a, users)]));
    return {
      count,
      list: list.flatMap((answer) => {
        const author = byId.get(answer.user_id);
        const editor = byId.get(answer.last_edit_user_id) ?? null;
        if (!author) return [];
        const decision = decided.get(answer.id) ?? null;
        return [{ ...presentAnswer(answer, author, question, actor, votes.get(answer.id), editor), decision }];
      }),
    };
  }

  /**
   * With restrict_answer on, the answer a member already gave to a question (not deleted):
   * they may edit it but not add another. Null when the site lets members answer freely.
   */
  async answerKeptBy(
    questionId: string,
    actor: Actor | null,
    /** The question's answers as its page shows them to this caller, when loaded already. */
    shown?: Paged<{ id: string; user_id: string; status: number }>,
  ): Promise<string | null> {
    if (!actor) return null;
    const { site_write: write } = await this.siteinfo.settings();
    if (!write.restrict_answer) return null;
    // A page holding every answer holds the caller's too (their pending one included), unless
    // there is none: no query to make.
    if (shown && shown.list.length === shown.count) {
      const own = shown.list.find((a) => a.user_id === actor.user.id && a.status !== ANSWER_STATUS.deleted);
      return own?.id ?? null;
    }
    return (await answersRepository.findByAuthor(this.site.db, questionId, actor.user.id))?.id ?? null;
  }

  /** Writes an answer: one per member when the site restricts answers (the form offers an edit instead). */
  async create(input: AnswerInput, actor: Actor, origin: PostOrigin = NO_ORIGIN): Promise<{ id: string }> {
    const question = await this.visibleQuestion(input.question_id, actor);
    if (!canAnswer(actor, question)) throw AppError.forbidden(REASONS.questionNotAnswerable);
    if (await this.answerKeptBy(question.id, actor)) {
      throw AppError.fields([{ field: 'content', key: REASONS.answerRestricted }], REASONS.answerRestricted);
    }
    const answering = await this.prepare(question, input.content, actor, origin);
    const id = await this.site.db.transaction().execute((trx) => this.write(trx, answering, question));
    return { id };
  }

  /**
   * The asker's own answer to the question they are asking (QuestionsService.askWithAnswer),
   * checked and reviewed before the question is written. The question has no answers yet (none
   * kept, none to duplicate) and is open as asked; the answer's review is its own, and a
   * question the reviewers hold keeps the answer out of sight with it until it is approved.
   */
  async prepareOwn(title: string, content: string, actor: Actor, origin: PostOrigin): Promise<PreparedAnswer> {
    const asked = { user_id: actor.user.id, status: QUESTION_STATUS.normal };
    if (!canAnswer(actor, asked)) throw AppError.forbidden(REASONS.questionNotAnswerable);
    return this.review(title, content, actor, origin, nowSeconds());
  }

  /** An answer's duplicate check and review, before anything is written. */
  private async prepare(
    question: QuestionRow,
    content: string,
    actor: Actor,
    origin: PostOrigin,
  ): Promise<PreparedAnswer> {
    const now = nowSeconds();
    const since = now - DUPLICATE_WINDOW_SECONDS;
    if (await answersRepository.findDuplicate(this.site.db, question.id, actor.user.id, content, since)) {
      throw AppError.badRequest(REASONS.duplicateRequest);
    }
    return this.review(question.title, content, actor, origin, now);
  }

  private async review(
    title: string,
    content: string,
    actor: Actor,
    origin: PostOrigin,
    now: number,
  ): Promise<PreparedAnswer> {
    const verdict = await this.reviewer.review(actor, {
      object_type: 'answer',
      title,
      content,
      tags: [],
      ip: origin.ip,
      user_agent: origin.userAgent,
      language: '',
    });
    return { content, actor, origin, verdict, now };
  }

  /**
   * Writes a prepared answer to the question in the caller's transaction: the answer, its first
   * revision, counters and activity, then its verdict; a published one is told to the asker and
   * the question's followers. The new answer's id.
   */
  async write(
    trx: Db,
    { content, actor, origin, verdict, now }: PreparedAnswer,
    question: Pick<QuestionRow, 'id' | 'user_id'>,
  ): Promise<string> {
    const answerId = await nextId(trx, 'answer');
    const revisionId = await nextId(trx, 'revision');
    await answersRepository.insert(trx, {
      id: answerId,
      question_id: question.id,
      user_id: actor.user.id,
      original_text: content,
      parsed_text: renderMarkdown(content),
      revision_id: revisionId,
      created_at: now,
      updated_at: now,
    });
    await revisionsRepository.insert(trx, {
      id: revisionId,
      user_id: actor.user.id,
      object_type: 2,
      object_id: answerId,
      content: JSON.stringify({ content }),
      created_at: now,
      updated_at: now,
    });
    await postOriginsRepository.record(trx, answerId, origin, now);
    await postWrites.bumpAnswerCount(trx, question.id, 1);
    await usersRepository.bumpCount(trx, actor.user.id, 'answer_count', 1);
    await activitiesRepository.insert(trx, {
      id: await nextId(trx, 'activity'),
      user_id: actor.user.id,
      object_id: answerId,
      original_object_id: question.id,
      activity_type: 'answer.answered',
      created_at: now,
      updated_at: now,
    });
    const post = { kind: 'answer' as const, id: answerId, authorId: actor.user.id, questionId: question.id };
    // A held answer is told to nobody until it is approved.
    if (await heldPosts.applyVerdict(trx, post, verdict, now)) return answerId;
    await questionsRepository.recordLastAnswer(trx, question.id, answerId, now);
    await tellOfAnswer(
      trx,
      { id: answerId, authorId: actor.user.id, questionId: question.id, askerId: question.user_id },
      now,
    );
    return answerId;
  }

  /**
   * Accepts an answer of the question, or takes the acceptance back with an empty id. The
   * reputation moves with it: +15 to the answer's author and +2 to the asker, nothing when
   * the asker accepts their own answer, and taken back from a previously accepted answer.
   */
  async accept(questionId: string, answerId: string, actor: Actor): Promise<void> {
    const db = this.site.db;
    const question = await this.visibleQuestion(questionId, actor);
    if (!canAccept(actor, question)) throw AppError.forbidden(REASONS.acceptForbidden);
    const taking = answerId === '' || answerId === '0';
    const answer = taking ? undefined : await answersRepository.findById(db, answerId);
    if (!taking && (!answer || answer.question_id !== question.id || !canSeePost(actor, answer))) {
      throw AppError.notFound(REASONS.answerNotFound);
    }
    const previous = question.accepted_answer_id
      ? await answersRepository.findById(db, question.accepted_answer_id)
      : undefined;
    if (previous?.id === answer?.id) return;
    const now = nowSeconds();
    await db.transaction().execute(async (trx) => {
      await answersRepository.setAccepted(trx, question.id, answer?.id ?? '');
      await questionsRepository.setAccepted(trx, question.id, answer?.id ?? '', now);
      if (previous) for (const key of acceptKeys(question, previous)) await reputation.revoke(trx, key);
      if (answer) {
        const self = answer.user_id === question.user_id;
        for (const key of acceptKeys(question, answer)) await reputation.grant(trx, key, { zero: self });
        await notifyInbox(trx, {
          action: 'accept_answer',
          actorId: actor.user.id,
          receivers: [answer.user_id, ...(await followersOf(trx, question.id))],
          questionId: question.id,
          answerId: answer.id,
          now,
        });
      }
    });
  }

  private async visibleQuestion(id: string, actor: Actor | null): Promise<QuestionRow> {
    const question = await questionsRepository.findById(this.site.db, id);
    if (!question || !canSeePost(actor, question)) throw AppError.notFound(REASONS.questionNotFound);
    return question;
  }
}

export function acceptKeys(
  question: Pick<QuestionRow, 'id' | 'user_id'>,
  answer: { id: string; user_id: string },
): ReputationKey[] {
  const base = { triggerUserId: question.user_id, objectId: answer.id, originalObjectId: question.id };
  return [
    { ...base, userId: answer.user_id, event: 'answer.accepted' },
    { ...base, userId: question.user_id, event: 'answer.accept' },
  ];
}
