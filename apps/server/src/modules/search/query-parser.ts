import { longId, normalizeTagSlug, objectTypeOf, SEARCH_LIMITS } from '@inquire/shared';

/**
 * A search query as the spec and the peer read it (peer facts 10): `[tag]` (up to 5, ANDed),
 * `is:question|answer`, `score:N`, `user:name`/`user:me`, `answers:N`, `views:N`,
 * `hasaccepted:yes|no`, `isaccepted:yes|no`, `inquestion:ID`, `"exact phrase"` and free words.
 * Pure: names are resolved to ids by the service.
 */
export interface ParsedSearch {
  /** Free words and quoted phrases, each matched as a whole (at most 5). */
  terms: string[];
  /** Tag slugs, each a group (the tag with its synonyms) that a result must carry. */
  tags: string[];
  /** Which kinds of post may match: an operator that only makes sense for one kind narrows it. */
  kinds: { question: boolean; answer: boolean };
  /** `user:name`, or `me` for `user:me`. */
  user?: { name: string } | { me: true };
  /** `score:N`: at least N votes, exactly 0 for `score:0`. */
  score?: number;
  /** `answers:N`: questions with at least N answers, exactly 0 for `answers:0`. */
  answers?: number;
  /** `views:N`: questions viewed at least N times. */
  views?: number;
  /** `hasaccepted:yes|no`: questions with or without an accepted answer. */
  hasAccepted?: boolean;
  /** `isaccepted:yes|no`: answers that are (not) the accepted one. */
  isAccepted?: boolean;
  /** `inquestion:ID`: answers of that question. */
  inQuestion?: string;
}

/** Why a query cannot be read; the route turns it into a field error on `q`. */
export class SearchSyntaxError extends Error {
  constructor(readonly key: 'form.search.q.invalid' | 'form.search.q.too_many_tags') {
    super(key);
  }
}

/** In free text these characters separate words (the peer's pre-processing). */
const SEPARATORS = /[+#.<>\-_()*]/g;
const OPERATOR = /^([a-z]+):(.*)$/i;
const TAG = /^\[([^\]]*)\]$/;
const NUMBER = /^-?\d{1,9}$/;

/** Splits a query into tokens: quoted phrases stay whole; an unclosed quote runs to the end. */
function tokenize(q: string): { text: string; quoted: boolean }[] {
  const tokens: { text: string; quoted: boolean }[] = [];
  let i = 0;
  while (i < q.length) {
    const ch = q[i] as string;
    if (/\s/u.test(ch)) {
      i += 1;
      continue;
    }
    if (ch === '"') {
      const end = q.indexOf('"', i + 1);
      const stop = end === -1 ? q.length : end;
      tokens.push({ text: q.slice(i + 1, stop), quoted: true });
      i = stop + 1;
      continue;
    }
    let end = i;
    while (end < q.length && !/\s/u.test(q[end] as string) && q[end] !== '"') end += 1;
    tokens.push({ text: q.slice(i, end), quoted: false });
    i = end;
  }
  return tokens;
}

function count(value: string): number {
  if (!NUMBER.test(value)) throw new SearchSyntaxError('form.search.q.invalid');
  return Number(value);
}

function yesNo(value: string): boolean {
  const lower = value.toLowerCase();
  if (lower === 'yes') return true;
  if (lower === 'no') return false;
  throw new SearchSyntaxError('form.search.q.invalid');
}

/** A question id, long or short (the permalink's), as the API takes them elsewhere. */
function questionId(value: string): string {
  const id = objectTypeOf(value) ? value : longId(value);
  if (!id || objectTypeOf(id) !== 'question') throw new SearchSyntaxError('form.search.q.invalid');
  return id;
}

const onlyQuestions = (parsed: ParsedSearch) => (parsed.kinds.answer = false);
const onlyAnswers = (parsed: ParsedSearch) => (parsed.kinds.question = false);

/** Applies one `key:value` operator; false when `key` is not an operator (then it is a word). */
function applyOperator(parsed: ParsedSearch, key: string, value: string): boolean {
  switch (key.toLowerCase()) {
    case 'is': {
      const kind = value.toLowerCase();
      if (kind === 'question') onlyQuestions(parsed);
      else if (kind === 'answer') onlyAnswers(parsed);
      else throw new SearchSyntaxError('form.search.q.invalid');
      return true;
    }
    case 'user':
      if (!value) throw new SearchSyntaxError('form.search.q.invalid');
      parsed.user = value.toLowerCase() === 'me' ? { me: true } : { name: value };
      return true;
    case 'score':
      parsed.score = count(value);
      return true;
    case 'answers':
      parsed.answers = count(value);
      onlyQuestions(parsed);
      return true;
    case 'views':
      parsed.views = count(value);
      onlyQuestions(parsed);
      return true;
    case 'hasaccepted':
      parsed.hasAccepted = yesNo(value);
      onlyQuestions(parsed);
      return true;
    case 'isaccepted':
      parsed.isAccepted = yesNo(value);
      onlyAnswers(parsed);
      return true;
    case 'inquestion':
      parsed.inQuestion = questionId(value);
      onlyAnswers(parsed);
      return true;
    default:
      return false;
  }
}

/** Free text becomes words: the peer's separator characters split them too. */
function words(text: string): string[] {
  return text.replace(SEPARATORS, ' ').split(/\s+/u).filter(Boolean);
}

export function parseSearchQuery(q: string): ParsedSearch {
  const parsed: ParsedSearch = { terms: [], tags: [], kinds: { question: true, answer: true } };
  for (const token of tokenize(q)) {
    if (token.quoted) {
      const phrase = token.text.replace(/\s+/gu, ' ').trim();
      if (phrase) parsed.terms.push(phrase);
      continue;
    }
    const tag = TAG.exec(token.text);
    if (tag) {
      const slug = normalizeTagSlug(tag[1] as string);
      if (!slug) throw new SearchSyntaxError('form.search.q.invalid');
      if (!parsed.tags.includes(slug)) parsed.tags.push(slug);
      if (parsed.tags.length > SEARCH_LIMITS.tags) throw new SearchSyntaxError('form.search.q.too_many_tags');
      continue;
    }
    const operator = OPERATOR.exec(token.text);
    if (operator && applyOperator(parsed, operator[1] as string, operator[2] as string)) continue;
    parsed.terms.push(...words(token.text));
  }
  parsed.terms = [...new Set(parsed.terms)].slice(0, SEARCH_LIMITS.words);
  return parsed;
}

/** Whether the query can match anything at all: `is:question` with `inquestion:` cannot. */
export function canMatch(parsed: ParsedSearch): boolean {
  return parsed.kinds.question || parsed.kinds.answer;
}
