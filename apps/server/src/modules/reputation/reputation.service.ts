import { sql } from 'kysely';
import type { Db } from '../../infra/db.js';
import { nowSeconds } from '../../lib/clock.js';
import { nextId } from '../../lib/ids.js';
import { recordAchievement } from '../notifications/achievements.js';

/** Reputation events and their default deltas (peer facts section 1.1). */
export const REPUTATION = {
  'question.voted_up': 10,
  'question.voted_down': -2,
  'answer.voted_up': 10,
  'answer.voted_down': -2,
  'answer.vote_down': -1,
  'answer.accepted': 15,
  'answer.accept': 2,
  'edit.accepted': 2,
} as const;
export type ReputationEvent = keyof typeof REPUTATION;

export const DAILY_CAP = 200;
export const MIN_REPUTATION = 1;

/** One reputation change: who receives it, who caused it, on what. */
export interface ReputationKey {
  userId: string;
  triggerUserId: string;
  objectId: string;
  originalObjectId: string;
  event: ReputationEvent;
}

export const VOTE_EVENTS: ReputationEvent[] = ['question.voted_up', 'answer.voted_up'];

export function startOfDay(now: number): number {
  return now - (now % 86_400);
}

/**
 * Grants and takes back reputation, one activity row per (object, receiver, trigger, event):
 * granting again reactivates the same row, so toggling cannot farm reputation. Positive
 * vote gains stop at 200 a day; nobody drops below 1. Runs inside the caller's transaction,
 * which also records the receiver's achievement (notifications/achievements.ts).
 */
export const reputation = {
  async grant(db: Db, key: ReputationKey, options: { zero?: boolean; now?: number } = {}): Promise<void> {
    // `now` is given only by `inquire seed`, which writes a community's past: nothing in it is
    // news to anyone, so it records no achievement (the bulk seeder writes none either).
    const now = options.now ?? nowSeconds();
    const tellReceiver = options.now === undefined;
    const existing = await findRow(db, key);
    // Granting what stands already changes nothing (two racing accepts must not pay twice).
    if (existing && existing.cancelled === 0) return;
    let delta: number = options.zero ? 0 : REPUTATION[key.event];
    if (delta > 0 && VOTE_EVENTS.includes(key.event)) {
      const today = await db
        .selectFrom('activities')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('rank'), sql<number>`0`).as('total'))
        .where('user_id', '=', key.userId)
        .where('cancelled', '=', 0)
        .where('activity_type', 'in', VOTE_EVENTS)
        .where('updated_at', '>=', startOfDay(now))
        .where('updated_at', '<', startOfDay(now) + 86_400)
        .executeTakeFirstOrThrow();
      if (Number(today.total) >= DAILY_CAP) delta = 0;
    }
    if (existing) {
      // Claim the row first: of two racing grants only the one that flips it pays.
      const claimed = await db
        .updateTable('activities')
        .set({ cancelled: 0, updated_at: now })
        .where('id', '=', existing.id)
        .where('cancelled', '=', 1)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return;
      delta = await applyToUser(db, key.userId, delta);
      await db
        .updateTable('activities')
        .set({ rank: delta, has_rank: delta === 0 ? 0 : 1 })
        .where('id', '=', existing.id)
        .execute();
      if (tellReceiver) await recordAchievement(db, key, now);
      return;
    }
    delta = await applyToUser(db, key.userId, delta);
    await db
      .insertInto('activities')
      .values({
        id: await nextId(db, 'activity'),
        user_id: key.userId,
        trigger_user_id: key.triggerUserId,
        object_id: key.objectId,
        original_object_id: key.originalObjectId,
        activity_type: key.event,
        rank: delta,
        has_rank: delta === 0 ? 0 : 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    if (tellReceiver) await recordAchievement(db, key, now);
  },

  /** Takes back exactly what a live grant gave; nothing when there is none. */
  async revoke(db: Db, key: ReputationKey): Promise<void> {
    const existing = await findRow(db, key);
    if (!existing || existing.cancelled === 1) return;
    await applyToUser(db, key.userId, -existing.rank);
    const now = nowSeconds();
    await db.updateTable('activities').set({ cancelled: 1, updated_at: now }).where('id', '=', existing.id).execute();
    await recordAchievement(db, key, now);
  },
};

function findRow(db: Db, key: ReputationKey) {
  return db
    .selectFrom('activities')
    .select(['id', 'rank', 'cancelled'])
    .where('object_id', '=', key.objectId)
    .where('user_id', '=', key.userId)
    .where('trigger_user_id', '=', key.triggerUserId)
    .where('activity_type', '=', key.event)
    .executeTakeFirst();
}

/** Adds a delta to a member's reputation, never below 1; returns what was really applied. */
async function applyToUser(db: Db, userId: string, delta: number): Promise<number> {
  if (delta === 0) return 0;
  const user = await db.selectFrom('users').select('rank').where('id', '=', userId).executeTakeFirst();
  if (!user) return 0;
  const applied = Math.max(delta, MIN_REPUTATION - user.rank);
  if (applied === 0) return 0;
  await db
    .updateTable('users')
    .set({ rank: sql`rank + ${applied}` })
    .where('id', '=', userId)
    .execute();
  return applied;
}
