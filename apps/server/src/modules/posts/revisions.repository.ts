import { sql, type Insertable, type Selectable } from 'kysely';
import type { RevisionsTable } from '../../db/database.js';
import type { Db } from '../../infra/db.js';

export type RevisionRow = Selectable<RevisionsTable>;

/** Revision statuses (peer facts 0.4): history rows are normal or approved. */
/** `outdated`: a suggestion closed because the author or staff edited the post meanwhile. */
export const REVISION_STATUS = { normal: 0, unreviewed: 1, approved: 2, rejected: 3, outdated: 4 } as const;
const HISTORY = [REVISION_STATUS.normal, REVISION_STATUS.approved];

/** Waiting suggestions of these object types, leaving out the reviewer's own. */
function unreviewed(db: Db, objectTypes: number[], reviewerId: string) {
  // A literal, so both engines read the partial index of waiting rows (migration 0022).
  return db
    .selectFrom('revisions')
    .where('status', '=', sql.lit(REVISION_STATUS.unreviewed))
    .where('object_type', 'in', objectTypes)
    .where('user_id', '!=', reviewerId);
}

export const revisionsRepository = {
  async insert(db: Db, row: Insertable<RevisionsTable>): Promise<void> {
    await db.insertInto('revisions').values(row).execute();
  },

  findById(db: Db, id: string): Promise<RevisionRow | undefined> {
    return db.selectFrom('revisions').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The suggested edit waiting for review on an object, if any. */
  findUnreviewed(db: Db, objectId: string): Promise<RevisionRow | undefined> {
    return db
      .selectFrom('revisions')
      .selectAll()
      .where('object_id', '=', objectId)
      .where('status', '=', REVISION_STATUS.unreviewed)
      .executeTakeFirst();
  },

  /** Applied revisions of an object, newest first. */
  history(db: Db, objectId: string): Promise<RevisionRow[]> {
    return db
      .selectFrom('revisions')
      .selectAll()
      .where('object_id', '=', objectId)
      .where('status', 'in', HISTORY)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  },

  /**
   * Marks a suggested edit reviewed; false when it was no longer waiting (another reviewer
   * got there first), so one edit is never applied twice.
   */
  async review(db: Db, id: string, status: number, reviewerId: string, now: number): Promise<boolean> {
    const result = await db
      .updateTable('revisions')
      .set({ status, reviewer_id: reviewerId, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', REVISION_STATUS.unreviewed)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Closes the object's waiting suggestions as outdated; returns them, to tell their suggesters. */
  outdateUnreviewed(db: Db, objectId: string, reviewerId: string, now: number) {
    return db
      .updateTable('revisions')
      .set({ status: REVISION_STATUS.outdated, reviewer_id: reviewerId, updated_at: now })
      .where('object_id', '=', objectId)
      .where('status', '=', REVISION_STATUS.unreviewed)
      .returning(['id', 'user_id'])
      .execute();
  },

  /** How many suggested edits of each of these object types wait, leaving out the reviewer's own. */
  async unreviewedCounts(db: Db, objectTypes: number[], reviewerId: string): Promise<Map<number, number>> {
    const counts = new Map(objectTypes.map((type) => [type, 0]));
    if (objectTypes.length === 0) return counts;
    const rows = await unreviewed(db, objectTypes, reviewerId)
      .select(['object_type', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('object_type')
      .execute();
    for (const row of rows) counts.set(Number(row.object_type), Number(row.count));
    return counts;
  },

  /** One page of the waiting suggestions, oldest first (review pages one at a time). */
  async unreviewedPage(db: Db, objectTypes: number[], reviewerId: string, page: number, pageSize: number) {
    if (objectTypes.length === 0) return { count: 0, list: [] as RevisionRow[] };
    const base = unreviewed(db, objectTypes, reviewerId);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    const list = await base
      .selectAll()
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { count: Number(total.count), list };
  },
};
