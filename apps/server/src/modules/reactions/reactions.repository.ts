import { sql } from 'kysely';
import type { Db } from '../../infra/db.js';
import { oneOf, preparedQuery } from '../../infra/prepared-query.js';

/** Prepared (infra/prepared-query.ts): every question page reads its posts' reactions. */
const reactionsOfMany = preparedQuery((db, v: { objectIds: readonly string[] }) =>
  db
    .selectFrom('reactions')
    .innerJoin('users', 'users.id', 'reactions.user_id')
    .select(['reactions.object_id', 'reactions.reaction', 'reactions.user_id', 'users.display_name'])
    .where(oneOf(sql.ref('reactions.object_id'), v.objectIds))
    .orderBy('reactions.created_at', 'asc')
    .orderBy('reactions.user_id', 'asc'),
);

/** Reaction rows: one per (post, member, emoji). */
export const reactionsRepository = {
  /** Adds a reaction; a second identical one is ignored, so double clicks count once. */
  async add(db: Db, objectId: string, userId: string, emoji: string, now: number): Promise<void> {
    await db
      .insertInto('reactions')
      .values({ object_id: objectId, user_id: userId, reaction: emoji, created_at: now })
      .onConflict((oc) => oc.columns(['object_id', 'user_id', 'reaction']).doNothing())
      .execute();
  },

  async remove(db: Db, objectId: string, userId: string, emoji: string): Promise<void> {
    await db
      .deleteFrom('reactions')
      .where('object_id', '=', objectId)
      .where('user_id', '=', userId)
      .where('reaction', '=', emoji)
      .execute();
  },

  /** Everyone who reacted to a post, oldest first, with their display names. */
  listFor(db: Db, objectId: string) {
    return db
      .selectFrom('reactions')
      .innerJoin('users', 'users.id', 'reactions.user_id')
      .select(['reactions.reaction', 'reactions.user_id', 'users.display_name'])
      .where('reactions.object_id', '=', objectId)
      .orderBy('reactions.created_at', 'asc')
      .orderBy('reactions.user_id', 'asc')
      .execute();
  },

  /** Everyone who reacted to any of several posts (one query for a whole page), oldest first. */
  listForMany(db: Db, objectIds: readonly string[]) {
    if (objectIds.length === 0) return Promise.resolve([]);
    return reactionsOfMany(db, { objectIds });
  },
};
