import { USER_STATUS } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { nextId } from '../../lib/ids.js';
import type { Actor } from '../auth/auth.service.js';
import { answersRepository } from '../posts/answers.repository.js';
import { questionsRepository } from '../posts/questions.repository.js';
import { canSeePost } from '../posts/visibility.js';
import { queueInboxEmail } from './email-notices.js';
import { recordLiveEvent } from './live-events.js';
import { INBOX_KIND, NOTIFICATION_TYPE, notificationsRepository, READ_STATE } from './notifications.repository.js';

/** Inbox actions (peer facts 4.1; `notification.action.<x>` names their text) and their tab. */
export const INBOX_ACTIONS = {
  answer_the_question: INBOX_KIND.posts,
  update_question: INBOX_KIND.posts,
  update_answer: INBOX_KIND.posts,
  accept_answer: INBOX_KIND.posts,
  comment_question: INBOX_KIND.posts,
  comment_answer: INBOX_KIND.posts,
  reply_to_you: INBOX_KIND.posts,
  mention_you: INBOX_KIND.posts,
  your_question_is_closed: INBOX_KIND.posts,
  /** Ours (issue 12 item 4): the peer tells nobody of an unlist. */
  your_question_was_unlisted: INBOX_KIND.posts,
  your_question_was_deleted: INBOX_KIND.posts,
  your_answer_was_deleted: INBOX_KIND.posts,
  your_comment_was_deleted: INBOX_KIND.posts,
  up_voted_question: INBOX_KIND.votes,
  down_voted_question: INBOX_KIND.votes,
  up_voted_answer: INBOX_KIND.votes,
  down_voted_answer: INBOX_KIND.votes,
  up_voted_comment: INBOX_KIND.votes,
  invited_you_to_answer: INBOX_KIND.invites,
} as const;
export type InboxAction = keyof typeof INBOX_ACTIONS;

/** Actions whose actor is never stored: a downvoter stays anonymous (peer facts 4.1). */
const ANONYMOUS: ReadonlySet<InboxAction> = new Set(['down_voted_question', 'down_voted_answer']);

/** One event of a change, told to its receivers in the change's own transaction. */
export interface InboxEvent {
  action: InboxAction;
  /** Who caused it; never told about their own act. */
  actorId: string;
  receivers: readonly string[];
  questionId: string;
  answerId?: string;
  commentId?: string;
  /**
   * For events that must tell a receiver once however often they repeat (a vote cast, taken
   * back and cast again): the key that names the repeat. Other events get a row each.
   */
  onceKey?: string;
  now: number;
}

/**
 * Writes an inbox item for each receiver who may see the post it is about: never the actor,
 * nobody twice, nobody deleted, and nobody the post core's visibility rule keeps from the
 * question or answer (held, deleted or unlisted posts reach only their author and staff).
 * Must run inside the transaction of the change, with its `trx`.
 */
export async function notifyInbox(trx: Db, event: InboxEvent): Promise<void> {
  const wanted = [...new Set(event.receivers)].filter((id) => id && id !== event.actorId);
  if (wanted.length === 0) return;
  const question = await questionsRepository.findById(trx, event.questionId);
  if (!question) return;
  const answer = event.answerId ? await answersRepository.findById(trx, event.answerId) : undefined;
  if (event.answerId && !answer) return;
  const users = await trx.selectFrom('users').selectAll().where('id', 'in', wanted).execute();
  for (const user of users) {
    if (user.status === USER_STATUS.deleted) continue;
    const receiver: Actor = { user, tokenHash: '' };
    if (!canSeePost(receiver, question) || (answer && !canSeePost(receiver, answer))) continue;
    const id = await nextId(trx, 'notification');
    const inserted = await notificationsRepository.insert(trx, {
      id,
      user_id: user.id,
      type: NOTIFICATION_TYPE.inbox,
      msg_type: INBOX_ACTIONS[event.action],
      action: event.action,
      actor_id: ANONYMOUS.has(event.action) ? '' : event.actorId,
      object_id: event.commentId || event.answerId || event.questionId,
      question_id: event.questionId,
      answer_id: event.answerId ?? '',
      comment_id: event.commentId ?? '',
      group_key: event.onceKey ?? id,
      rank: 0,
      is_read: READ_STATE.unread,
      created_at: event.now,
      updated_at: event.now,
    });
    if (inserted) await notificationsRepository.raiseCounter(trx, user.id, NOTIFICATION_TYPE.inbox);
    // Their open tabs hear of it once this transaction commits (the live stream).
    if (inserted)
      await recordLiveEvent(trx, { kind: 'notification', userId: user.id, notificationId: id, now: event.now });
    // Answers, comments and invitations are emailed too, when the receiver asked (the outbox, same trx).
    if (inserted) await queueInboxEmail(trx, user, event, question.user_id);
  }
}

/** The question's followers: they get copies of its answer, edit and accept items (peer facts 4.1). */
export function followersOf(trx: Db, questionId: string): Promise<string[]> {
  return notificationsRepository.followersOf(trx, questionId);
}
