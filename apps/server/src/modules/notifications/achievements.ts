import { objectTypeOf } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { nextId } from '../../lib/ids.js';
import { recordLiveEvent } from './live-events.js';
import { NOTIFICATION_TYPE, notificationsRepository, READ_STATE } from './notifications.repository.js';

/** A reputation change, as the reputation writer records it. */
export interface ReputationChange {
  userId: string;
  triggerUserId: string;
  objectId: string;
  originalObjectId: string;
  event: string;
}

/** Events whose causer stays anonymous: downvotes (peer facts 4.1). */
const ANONYMOUS_EVENTS = new Set(['question.voted_down', 'answer.voted_down']);

/**
 * Achievements (peer facts 4.2): one row per (receiver, object), its rank the receiver's net
 * reputation from that object now. A new change on the same object moves the row's rank and
 * makes it unread again instead of adding a row. The member who caused a change on their own
 * account (an answer downvote's cost, accepting one's own answer) is not told. Called by the
 * reputation writer inside the transaction of the change.
 */
export async function recordAchievement(trx: Db, change: ReputationChange, now: number): Promise<void> {
  if (change.userId === change.triggerUserId) return;
  const rank = await notificationsRepository.netRank(trx, change.userId, change.objectId);
  const groupKey = `a:${change.objectId}`;
  const fields = {
    rank,
    action: change.event,
    actor_id: ANONYMOUS_EVENTS.has(change.event) ? '' : change.triggerUserId,
    updated_at: now,
  };
  const existing = await notificationsRepository.findByGroup(trx, change.userId, groupKey);
  if (existing) {
    await notificationsRepository.refresh(trx, existing.id, fields);
    if (existing.is_read === READ_STATE.read) {
      await notificationsRepository.raiseCounter(trx, change.userId, NOTIFICATION_TYPE.achievement);
    }
    await recordLiveEvent(trx, { kind: 'notification', userId: change.userId, notificationId: existing.id, now });
    return;
  }
  const kind = objectTypeOf(change.objectId);
  const id = await nextId(trx, 'notification');
  const inserted = await notificationsRepository.insert(trx, {
    id,
    user_id: change.userId,
    type: NOTIFICATION_TYPE.achievement,
    msg_type: 0,
    object_id: change.objectId,
    // An approved edit's reputation hangs off its revision; the item points at its question.
    question_id: objectTypeOf(change.originalObjectId) === 'question' ? change.originalObjectId : '',
    answer_id: kind === 'answer' ? change.objectId : '',
    comment_id: '',
    group_key: groupKey,
    is_read: READ_STATE.unread,
    created_at: now,
    ...fields,
  });
  if (!inserted) return;
  await notificationsRepository.raiseCounter(trx, change.userId, NOTIFICATION_TYPE.achievement);
  await recordLiveEvent(trx, { kind: 'notification', userId: change.userId, notificationId: id, now });
}
