import {
  CURATION_REASONS,
  editAnswerSchema,
  editQuestionSchema,
  MODERATION_REASONS,
  REPORT_STATUS,
  ROLE,
  type FlaggedPostItem,
  type FlaggedUserItem,
  type Language,
  type Paged,
  type ReportInput,
  type ReportReviewInput,
} from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import { parseInput } from '../../infra/validate.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { nextId } from '../../lib/ids.js';
import { holds, isActiveStaff } from '../auth/actor.js';
import type { Actor } from '../auth/auth.service.js';
import { suspendedUntil } from '../admin/admin-users.service.js';
import type { CommentsService } from '../comments/comments.service.js';
import type { OperationsService } from '../operations/operations.service.js';
import { decisions } from '../posts/decisions.js';
import type { RevisionsService } from '../revisions/revisions.service.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { usersRepository } from '../users/users.repository.js';
import { assertFlaggable, loadFlagTarget, type FlagTarget } from './flag-targets.js';
import { presentFlaggedPost, presentFlaggedUser } from './flag-items.presenter.js';
import { reportsRepository, suspendMember, type ReportRow } from './moderation.repository.js';
import { recordModeration } from './moderation-timeline.js';
import { FLAGGED_POST_TYPES, FLAGGED_USER_TYPES } from './review-queues.js';

const POST_TYPES = FLAGGED_POST_TYPES;
const USER_TYPES = FLAGGED_USER_TYPES;

/** The services a flag's decision is carried out by (the same rules as their own routes). */
export interface FlagActions {
  operations: OperationsService;
  revisions: RevisionsService;
  comments: CommentsService;
}

const forbidden = () => AppError.forbidden(CURATION_REASONS.operationForbidden);

/**
 * Flags (peer facts 5.2, issue 12 items 1, 2 and 5): members flag posts and members with a
 * reason; staff in good standing work the flagged-post and flagged-user queues one item at a
 * time and decide: ignore, edit, close, delete, unlist, or suspend a member.
 */
export class FlagsService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
    private readonly actions: FlagActions,
  ) {}

  /** POST report: one open flag per member and object; nothing deleted. */
  async report(input: ReportInput, actor: Actor): Promise<void> {
    if (!holds(actor, 'report.add')) throw AppError.forbidden(CURATION_REASONS.operationForbidden);
    const db = this.site.db;
    const target = await loadFlagTarget(db, input.object_id, actor);
    assertFlaggable(target);
    const now = nowSeconds();
    const inserted = await reportsRepository.insertOpen(db, {
      id: await nextId(db, 'report'),
      user_id: actor.user.id,
      object_id: target.objectId,
      reported_user_id: target.authorId,
      object_type: target.objectType,
      report_type: input.report_type,
      content: input.content,
      created_at: now,
      updated_at: now,
    });
    if (!inserted) throw AppError.badRequest(MODERATION_REASONS.alreadyFlagged);
  }

  pendingPosts(): Promise<number> {
    return reportsRepository.pendingCount(this.site.db, POST_TYPES);
  }

  pendingUsers(): Promise<number> {
    return reportsRepository.pendingCount(this.site.db, USER_TYPES);
  }

  /** GET report/unreviewed/post: the page-th open flag on a post (one per page). */
  async unreviewedPosts(page: number, actor: Actor, lang: Language): Promise<Paged<FlaggedPostItem>> {
    if (!isActiveStaff(actor)) throw forbidden();
    const db = this.site.db;
    const [count, flag, { site_users: users }] = await Promise.all([
      this.pendingPosts(),
      reportsRepository.pendingAt(db, POST_TYPES, page),
      this.siteinfo.settings(),
    ]);
    return { count, list: flag ? [await presentFlaggedPost(db, flag, users, lang)] : [] };
  }

  /** GET report/unreviewed/user: the page-th open flag on a member (ours). */
  async unreviewedUsers(page: number, actor: Actor, lang: Language): Promise<Paged<FlaggedUserItem>> {
    if (!isActiveStaff(actor)) throw forbidden();
    const db = this.site.db;
    const [count, flag, { site_users: users }] = await Promise.all([
      this.pendingUsers(),
      reportsRepository.pendingAt(db, USER_TYPES, page),
      this.siteinfo.settings(),
    ]);
    return { count, list: flag ? [await presentFlaggedUser(db, flag, users, lang)] : [] };
  }

  /**
   * PUT report/review: load the open flag → staff only → carry out the operation through the
   * post's own use case (which writes the timeline, the decision and the author's notice) →
   * settle the flag (ignored, or completed).
   */
  async review(input: ReportReviewInput, actor: Actor): Promise<void> {
    if (!isActiveStaff(actor)) throw forbidden();
    const flag = await this.openFlag(input.flag_id);
    const target = await loadFlagTarget(this.site.db, flag.object_id, actor);
    if (input.operation_type === 'ignore_report') return this.ignore(flag, actor);
    await this.carryOut(input, flag, target, actor);
    await reportsRepository.settle(this.site.db, flag.id, REPORT_STATUS.completed, actor.user.id, nowSeconds());
  }

  private async openFlag(id: string): Promise<ReportRow> {
    const flag = await reportsRepository.findById(this.site.db, id);
    if (!flag) throw AppError.notFound(MODERATION_REASONS.flagNotFound);
    if (flag.status !== REPORT_STATUS.pending) throw AppError.badRequest(MODERATION_REASONS.flagHandled);
    return flag;
  }

  /** Ignoring changes nothing but the flag, and says so on the object's timeline. */
  private async ignore(flag: ReportRow, actor: Actor): Promise<void> {
    const now = nowSeconds();
    await this.site.db.transaction().execute(async (trx) => {
      if (!(await reportsRepository.settle(trx, flag.id, REPORT_STATUS.ignored, actor.user.id, now))) {
        throw AppError.badRequest(MODERATION_REASONS.flagHandled);
      }
      // The flag's own words stay with the entry: what staff looked at and let stand.
      await recordModeration(trx, {
        objectId: flag.object_id,
        actorId: actor.user.id,
        action: 'flag_ignored',
        reason: flag.content,
        now,
      });
    });
  }

  private async carryOut(input: ReportReviewInput, flag: ReportRow, target: FlagTarget, actor: Actor): Promise<void> {
    const { operations, revisions, comments } = this.actions;
    const reason = { type: flag.report_type, msg: flag.content };
    const id = target.objectId;
    const op = `${input.operation_type}:${target.kind}`;
    switch (op) {
      case 'edit_post:question':
        await revisions.editQuestion(parseInput(editQuestionSchema, { ...input, id, edit_summary: '' }), actor);
        return;
      case 'edit_post:answer':
        await revisions.editAnswer(
          parseInput(editAnswerSchema, { content: input.content, id, edit_summary: '' }),
          actor,
        );
        return;
      case 'edit_post:comment':
        await comments.edit(id, input.content, actor);
        return;
      case 'close_post:question':
        await operations.close({ id, close_type: input.close_type, close_msg: input.close_msg }, actor);
        return;
      case 'delete_post:question':
        await operations.deleteQuestion(id, actor, reason);
        return;
      case 'delete_post:answer':
        await operations.deleteAnswer(id, actor, reason);
        return;
      case 'delete_post:comment':
        await comments.remove(id, actor, reason);
        return;
      case 'unlist_post:question':
        await operations.operate(id, 'hide', actor, reason);
        return;
      case 'suspend_user:user':
        await this.suspend(target, flag, input, actor);
        return;
      default:
        throw AppError.badRequest(MODERATION_REASONS.operationNotFor);
    }
  }

  /**
   * Suspends a flagged member for the chosen time with the flag's reason, recorded as a
   * decision the member reads. Staff are suspended by admins only, and nobody suspends themself.
   */
  private async suspend(target: FlagTarget, flag: ReportRow, input: ReportReviewInput, actor: Actor): Promise<void> {
    const db = this.site.db;
    const member = await usersRepository.findById(db, target.objectId);
    if (!member || member.id === actor.user.id) throw forbidden();
    if (member.role_id !== ROLE.user && actor.user.role_id !== ROLE.admin) throw forbidden();
    const now = nowSeconds();
    const reasonText = input.close_msg || flag.content;
    await db.transaction().execute(async (trx) => {
      await suspendMember(trx, member.id, {
        suspended_at: now,
        suspended_until: suspendedUntil(input.suspend_duration, now),
        suspended_reason: reasonText,
      });
      await decisions.record(trx, {
        objectId: member.id,
        userId: member.id,
        actorId: actor.user.id,
        action: 'suspend',
        reasonType: flag.report_type,
        reasonMsg: reasonText,
        now,
      });
      await decisions.completeFlags(trx, [member.id], actor.user.id, now);
    });
  }
}
