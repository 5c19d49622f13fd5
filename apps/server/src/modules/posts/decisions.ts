import {
  APPEAL_STATUS,
  OBJECT_TYPES,
  objectTypeOf,
  QUESTION_SHOW,
  QUESTION_STATUS,
  REPORT_STATUS,
  type ModerationDecisionInfo,
  type ObjectType,
} from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { nextId } from '../../lib/ids.js';
import { isActiveStaff } from '../auth/actor.js';
import type { Actor } from '../auth/auth.service.js';
import { reasonOption } from './operation-reasons.js';

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

  /**
   * Completes every open flag of these objects and of what they hold: a deleted post's flags
   * close with it, and so do those of the answers and comments it takes out of sight (a deleted
   * question's answers and every comment on it or them; a deleted answer's comments).
   */
  async completeFlags(trx: Db, objectIds: string[], reviewerId: string, now: number): Promise<void> {
    if (objectIds.length === 0) return;
    const answers = await trx.selectFrom('answers').select('id').where('question_id', 'in', objectIds).execute();
    const posts = [...objectIds, ...answers.map((a) => a.id)];
    const comments = await trx.selectFrom('comments').select('id').where('object_id', 'in', posts).execute();
    await trx
      .updateTable('reports')
      .set({ status: REPORT_STATUS.completed, reviewer_id: reviewerId, updated_at: now })
      .where('object_id', 'in', [...posts, ...comments.map((c) => c.id)])
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

/** Whether the decision still holds for the post as it is now (a reopened or recovered post shows none). */
function stillHolds(action: string, post: { status: number; show?: number }): boolean {
  if (action === 'close') return post.status === QUESTION_STATUS.closed;
  if (action === 'delete' || action === 'reject') return post.status === QUESTION_STATUS.deleted;
  if (action === 'unlist') return post.show === QUESTION_SHOW.hidden;
  return false;
}

/**
 * The decisions standing on these posts, for the readers who may see them: each post's author
 * and staff in good standing. Everyone else gets none (an empty map for their posts).
 */
export async function decisionsFor(
  db: Db,
  actor: Actor | null,
  posts: readonly { id: string; user_id: string; status: number; show?: number }[],
): Promise<Map<string, ModerationDecisionInfo>> {
  const readable = posts.filter((p) => actor && (p.user_id === actor.user.id || isActiveStaff(actor)));
  const latest = await decisions.latestOf(
    db,
    readable.map((p) => p.id),
  );
  const standing = readable.flatMap((post) => {
    const row = latest.get(post.id);
    return row && stillHolds(row.action, post) ? [row] : [];
  });
  const open = standing.length
    ? await db
        .selectFrom('appeals')
        .select('decision_id')
        .where(
          'decision_id',
          'in',
          standing.map((row) => row.id),
        )
        .where('status', '=', APPEAL_STATUS.open)
        .execute()
    : [];
  const appealed = new Set(open.map((row) => row.decision_id));
  // Only the member it affects appeals it, and only while no appeal of it is open.
  const mayAppeal = (row: DecisionRow) => row.user_id === actor?.user.id && !appealed.has(row.id);
  return new Map(standing.map((row) => [row.object_id, presentDecision(row, appealed.has(row.id), mayAppeal(row))]));
}

export function presentDecision(row: DecisionRow, appealOpen: boolean, canAppeal = false): ModerationDecisionInfo {
  return {
    decision_id: row.id,
    action: row.action as ModerationDecisionInfo['action'],
    reason_type: row.reason_type,
    reason_key: reasonOption(row.reason_type, 'en_US')?.reason_key ?? '',
    reason_msg: row.reason_msg,
    created_at: row.created_at,
    appeal_open: appealOpen,
    can_appeal: canAppeal,
  };
}
