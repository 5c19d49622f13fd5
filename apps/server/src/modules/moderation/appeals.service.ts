import {
  APPEAL_STATUS,
  CURATION_REASONS,
  MODERATION_REASONS,
  REASONS,
  type AppealItem,
  type Paged,
} from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { nextId } from '../../lib/ids.js';
import { isActiveStaff } from '../auth/actor.js';
import type { Actor } from '../auth/auth.service.js';
import { countersRepository } from '../captcha/counters.repository.js';
import { presentDecision } from '../posts/decisions.js';
import { recordModeration } from './moderation-timeline.js';
import { presentAuthor } from '../posts/post.presenter.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { usersRepository } from '../users/users.repository.js';
import { appealsRepository, type AppealRow } from './moderation.repository.js';

/** Appeals a member may file: a few an hour, so the queue cannot be flooded. */
export const APPEAL_LIMIT = { max: 5, window: 3600 } as const;

const forbidden = () => AppError.forbidden(CURATION_REASONS.operationForbidden);

/**
 * Appeals (issue 12 item 4): the member a decision affects (even while suspended) asks staff
 * to look again, one open appeal per decision; staff work them one at a time in the review
 * screen's `appeal` queue and grant (then undo the decision with the usual operations) or deny.
 */
export class AppealsService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
  ) {}

  async file(input: { decision_id: string; content: string }, actor: Actor): Promise<{ appeal_id: string }> {
    const db = this.site.db;
    const decision = await appealsRepository.findDecision(db, input.decision_id);
    // Someone else's decision is not found: its existence is nobody else's business.
    if (!decision || decision.user_id !== actor.user.id) throw AppError.notFound(MODERATION_REASONS.decisionNotFound);
    await this.count(actor);
    const now = nowSeconds();
    const id = await nextId(db, 'appeal');
    const row = {
      id,
      decision_id: decision.id,
      user_id: actor.user.id,
      content: input.content,
      created_at: now,
      updated_at: now,
    };
    if (!(await appealsRepository.insertOpen(db, row))) throw AppError.badRequest(MODERATION_REASONS.appealOpen);
    return { appeal_id: id };
  }

  async page(page: number, actor: Actor): Promise<Paged<AppealItem>> {
    if (!isActiveStaff(actor)) throw forbidden();
    const db = this.site.db;
    const [count, appeal] = await Promise.all([appealsRepository.openCount(db), appealsRepository.openAt(db, page)]);
    return { count, list: appeal ? [await this.present(appeal)] : [] };
  }

  async answer(input: { appeal_id: string; status: 'grant' | 'deny' }, actor: Actor): Promise<void> {
    if (!isActiveStaff(actor)) throw forbidden();
    const db = this.site.db;
    const appeal = await appealsRepository.findById(db, input.appeal_id);
    if (!appeal) throw AppError.notFound(MODERATION_REASONS.appealNotFound);
    const decision = await appealsRepository.findDecision(db, appeal.decision_id);
    if (!decision) throw AppError.notFound(MODERATION_REASONS.decisionNotFound);
    const status = input.status === 'grant' ? APPEAL_STATUS.granted : APPEAL_STATUS.denied;
    const now = nowSeconds();
    await db.transaction().execute(async (trx) => {
      if (!(await appealsRepository.settle(trx, appeal.id, status, actor.user.id, now))) {
        throw AppError.badRequest(MODERATION_REASONS.appealHandled);
      }
      // The appeal's words go with the answer on the timeline of what was decided.
      const action = input.status === 'grant' ? 'appeal_granted' : 'appeal_denied';
      await recordModeration(trx, {
        objectId: decision.object_id,
        actorId: actor.user.id,
        action,
        reason: appeal.content,
        now,
      });
    });
  }

  private async present(appeal: AppealRow): Promise<AppealItem> {
    const db = this.site.db;
    const decision = await appealsRepository.findDecision(db, appeal.decision_id);
    const [people, { site_users: users }] = await Promise.all([
      usersRepository.authors(db, [appeal.user_id, decision?.actor_id ?? '']),
      this.siteinfo.settings(),
    ]);
    const person = (id: string) => {
      const row = people.find((p) => p.id === id);
      return row ? presentAuthor(row, users) : null;
    };
    if (!decision) throw AppError.notFound(MODERATION_REASONS.decisionNotFound);
    return {
      appeal_id: appeal.id,
      created_at: appeal.created_at,
      content: appeal.content,
      appellant: person(appeal.user_id),
      decision: {
        ...presentDecision(decision, true),
        object_id: decision.object_id,
        object_type: decision.object_type,
        decided_by: person(decision.actor_id),
      },
    };
  }

  private async count(actor: Actor): Promise<void> {
    const key = `moderation:appeal:u:${actor.user.id}`;
    const count = await countersRepository.hit(this.site.db, key, APPEAL_LIMIT.window, nowSeconds());
    if (count > APPEAL_LIMIT.max) throw new AppError(429, REASONS.tooManyRequests);
  }
}
