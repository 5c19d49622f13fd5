import { makeObjectId, objectTypeOf, OBJECT_TYPES, type ObjectType } from './ids.js';
import { normalizePermalink } from './site-settings.js';

/**
 * Short ids (peer facts 0.1): with permalink setting 3 or 4, question and answer ids in
 * addresses are written as two base-62 characters of the object type and the base-62
 * sequence, each offset by a salt of 100, least significant digit first. Every reader takes
 * both forms, so old long-id links keep working.
 */
const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SALT = 100;
const SHORT_PATTERN = /^[0-9a-zA-Z]{3,12}$/;

function encode(value: number): string {
  let rest = value + SALT;
  let out = '';
  while (rest > 0) {
    out += ALPHABET[rest % ALPHABET.length];
    rest = Math.floor(rest / ALPHABET.length);
  }
  return out;
}

function decode(code: string): number {
  let value = 0;
  for (let i = code.length - 1; i >= 0; i -= 1) value = value * ALPHABET.length + ALPHABET.indexOf(code[i] as string);
  return value - SALT;
}

/** The short form of a long object id; the id itself when it is not one of ours. */
export function shortId(id: string): string {
  if (!objectTypeOf(id)) return id;
  return encode(Number(id.slice(1, 4))) + encode(Number(id.slice(4)));
}

/** The long id behind a long or short id; undefined when it names nothing of ours. */
export function longId(id: string): string | undefined {
  if (objectTypeOf(id)) return id;
  if (!SHORT_PATTERN.test(id)) return undefined;
  const code = decode(id.slice(0, 2));
  const type = (Object.keys(OBJECT_TYPES) as ObjectType[]).find((name) => OBJECT_TYPES[name] === code);
  const seq = decode(id.slice(2));
  if (!type || !Number.isSafeInteger(seq) || seq < 1 || seq >= 1e13) return undefined;
  const long = makeObjectId(type, seq);
  // Only the canonical spelling decodes (no leading zero digits), so one post has one address.
  return shortId(long) === id ? long : undefined;
}

/** Whether permalink setting `permalink` writes short ids (3 and 4). */
export function usesShortIds(permalink: unknown): boolean {
  return normalizePermalink(permalink) >= 3;
}

/** How an id appears in addresses under a permalink setting. */
export function permalinkId(id: string, permalink: unknown): string {
  return usesShortIds(permalink) ? shortId(id) : id;
}

/**
 * The one builder of question addresses (spec section 2): /questions/{id}, the slug appended
 * for settings 1 and 3, short ids for 3 and 4, and an answer's id after it when given.
 */
export function questionPath(
  question: { id: string; url_title: string },
  permalink: unknown,
  answerId?: string,
): string {
  const setting = normalizePermalink(permalink);
  const slug = (setting === 1 || setting === 3) && question.url_title ? `/${question.url_title}` : '';
  const answer = answerId ? `/${permalinkId(answerId, setting)}` : '';
  return `/questions/${permalinkId(question.id, setting)}${slug}${answer}`;
}
