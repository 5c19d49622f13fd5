import { MAIL_STATUS, USER_STATUS, type NotificationSource } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { nextId } from '../../lib/ids.js';
import type { Actor } from '../auth/auth.service.js';
import { questionsRepository } from '../posts/questions.repository.js';
import { canSeePost } from '../posts/visibility.js';
import type { UserRow } from '../users/users.repository.js';
import { emailDigestRepository, type Digest } from './email-digest.repository.js';

/** How long an item waits for others to join it in one email (env for the e2e run, which cannot wait minutes). */
export function digestDelaySeconds(): number {
  const raw = process.env.INQUIRE_MAIL_DIGEST_SECONDS;
  const value = raw ? Number(raw) : Number.NaN;
  return Number.isFinite(value) && value >= 0 ? value : 120;
}

/** "All new questions" subscribers get at most this many new-question emails a week (peer facts 4.4). */
export const WEEKLY_QUESTION_EMAILS = 50;
export const QUOTA_WINDOW_SECONDS = 7 * 24 * 60 * 60;

/**
 * Inbox actions that are emailed to the inbox source (peer facts 4.4): new answers (to the
 * asker only, not the question's followers), comments and replies (mentions are not), and
 * invitations.
 */
const EMAILED_ACTIONS: ReadonlySet<string> = new Set([
  'answer_the_question',
  'comment_question',
  'comment_answer',
  'reply_to_you',
  'invited_you_to_answer',
]);

/** Email goes only to members in good standing with a verified address. */
export function mayReceiveEmail(user: UserRow): boolean {
  return user.status === USER_STATUS.normal && user.mail_status === MAIL_STATUS.activated && user.e_mail !== '';
}

interface InboxEmailEvent {
  action: string;
  actorId: string;
  questionId: string;
  answerId?: string;
  commentId?: string;
  now: number;
}

/**
 * Queues the email of an inbox item just written for `user` (notify.ts has already applied the
 * receiver rules: never the actor, only who may see the post). Runs in the change's transaction.
 */
export async function queueInboxEmail(
  trx: Db,
  user: UserRow,
  event: InboxEmailEvent,
  questionAuthorId: string,
): Promise<void> {
  if (!EMAILED_ACTIONS.has(event.action)) return;
  if (event.action === 'answer_the_question' && user.id !== questionAuthorId) return;
  if (!mayReceiveEmail(user)) return;
  if (!(await emailDigestRepository.subscribed(trx, [user.id], 'inbox')).has(user.id)) return;
  await queueItem(trx, user.id, 'inbox', 'inbox', event);
}

/**
 * Queues new-question emails when a question becomes visible (asked, or approved from the
 * queue): to followers of any of its tags who asked for those, else to "all new questions"
 * subscribers within their weekly 50. Never its author, only members who may see it.
 */
export async function queueNewQuestionEmails(trx: Db, questionId: string, now: number): Promise<void> {
  const question = await questionsRepository.findById(trx, questionId);
  if (!question) return;
  const tagFollowers = await emailDigestRepository.tagFollowers(trx, question.id);
  const byTags = await emailDigestRepository.subscribed(trx, tagFollowers, 'all_new_question_for_following_tags');
  const toAll = await emailDigestRepository.allSubscribed(trx, 'all_new_question');
  const wanted = [...new Set([...byTags, ...toAll])].filter((id) => id !== question.user_id);
  if (wanted.length === 0) return;
  const users = await trx.selectFrom('users').selectAll().where('id', 'in', wanted).orderBy('id').execute();
  for (const user of users) {
    const receiver: Actor = { user, tokenHash: '' };
    if (!mayReceiveEmail(user) || !canSeePost(receiver, question)) continue;
    // A tag follower is told through the tag source, which has no weekly cap.
    const source: NotificationSource = byTags.has(user.id) ? 'all_new_question_for_following_tags' : 'all_new_question';
    if (source === 'all_new_question') {
      const sent = await emailDigestRepository.countQuestionEmail(trx, user.id, QUOTA_WINDOW_SECONDS, now);
      if (sent > WEEKLY_QUESTION_EMAILS) continue;
    }
    await queueItem(trx, user.id, 'question', source, {
      action: 'new_question',
      actorId: question.user_id,
      questionId: question.id,
      now,
    });
  }
}

async function queueItem(
  trx: Db,
  userId: string,
  digest: Digest,
  source: NotificationSource,
  event: InboxEmailEvent,
): Promise<void> {
  await emailDigestRepository.insert(trx, {
    id: await nextId(trx, 'email'),
    user_id: userId,
    digest,
    source,
    action: event.action,
    actor_id: event.actorId,
    question_id: event.questionId,
    answer_id: event.answerId ?? '',
    comment_id: event.commentId ?? '',
    created_at: event.now,
    due_at: event.now + digestDelaySeconds(),
  });
}
