import { makeObjectId, OBJECT_TYPES, type ObjectType } from '@inquire/shared';
import { sql } from 'kysely';
import type { Db } from '../infra/db.js';

/**
 * Allocates the next id of an object type. The counter row is bumped with one
 * UPDATE ... RETURNING, which both engines run atomically, so concurrent writers never
 * share an id. Call inside the transaction that inserts the row.
 */
export async function nextId(db: Db, type: ObjectType): Promise<string> {
  const code = OBJECT_TYPES[type];
  const bumped = await db
    .updateTable('uniqid')
    .set({ last_seq: sql`last_seq + 1` })
    .where('object_type', '=', code)
    .returning('last_seq')
    .executeTakeFirst();
  if (bumped) return makeObjectId(type, Number(bumped.last_seq));
  await db
    .insertInto('uniqid')
    .values({ object_type: code, last_seq: 0 })
    .onConflict((oc) => oc.column('object_type').doNothing())
    .execute();
  return nextId(db, type);
}
