import { OBJECT_TYPES, objectTypeOf, REPORT_STATUS, type ObjectType } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { nextId } from '../../lib/ids.js';

/**
 * Moderation decisions and flags as the post core's writers see them (issue 12): every staff
 * decision that closes, deletes, unlists or rejects someone's post (from a flag, the queue or
 * the normal operations) is recorded with its reason, in the deciding transaction, so the post
 * shows the reason to its author and staff; a post that is deleted closes its open flags.
 */
export type DecisionAction = 'close' | 'delete' | 'unlist' | 'reject' | 'suspend';

export interface Decision {
  objectId: string;
  /** The member it affects: the post's author, or the suspended member. */
  userId: string;
  actorId: string;
  action: DecisionAction;
  reasonType?: number;
  reasonMsg?: string;
  now: number;
}

export const decisions = {
  async record(trx: Db, decision: Decision): Promise<string> {
    const id = await nextId(trx, 'decision');
    const type = objectTypeOf(decision.objectId) as ObjectType;
    await trx
      .insertInto('moderation_decisions')
      .values({
        id,
        object_id: decision.objectId,
        object_type: OBJECT_TYPES[type] ?? 0,
        user_id: decision.userId,
        actor_id: decision.actorId,
        action: decision.action,
        reason_type: decision.reasonType ?? 0,
        reason_msg: decision.reasonMsg ?? '',
        created_at: decision.now,
      })
      .execute();
    return id;
  },

  /** Completes every open flag of these objects (a deleted post's flags close with it). */
  async completeFlags(trx: Db, objectIds: string[], reviewerId: string, now: number): Promise<void> {
    if (objectIds.length === 0) return;
    await trx
      .updateTable('reports')
      .set({ status: REPORT_STATUS.completed, reviewer_id: reviewerId, updated_at: now })
      .where('object_id', 'in', objectIds)
      .where('status', '=', REPORT_STATUS.pending)
      .execute();
  },

  /** The newest decision on each object (what its author and staff are shown). */
  async latestOf(db: Db, objectIds: string[]) {
    if (objectIds.length === 0) return new Map<string, DecisionRow>();
    const rows = await db
      .selectFrom('moderation_decisions')
      .selectAll()
      .where('object_id', 'in', objectIds)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return new Map(rows.map((row) => [row.object_id, row]));
  },
};

export type DecisionRow = {
  id: string;
  object_id: string;
  object_type: number;
  user_id: string;
  actor_id: string;
  action: string;
  reason_type: number;
  reason_msg: string;
  created_at: number;
};
