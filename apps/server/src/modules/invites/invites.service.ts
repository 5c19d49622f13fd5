import { ACCOUNT_REASONS, hasPrivilege, REASONS, type InviteInput, type InvitedUser } from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { countersRepository } from '../captcha/counters.repository.js';
import { memberOf } from '../auth/actor.js';
import type { Actor } from '../auth/auth.service.js';
import { canAnswer } from '../posts/post-policy.js';
import { loadLivePost } from '../posts/visibility.js';
import { questionsRepository } from '../posts/questions.repository.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { avatarUrl } from '../users/users.presenter.js';
import { invitesRepository, type InviteeRow } from './invites.repository.js';
import { notifyInbox } from '../notifications/notify.js';

/**
 * Invitations will send email (a later issue), so saving them is rate limited per member
 * (security anchors: invite spam, CVE-2022-35958); 30 a day is the peer's captcha threshold.
 */
const INVITE_SAVES = { max: 30, window: 24 * 60 * 60 };

/** Inviting people to answer a question (peer facts 6.1); the newly invited get an inbox item. */
export class InvitesService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
  ) {}

  /** Who is invited to answer a question the caller may see. */
  async list(questionId: string, actor: Actor | null): Promise<InvitedUser[]> {
    const question = await this.question(questionId, actor);
    return this.present(question.id);
  }

  /** Who is invited to answer a live question already checked readable by the caller. */
  async listOf(question: { id: string }): Promise<InvitedUser[]> {
    return this.present(question.id);
  }

  /**
   * Sets the whole list: load, authorize (the invite privilege), count it against the daily
   * limit, check every name is an activated member other than the caller and the asker, then
   * store it.
   */
  async set(input: InviteInput, actor: Actor): Promise<InvitedUser[]> {
    const db = this.site.db;
    const question = await this.question(input.id, actor);
    if (!hasPrivilege(memberOf(actor), 'answer.invite_someone_to_answer')) {
      throw AppError.forbidden(REASONS.rankTooLow);
    }
    const row = await questionsRepository.findById(db, question.id);
    if (!row || !canAnswer(actor, row)) throw AppError.forbidden(REASONS.questionNotAnswerable);
    const now = nowSeconds();
    const wanted = [...new Set(input.invite_user.map((name) => name.toLowerCase()))];
    const found = await invitesRepository.activeByUsernames(db, wanted);
    const invalid = wanted.filter(
      (name) => !found.some((u) => u.username === name && u.id !== actor.user.id && u.id !== question.authorId),
    );
    if (invalid.length) {
      throw AppError.fields([{ field: 'invite_user', key: REASONS.inviteUserInvalid }], REASONS.inviteUserInvalid);
    }
    // Counted once the input is valid: a refused save changes nothing, the quota included.
    const saves = await countersRepository.hit(db, `rl:invite:${actor.user.id}`, INVITE_SAVES.window, now);
    if (saves > INVITE_SAVES.max) throw new AppError(429, ACCOUNT_REASONS.rateLimited);
    const invited = found.map((u) => u.id);
    await db.transaction().execute(async (trx) => {
      const before = new Set(await invitesRepository.invitedIds(trx, question.id));
      await invitesRepository.replace(trx, question.id, actor.user.id, invited, now);
      // Only the newly invited are told (peer facts 6.1); someone kept on the list heard already.
      await notifyInbox(trx, {
        action: 'invited_you_to_answer',
        actorId: actor.user.id,
        receivers: invited.filter((id) => !before.has(id)),
        questionId: question.id,
        now,
      });
    });
    return this.present(question.id);
  }

  private async question(id: string, actor: Actor | null) {
    const post = await loadLivePost(this.site.db, id, actor);
    if (post.kind !== 'question') throw AppError.notFound(REASONS.questionNotFound);
    return post;
  }

  private async present(questionId: string): Promise<InvitedUser[]> {
    return this.presentRows(await invitesRepository.listFor(this.site.db, questionId));
  }

  /** Invitees read already (a question page reads them with its row), as the wire shows them. */
  async presentRows(rows: InviteeRow[]): Promise<InvitedUser[]> {
    const { site_users: users } = await this.siteinfo.settings();
    return rows.map((r) => ({ username: r.username, display_name: r.display_name, avatar: avatarUrl(r, users) }));
  }
}
