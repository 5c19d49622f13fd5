import type { Db } from '../../infra/db.js';
import { nextId } from '../../lib/ids.js';
import { liveEventsRepository } from './live-events.repository.js';

/**
 * What the live stream tells: a receiver's new red-dot item (`notificationId` '' when only the
 * dots moved: items read, a dot cleared), or an answer or comment on a question.
 */
export type LiveEvent =
  | { kind: 'notification'; userId: string; notificationId: string; now: number }
  | { kind: 'answer'; questionId: string; answerId: string; now: number }
  | { kind: 'comment'; questionId: string; commentId: string; now: number };

/**
 * Records an event for the open tabs, inside the transaction of the change (`trx`): committed
 * with it, gone with a rollback. Its id comes from the notification sequence on purpose: the
 * counter row stays locked by the writer's transaction until it ends, so events commit in the
 * order of their ids (a stream resumed after id N can miss nothing committed later with a
 * smaller id), and the writers of notifications already take that lock, so no new lock order
 * arises. Who may see an answer or comment is decided when it is sent, reader by reader.
 */
export async function recordLiveEvent(trx: Db, event: LiveEvent): Promise<void> {
  const row =
    event.kind === 'notification'
      ? { user_id: event.userId, question_id: '', object_id: event.notificationId }
      : {
          user_id: '',
          question_id: event.questionId,
          object_id: event.kind === 'answer' ? event.answerId : event.commentId,
        };
  await liveEventsRepository.insert(trx, {
    id: await nextId(trx, 'notification'),
    kind: event.kind,
    created_at: event.now,
    ...row,
  });
}
