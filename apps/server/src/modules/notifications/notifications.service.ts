import {
  ACCOUNT_REASONS,
  REASONS,
  type InboxType,
  type Language,
  type NotificationItem,
  type NotificationStatus,
  type NotificationType,
  type Paged,
} from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { countersRepository } from '../captcha/counters.repository.js';
import type { Actor } from '../auth/auth.service.js';
import { answersRepository } from '../posts/answers.repository.js';
import { questionsRepository } from '../posts/questions.repository.js';
import { canSeePost } from '../posts/visibility.js';
import { reviewQueues } from '../moderation/review-queues.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { usersRepository } from '../users/users.repository.js';
import {
  INBOX_KIND,
  NOTIFICATION_TYPE,
  notificationsRepository,
  type NotificationRow,
} from './notifications.repository.js';
import { recordLiveEvent } from './live-events.js';
import { presentNotification, type ShownPost } from './notifications.presenter.js';

const TYPE_CODE: Record<NotificationType, number> = NOTIFICATION_TYPE;
const INBOX_CODE: Record<InboxType, number | null> = { all: null, ...INBOX_KIND };

/**
 * Read-state writes per member: marking items read is cheap but a write each, so a runaway
 * client (or a script) is held to 120 a minute (security anchors: every write route is limited).
 */
const READ_WRITES = { max: 120, window: 60 };

/**
 * A member's inbox and achievements (peer facts 4.3): pages, red dots, read state. Items are
 * written by the writers of the changes (notify.ts, achievements.ts); this reads them, and
 * shows a post's title only while the reader may still see it.
 */
export class NotificationsService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
  ) {}

  async page(
    actor: Actor,
    query: { type: NotificationType; inbox_type: InboxType; page: number; page_size: number },
    lang: Language,
  ): Promise<Paged<NotificationItem>> {
    const db = this.site.db;
    const kind = query.type === 'inbox' ? INBOX_CODE[query.inbox_type] : null;
    const { count, list } = await notificationsRepository.page(
      db,
      actor.user.id,
      TYPE_CODE[query.type],
      kind,
      query.page,
      query.page_size,
    );
    return { count, list: await this.present(actor, list, lang) };
  }

  /** One of the reader's items as the inbox shows it (what the live stream sends); null when not theirs. */
  async item(actor: Actor, id: string, lang: Language): Promise<NotificationItem | null> {
    const row = await notificationsRepository.findRow(this.site.db, actor.user.id, id);
    return row ? ((await this.present(actor, [row], lang))[0] ?? null) : null;
  }

  private async present(actor: Actor, list: NotificationRow[], lang: Language): Promise<NotificationItem[]> {
    const [actors, posts, { site_users: users }] = await Promise.all([
      usersRepository.authors(this.site.db, list.map((n) => n.actor_id).filter(Boolean)),
      this.shownPosts(
        actor,
        list.map((n) => ({ questionId: n.question_id, answerId: n.answer_id })),
      ),
      this.siteinfo.settings(),
    ]);
    const actorById = new Map(actors.map((a) => [a.id, a]));
    return list.map((row) =>
      presentNotification(row, { actor: actorById.get(row.actor_id), post: posts.get(row.question_id), users, lang }),
    );
  }

  async status(actor: Actor): Promise<NotificationStatus> {
    // The review to-do is everything left in the queues this member may work (peer facts 4.3).
    const [counters, queues] = await Promise.all([
      notificationsRepository.counters(this.site.db, actor.user.id),
      reviewQueues(this.site.db, actor),
    ]);
    return {
      inbox: counters[NOTIFICATION_TYPE.inbox] ?? 0,
      achievement: counters[NOTIFICATION_TYPE.achievement] ?? 0,
      revision: queues.reduce((sum, queue) => sum + queue.todo, 0),
      can_revision: queues.length > 0,
      badge_award: null,
    };
  }

  /** PUT notification/status: clears one red dot; the items stay unread (peer facts 4.3). */
  async clearStatus(actor: Actor, type: NotificationType): Promise<NotificationStatus> {
    await this.countWrite(actor);
    await this.site.db.transaction().execute(async (trx) => {
      await this.dotsMoved(trx, actor);
      await notificationsRepository.clearCounter(trx, actor.user.id, TYPE_CODE[type]);
    });
    return this.status(actor);
  }

  /** Marks one of the caller's items read; someone else's is not found. */
  async markRead(actor: Actor, id: string): Promise<void> {
    const db = this.site.db;
    await this.countWrite(actor);
    const item = await notificationsRepository.findMine(db, actor.user.id, id);
    if (!item) throw AppError.notFound(REASONS.objectNotFound);
    await db.transaction().execute(async (trx) => {
      await this.dotsMoved(trx, actor);
      if (await notificationsRepository.markRead(trx, item.id)) {
        await notificationsRepository.lowerCounter(trx, actor.user.id, item.type);
      }
    });
  }

  async markAllRead(actor: Actor, type: NotificationType): Promise<void> {
    await this.countWrite(actor);
    await this.site.db.transaction().execute(async (trx) => {
      await this.dotsMoved(trx, actor);
      await notificationsRepository.markAllRead(trx, actor.user.id, TYPE_CODE[type]);
      await notificationsRepository.clearCounter(trx, actor.user.id, TYPE_CODE[type]);
    });
  }

  /**
   * The member's other open tabs follow their red dots: a live event with no item. Recorded
   * first in the transaction, because it takes the notification sequence's lock, which the
   * writers of notifications take before the counters (the same order here: no deadlock).
   */
  private dotsMoved(trx: Db, actor: Actor): Promise<void> {
    return recordLiveEvent(trx, { kind: 'notification', userId: actor.user.id, notificationId: '', now: nowSeconds() });
  }

  private async countWrite(actor: Actor): Promise<void> {
    const key = `rl:notification-read:${actor.user.id}`;
    const count = await countersRepository.hit(this.site.db, key, READ_WRITES.window, nowSeconds());
    if (count > READ_WRITES.max) throw new AppError(429, ACCOUNT_REASONS.rateLimited);
  }

  /**
   * The questions (with the answer when there is one) of a page of items, as the reader may
   * see them now: a post held, deleted or unlisted since shows no title to who may not see it.
   */
  private async shownPosts(
    actor: Actor,
    refs: { questionId: string; answerId: string }[],
  ): Promise<Map<string, ShownPost>> {
    const db = this.site.db;
    // One read per kind for the whole page, whatever its length.
    const questionIds = [...new Set(refs.map((r) => r.questionId).filter(Boolean))];
    const answerIds = [...new Set(refs.map((r) => r.answerId).filter(Boolean))];
    const [questions, answers] = await Promise.all([
      questionsRepository.findByIds(db, questionIds),
      answersRepository.findByIds(db, answerIds),
    ]);
    const questionById = new Map(questions.map((q) => [q.id, q]));
    const answerById = new Map(answers.map((a) => [a.id, a]));
    const shown = new Map<string, ShownPost>();
    for (const questionId of questionIds) {
      const question = questionById.get(questionId);
      shown.set(questionId, {
        title: question && canSeePost(actor, question) ? question.title : '',
        hiddenAnswers: new Set(),
      });
    }
    for (const { questionId, answerId } of refs) {
      if (!answerId) continue;
      const answer = answerById.get(answerId);
      if (!answer || !canSeePost(actor, answer)) shown.get(questionId)?.hiddenAnswers.add(answerId);
    }
    return shown;
  }
}
