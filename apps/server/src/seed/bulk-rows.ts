import { makeObjectId, OBJECT_TYPES, type ObjectType } from '@inquire/shared';
import { sql, type Insertable } from 'kysely';
import type { Database } from '../db/database.js';
import type { Db } from '../infra/db.js';

/** The tables a seed chunk fills, in the order they are written. */
export const BULK_TABLES = [
  'questions',
  'tag_relations',
  'answers',
  'comments',
  'votes',
  'revisions',
  'activities',
] as const;
export type BulkTable = (typeof BULK_TABLES)[number];
export type BulkRows = { [T in BulkTable]: Insertable<Database[T]>[] };

export function emptyRows(): BulkRows {
  return { questions: [], tag_relations: [], answers: [], comments: [], votes: [], revisions: [], activities: [] };
}

const ID_TYPES = ['question', 'answer', 'comment', 'revision', 'activity'] as const satisfies ObjectType[];
type IdType = (typeof ID_TYPES)[number];

/**
 * Ids for a chunk, taken from the `uniqid` counters as `nextId` takes them (the same ids in
 * the same order), without one query per id: `claim` locks the counters for the rest of the
 * transaction (PostgreSQL row locks, SQLite's write lock) and reads them, `next` counts in
 * memory, `release` writes the counters back. Anything else that allocates ids meanwhile (a
 * tag created through its service code) runs between a release and the next claim.
 */
export class IdCounters {
  private readonly last = new Map<IdType, number>();
  private ensured = false;

  async claim(db: Db): Promise<void> {
    const codes = ID_TYPES.map((type) => OBJECT_TYPES[type]);
    if (!this.ensured) {
      await db
        .insertInto('uniqid')
        .values(codes.map((code) => ({ object_type: code, last_seq: 0 })))
        .onConflict((oc) => oc.column('object_type').doNothing())
        .execute();
      this.ensured = true;
    }
    const rows = await db
      .updateTable('uniqid')
      .set({ last_seq: sql`last_seq` })
      .where('object_type', 'in', codes)
      .returning(['object_type', 'last_seq'])
      .execute();
    for (const type of ID_TYPES) {
      const row = rows.find((r) => Number(r.object_type) === OBJECT_TYPES[type]);
      this.last.set(type, Number(row?.last_seq ?? 0));
    }
  }

  next(type: IdType): string {
    const seq = (this.last.get(type) ?? 0) + 1;
    this.last.set(type, seq);
    return makeObjectId(type, seq);
  }

  async release(db: Db): Promise<void> {
    for (const [type, seq] of this.last) {
      await db.updateTable('uniqid').set({ last_seq: seq }).where('object_type', '=', OBJECT_TYPES[type]).execute();
    }
    this.last.clear();
  }
}

/** How a chunk moves a member's counters. */
export interface MemberDelta {
  id: string;
  question_count: number;
  answer_count: number;
  rank: number;
}

/** Counter moves of a chunk for members and tags, written once per chunk (see `BulkTarget.bump`). */
export class CounterDeltas {
  readonly users = new Map<string, MemberDelta>();
  readonly tags = new Map<string, number>();

  user(id: string, column: 'question_count' | 'answer_count' | 'rank', by: number): void {
    let entry = this.users.get(id);
    if (!entry) {
      entry = { id, question_count: 0, answer_count: 0, rank: 0 };
      this.users.set(id, entry);
    }
    entry[column] += by;
  }

  tag(id: string): void {
    this.tags.set(id, (this.tags.get(id) ?? 0) + 1);
  }
}
