import {
  isLanguage,
  questionPath,
  slugify,
  USER_STATUS,
  type Language,
  type NotificationSource,
  type SiteSettings,
} from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import type { SiteRuntime } from '../../infra/site.js';
import { hashToken, newToken } from '../../infra/tokens.js';
import { nowSeconds } from '../../lib/clock.js';
import { emailCodesRepository } from '../accounts/email-codes.repository.js';
import type { Actor } from '../auth/auth.service.js';
import type { MailService } from '../mail/mail.service.js';
import { readSmtp, smtpConfigured } from '../mail/smtp-settings.js';
import { answersRepository } from '../posts/answers.repository.js';
import { commentsRepository } from '../posts/comments.repository.js';
import { questionsRepository } from '../posts/questions.repository.js';
import { canSeePost } from '../posts/visibility.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { usersRepository, type UserRow } from '../users/users.repository.js';
import { emailDigestRepository, type Digest, type DigestItem } from './email-digest.repository.js';
import { mayReceiveEmail } from './email-notices.js';
import { renderNotificationEmail, type EmailLine } from './notification-email.js';

/** Unsubscribe links live a day (peer facts 4.4). */
export const UNSUBSCRIBE_CODE_TTL_SECONDS = 24 * 60 * 60;

/** Receivers merged per pass; the rest wait for the next pass (every few seconds). */
const RECEIVERS_PER_PASS = 50;

/** Another process merged (some of) these items first: this one's email is rolled back. */
class TakenElsewhere extends Error {}

/**
 * Turns waiting notification items into emails: for each receiver with a due item, all their
 * waiting items of that digest become ONE email in the outbox, and the items are deleted, in
 * one transaction (a crash leaves the items or the email; two processes never both send).
 * Each item is checked again at this point: a receiver who was suspended or switched the
 * source off, or a post deleted meanwhile, drops out.
 */
export class NotificationEmailsService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
    private readonly mail: MailService,
  ) {}

  async composeDue(now = nowSeconds()): Promise<void> {
    const due = await emailDigestRepository.dueReceivers(this.site.db, now, RECEIVERS_PER_PASS);
    if (due.length === 0) return;
    // Without SMTP settings notification emails are not sent at all (peer facts 4.4); unlike an
    // activation link, nobody needs them in the server log. The due items are dropped.
    if (!smtpConfigured(await readSmtp(this.site.db))) {
      await emailDigestRepository.removeDue(this.site.db, now);
      return;
    }
    const settings = await this.siteinfo.settings();
    for (const { user_id: userId, digest } of due) {
      try {
        await this.site.db.transaction().execute((trx) => this.compose(trx, settings, userId, digest as Digest, now));
      } catch (error) {
        if (!(error instanceof TakenElsewhere)) throw error;
      }
    }
  }

  private async compose(trx: Db, settings: SiteSettings, userId: string, digest: Digest, now: number): Promise<void> {
    const items = await emailDigestRepository.itemsOf(trx, userId, digest);
    if (items.length === 0) return;
    const ids = items.map((item) => item.id);
    if ((await emailDigestRepository.remove(trx, ids)) !== ids.length) throw new TakenElsewhere();
    const user = await usersRepository.findById(trx, userId);
    if (!user || !mayReceiveEmail(user)) return;
    const sources = [...new Set(items.map((i) => i.source as NotificationSource))];
    const stillOn = new Set<string>();
    for (const source of sources) {
      if ((await emailDigestRepository.subscribed(trx, [user.id], source)).has(user.id)) stillOn.add(source);
    }
    const base = settings.general.site_url.replace(/\/+$/, '');
    const lines: EmailLine[] = [];
    const told = new Set<NotificationSource>();
    for (const item of items) {
      if (!stillOn.has(item.source)) continue;
      const line = await this.lineOf(trx, user, item, base, settings.site_seo.permalink);
      if (!line) continue;
      lines.push(line);
      told.add(item.source as NotificationSource);
    }
    if (lines.length === 0) return;
    const code = newToken();
    await emailCodesRepository.store(trx, {
      code_hash: hashToken(code),
      user_id: user.id,
      action: 'unsubscribe',
      content: JSON.stringify([...told]),
      now,
      ttl: UNSUBSCRIBE_CODE_TTL_SECONDS,
    });
    const lang: Language = isLanguage(user.language) ? user.language : settings.interface.language;
    const query = `code=${encodeURIComponent(code)}`;
    const email = renderNotificationEmail(lang, {
      to: user.e_mail,
      name: user.display_name,
      site: settings.general.name,
      digest,
      lines,
      unsubscribePage: `${base}/users/unsubscribe?${query}`,
      oneClick: `${base}/answer/api/v1/user/notification/unsubscribe?${query}`,
      settingsPage: `${base}/users/settings/notify`,
      moreLink: digest === 'inbox' ? `${base}/users/notifications/inbox` : `${base}/questions`,
    });
    await this.mail.enqueue(trx, email);
  }

  /** The item's line, or nothing when the receiver may no longer see what it is about. */
  private async lineOf(
    trx: Db,
    user: UserRow,
    item: DigestItem,
    base: string,
    permalink: unknown,
  ): Promise<EmailLine | undefined> {
    const receiver: Actor = { user, tokenHash: '' };
    const question = await questionsRepository.findById(trx, item.question_id);
    if (!question || !canSeePost(receiver, question)) return undefined;
    if (item.answer_id) {
      const answer = await answersRepository.findById(trx, item.answer_id);
      if (!answer || !canSeePost(receiver, answer)) return undefined;
    }
    if (item.comment_id) {
      const comment = await commentsRepository.findLive(trx, item.comment_id);
      if (!comment || !canSeePost(receiver, comment)) return undefined;
    }
    const actor = item.actor_id ? await usersRepository.findById(trx, item.actor_id) : undefined;
    const path = questionPath(
      { id: question.id, url_title: slugify(question.title) },
      permalink,
      item.answer_id || undefined,
    );
    return {
      action: item.action,
      // A deleted member shows as "user" and a short id, as in the inbox (notifications.presenter.ts).
      actor: !actor ? '' : actor.status === USER_STATUS.deleted ? `user${actor.id.slice(-6)}` : actor.display_name,
      title: question.title,
      link: `${base}${path}${item.comment_id ? `#${item.comment_id}` : ''}`,
    };
  }
}
