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

/** Counter moves of a chunk for members and tags, written with one statement per table. */
export class CounterDeltas {
  private readonly users = new Map<string, { question_count: number; answer_count: number; rank: number }>();
  private readonly tags = new Map<string, number>();

  user(id: string, column: 'question_count' | 'answer_count' | 'rank', by: number): void {
    const entry = this.users.get(id) ?? { question_count: 0, answer_count: 0, rank: 0 };
    entry[column] += by;
    this.users.set(id, entry);
  }

  tag(id: string): void {
    this.tags.set(id, (this.tags.get(id) ?? 0) + 1);
  }

  async flush(db: Db): Promise<void> {
    // A common table of (id, deltas) joined in an UPDATE … FROM: one statement for thousands of
    // rows on both engines (SQLite ≥ 3.33). Numbers are cast: PostgreSQL reads untyped VALUES as text.
    const users = [...this.users].map(
      ([id, d]) =>
        sql`(${id}, cast(${d.question_count} as integer), cast(${d.answer_count} as integer), cast(${d.rank} as integer))`,
    );
    for (let i = 0; i < users.length; i += 5_000) {
      await sql`with d(uid, dq, da, dr) as (values ${sql.join(users.slice(i, i + 5_000))})
        update users set question_count = question_count + d.dq, answer_count = answer_count + d.da, rank = rank + d.dr
        from d where users.id = d.uid`.execute(db);
    }
    const tags = [...this.tags].map(([id, by]) => sql`(${id}, cast(${by} as integer))`);
    if (tags.length) {
      await sql`with d(tid, dq) as (values ${sql.join(tags)})
        update tags set question_count = question_count + d.dq from d where tags.id = d.tid`.execute(db);
    }
    this.users.clear();
    this.tags.clear();
  }
}
