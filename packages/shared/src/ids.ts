/**
 * Object ids on the wire are strings. Every object gets a 17-digit id built as
 * "1" + a 3-digit object-type code + a 13-digit sequence, so any endpoint that takes a
 * bare id (vote, follow, report, bookmark, reaction) can tell what the id points at.
 * Unlike the peer, users get coded ids too, so users can be flagged and followed.
 */
export const OBJECT_TYPES = {
  question: 1,
  answer: 2,
  tag: 3,
  user: 4,
  collection: 6,
  comment: 7,
  report: 8,
  badge: 9,
  badge_award: 10,
  revision: 11,
  notification: 12,
  activity: 13,
  review: 14,
  upload: 15,
  email: 16,
  decision: 17,
  appeal: 18,
} as const;

export type ObjectType = keyof typeof OBJECT_TYPES;

const CODE_TO_TYPE = new Map<number, ObjectType>(
  Object.entries(OBJECT_TYPES).map(([name, code]) => [code, name as ObjectType]),
);

const ID_PATTERN = /^1\d{16}$/;

/** Builds the wire id of the `seq`-th object of a type. */
export function makeObjectId(type: ObjectType, seq: number): string {
  if (!Number.isSafeInteger(seq) || seq < 1 || seq >= 1e13) {
    throw new RangeError(`sequence out of range: ${seq}`);
  }
  return `1${String(OBJECT_TYPES[type]).padStart(3, '0')}${String(seq).padStart(13, '0')}`;
}

/**
 * The ids of one object type as one range of 17-digit strings (`low` <= id < `high`), which
 * compare as numbers do: each kind's rows are one stretch of a key ordered by id.
 */
export function objectIdRange(type: ObjectType): { low: string; high: string } {
  const prefix = (code: number) => `1${String(code).padStart(3, '0')}${'0'.repeat(13)}`;
  return { low: prefix(OBJECT_TYPES[type]), high: prefix(OBJECT_TYPES[type] + 1) };
}

/** Reads the object type back from an id; undefined when the id is not one of ours. */
export function objectTypeOf(id: string): ObjectType | undefined {
  if (!ID_PATTERN.test(id)) return undefined;
  return CODE_TO_TYPE.get(Number(id.slice(1, 4)));
}

export function isObjectId(id: string, type?: ObjectType): boolean {
  const found = objectTypeOf(id);
  return found !== undefined && (type === undefined || found === type);
}
