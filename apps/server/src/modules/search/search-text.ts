/**
 * The search index's words, one rule for both engines, used when a post is indexed and when a
 * query is read: text becomes lower-case words of letters and digits, and every CJK character
 * (Han, kana, Hangul) is a word of its own, since those scripts write no spaces between words.
 * A CJK query term is then a phrase of its characters, which finds it inside any run of text,
 * at any length (one character included), with a word index and no trigram index.
 *
 * Latin letters lose their accents (café = cafe), as FTS5's `remove_diacritics` would do, so
 * PostgreSQL's 'simple' configuration finds the same words.
 */

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
export const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const LATIN = /\p{Script=Latin}/u;

const withoutAccents = (word: string) =>
  LATIN.test(word)
    ? word
        .normalize('NFD')
        .replace(/\p{Mn}+/gu, '')
        .normalize('NFC')
    : word;

/** The index words of a text, in order: stored separated by single spaces (both engines split on them). */
export function searchWords(text: string): string[] {
  const spaced = text.toLowerCase().replace(CJK_CHAR, ' $& ');
  return (spaced.match(WORD) ?? []).map(withoutAccents).filter(Boolean);
}

/**
 * How a query term matches: its words in order (a phrase). A lone 1-2 letter Latin word is
 * `short`: beside other terms it is left out (a word like "to" or "a" narrows nothing); alone
 * in a query a 2-letter one matches as a prefix ("go" finds golang; both engines index 2-letter
 * prefixes), a 1-letter one as a word (as a prefix it would read most of the index). Longer
 * words match whole: a prefix of 3+ letters has no prefix index, and FTS5 then merges the full
 * lists of every word it starts before reading any (34 ms for "database connection" as
 * prefixes at 100k questions, against 5 ms as words).
 */
export interface TermWords {
  words: string[];
  short: boolean;
  prefixWhenAlone: boolean;
}

export function termWords(term: string): TermWords {
  const words = searchWords(term);
  const letters = words.length === 1 && !CJK.test(words[0]!) ? [...words[0]!].length : 0;
  return { words, short: letters > 0 && letters <= 2, prefixWhenAlone: letters === 2 };
}

/** FTS5 query text of a phrase, optionally a prefix (the words hold only letters and digits). */
export const ftsPhrase = (words: string[], prefix = false) => `"${words.join(' ')}"${prefix ? '*' : ''}`;

/** to_tsquery text of a phrase, optionally a prefix, optionally only the title's words (weight A). */
export function tsPhrase(words: string[], options: { prefix?: boolean; titleOnly?: boolean } = {}): string {
  const label = `${options.prefix ? '*' : ''}${options.titleOnly ? 'A' : ''}`;
  return words.map((w) => `'${w}'${label ? `:${label}` : ''}`).join(' <-> ');
}

/**
 * tsquery text (cast with `::tsquery`) of documents holding words that start with each of
 * `prefixes` (2 letters each), as PostgreSQL's prefix table stores them (posts/search-index.ts).
 */
export const tsPrefixes = (prefixes: string[]) => prefixes.map((p) => `'${p}'`).join(' & ');

/**
 * PostgreSQL's lexeme marking a document whose question carries the tag `slug`
 * (posts/search-index.ts): index words hold only letters and digits, so no text term ever
 * matches one, and a tag filter is one exact posting list in the GIN index.
 */
export const tagLexeme = (slug: string) => `#${slug}`;

/** Ids of one kind per age stretch of PostgreSQL's documents (`ageLexeme`). */
export const AGE_STRETCH_IDS = 16_384;

/** The age stretch of a post id (`1`, the type's 3 digits, a 13-digit sequence: packages/shared ids.ts). */
export const ageStretch = (id: string) => Math.floor(Number(id.slice(4)) / AGE_STRETCH_IDS);

/**
 * PostgreSQL's lexeme marking a document's age: the stretch of AGE_STRETCH_IDS ids of its kind
 * its post's id falls in (posts/search-index.ts). The GIN index, which knows no order, can then
 * read a word's newest documents a stretch at a time (search.repository.ts `readNewestByAge`),
 * where ordering every match fetched each one's row first. Not a word, as `tagLexeme`.
 */
export const ageLexeme = (stretch: number) => `~${stretch}`;

/**
 * SQLite's word marking a document whose question carries the tag `tagId` (posts/search-index.ts),
 * as `tagLexeme` is PostgreSQL's: it starts with a private-use character, which FTS5's unicode61
 * tokenizer keeps inside a word but `searchWords` never yields, so no query term (word, phrase or
 * prefix) matches one, and a tag filter is one exact list of documents. By id, so a renamed tag's
 * documents keep their marks.
 */
export const tagMark = (tagId: string) => `\uE000${tagId}`;

/** tsquery text of one lexeme as it is, for a `::tsquery` cast (which normalizes nothing). */
export const tsLexeme = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
