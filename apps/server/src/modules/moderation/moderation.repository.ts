import { APPEAL_STATUS, REPORT_STATUS, REVIEW_STATUS, USER_STATUS } from '@inquire/shared';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { AppealsTable, ReportsTable, ReviewItemsTable } from '../../db/database.js';
import type { Db } from '../../infra/db.js';

export type ReportRow = Selectable<ReportsTable>;
export type ReviewItemRow = Selectable<ReviewItemsTable>;
export type AppealRow = Selectable<AppealsTable>;

/** Queues read one item at a time, oldest first (peer facts 0.3). */
const firstOf = (page: number) => Math.max(0, page - 1);

/** Flags: the only SQL on `reports`. */
export const reportsRepository = {
  /** Inserts an open flag; false when the member already has one open on the object. */
  async insertOpen(db: Db, row: Insertable<ReportsTable>): Promise<boolean> {
    const result = await db
      .insertInto('reports')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['user_id', 'object_id']).where('status', '=', sql.lit(REPORT_STATUS.pending)).doNothing(),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  findById(db: Db, id: string): Promise<ReportRow | undefined> {
    return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** A question's tags as a queue shows them: listed links, and the hidden ones of a held or unlisted question. */
  questionTags(db: Db, questionId: string) {
    return db
      .selectFrom('tag_relations')
      .innerJoin('tags', 'tags.id', 'tag_relations.tag_id')
      .select(['tags.slug_name', 'tags.display_name'])
      .where('tag_relations.object_id', '=', questionId)
      .where('tag_relations.status', 'in', [1, 2])
      .orderBy('tags.slug_name')
      .execute();
  },

  /** A comment in any status (a flag names deleted ones too, to refuse them clearly). */
  commentById(db: Db, id: string) {
    return db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async pendingCount(db: Db, objectTypes: number[]): Promise<number> {
    const row = await db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', REPORT_STATUS.pending)
      .where('object_type', 'in', objectTypes)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** The page-th open flag on objects of these types, oldest first. */
  pendingAt(db: Db, objectTypes: number[], page: number): Promise<ReportRow | undefined> {
    return db
      .selectFrom('reports')
      .selectAll()
      .where('status', '=', REPORT_STATUS.pending)
      .where('object_type', 'in', objectTypes)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .offset(firstOf(page))
      .limit(1)
      .executeTakeFirst();
  },

  /** Closes an open flag; false when another reviewer closed it first. */
  async settle(db: Db, id: string, status: number, reviewerId: string, now: number): Promise<boolean> {
    const result = await db
      .updateTable('reports')
      .set({ status, reviewer_id: reviewerId, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', REPORT_STATUS.pending)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
};

/** A flagged member's suspension (the same columns as the admin's, migration 0012). */
export async function suspendMember(
  db: Db,
  id: string,
  values: { suspended_at: number; suspended_until: number; suspended_reason: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...values, status: USER_STATUS.suspended, updated_at: values.suspended_at })
    .where('id', '=', id)
    .execute();
}

/** Queued (held) posts: the only SQL on `review_items`. */
export const reviewItemsRepository = {
  async insert(db: Db, row: Insertable<ReviewItemsTable>): Promise<void> {
    await db.insertInto('review_items').values(row).execute();
  },

  findById(db: Db, id: string): Promise<ReviewItemRow | undefined> {
    return db.selectFrom('review_items').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async pendingCount(db: Db, objectId = ''): Promise<number> {
    let query = db
      .selectFrom('review_items')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', REVIEW_STATUS.pending);
    if (objectId) query = query.where('object_id', '=', objectId);
    return Number((await query.executeTakeFirstOrThrow()).count);
  },

  pendingAt(db: Db, page: number, objectId = ''): Promise<ReviewItemRow | undefined> {
    let query = db.selectFrom('review_items').selectAll().where('status', '=', REVIEW_STATUS.pending);
    if (objectId) query = query.where('object_id', '=', objectId);
    return query.orderBy('created_at', 'asc').orderBy('id', 'asc').offset(firstOf(page)).limit(1).executeTakeFirst();
  },

  async settle(db: Db, id: string, status: number, reviewerId: string, now: number): Promise<boolean> {
    const result = await db
      .updateTable('review_items')
      .set({ status, reviewer_id: reviewerId, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', REVIEW_STATUS.pending)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
};

/** Decisions and their appeals. */
export const appealsRepository = {
  findDecision(db: Db, id: string) {
    return db.selectFrom('moderation_decisions').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Decisions whose appeal is open, among these. */
  async openFor(db: Db, decisionIds: string[]): Promise<Set<string>> {
    if (decisionIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('appeals')
      .select('decision_id')
      .where('decision_id', 'in', decisionIds)
      .where('status', '=', APPEAL_STATUS.open)
      .execute();
    return new Set(rows.map((r) => r.decision_id));
  },

  /** Inserts an open appeal; false when the decision already has one (the partial unique index). */
  async insertOpen(db: Db, row: Insertable<AppealsTable>): Promise<boolean> {
    const result = await db
      .insertInto('appeals')
      .values(row)
      .onConflict((oc) => oc.column('decision_id').where('status', '=', sql.lit(APPEAL_STATUS.open)).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  findById(db: Db, id: string): Promise<AppealRow | undefined> {
    return db.selectFrom('appeals').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async openCount(db: Db): Promise<number> {
    const row = await db
      .selectFrom('appeals')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', APPEAL_STATUS.open)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  openAt(db: Db, page: number): Promise<AppealRow | undefined> {
    return db
      .selectFrom('appeals')
      .selectAll()
      .where('status', '=', APPEAL_STATUS.open)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .offset(firstOf(page))
      .limit(1)
      .executeTakeFirst();
  },

  async settle(db: Db, id: string, status: number, reviewerId: string, now: number): Promise<boolean> {
    const result = await db
      .updateTable('appeals')
      .set({ status, reviewer_id: reviewerId, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', APPEAL_STATUS.open)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
};

/** What is left in each staff queue: flagged posts, flagged members, queued posts, open appeals. */
export interface StaffQueueCounts {
  flaggedPosts: number;
  flaggedUsers: number;
  queued: number;
  appeals: number;
}

/**
 * The four staff queues' counts in one statement: a staff member's every page shows them in its
 * header, and four separate counts were four queries per render.
 */
export async function staffQueueCounts(db: Db, postTypes: number[], userTypes: number[]): Promise<StaffQueueCounts> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('reports')
        .select(eb.fn.countAll<number>().as('n'))
        .where('status', '=', REPORT_STATUS.pending)
        .where('object_type', 'in', postTypes)
        .as('flagged_posts'),
      eb
        .selectFrom('reports')
        .select(eb.fn.countAll<number>().as('n'))
        .where('status', '=', REPORT_STATUS.pending)
        .where('object_type', 'in', userTypes)
        .as('flagged_users'),
      eb
        .selectFrom('review_items')
        .select(eb.fn.countAll<number>().as('n'))
        .where('status', '=', REVIEW_STATUS.pending)
        .as('queued'),
      eb
        .selectFrom('appeals')
        .select(eb.fn.countAll<number>().as('n'))
        .where('status', '=', APPEAL_STATUS.open)
        .as('appeals'),
    ])
    .executeTakeFirstOrThrow();
  return {
    flaggedPosts: Number(row.flagged_posts),
    flaggedUsers: Number(row.flagged_users),
    queued: Number(row.queued),
    appeals: Number(row.appeals),
  };
}
