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

/** to_tsquery text of a phrase of whole words, optionally only the title's words (weight A). */
export function tsPhrase(words: string[], options: { titleOnly?: boolean } = {}): string {
  return words.map((w) => `'${w}'${options.titleOnly ? ':A' : ''}`).join(' <-> ');
}

/**
 * PostgreSQL's lexeme for every word starting with a 2-letter prefix, indexed beside the words
 * (as FTS5's prefix='2' index is): a lone "go" then reads one posting list, where `'go':*` read
 * the list of every lexeme starting "go" (1.8 s at 1M questions). `^` is in no index word (they
 * are letters, digits and marks only), so the lexeme names no real word.
 */
const prefixLexeme = (prefix: string) => `^${prefix}`;

/** The 2-letter prefix of a word, if it has one (a CJK character is a word of one letter). */
const prefixOf = (word: string) => {
  const letters = [...word];
  return letters.length >= 2 ? letters.slice(0, 2).join('') : undefined;
};

/**
 * tsvector text (cast with `::tsvector`, not through to_tsvector's parser) of the prefixes of a
 * document's title, body and tags words, weighted as the words are (A, B, C), each field's
 * prefix at one position: a prefix search ranks by the fields holding it.
 */
export function tsPrefixVector(fields: { title: string[]; body: string[]; tags: string[] }): string {
  const weights: Record<string, string[]> = {};
  const marks = [
    [fields.title, '1A'],
    [fields.body, '2B'],
    [fields.tags, '3C'],
  ] as const;
  for (const [words, mark] of marks) {
    for (const prefix of new Set(words.map(prefixOf))) {
      if (prefix) (weights[prefix] ??= []).push(mark);
    }
  }
  return Object.entries(weights)
    .map(([prefix, at]) => `'${prefixLexeme(prefix)}':${at.join(',')}`)
    .join(' ');
}

/** tsquery text (cast with `::tsquery`) of the words starting with a 2-letter prefix, optionally in the title only. */
export const tsPrefix = (prefix: string, options: { titleOnly?: boolean } = {}) =>
  `'${prefixLexeme(prefix)}'${options.titleOnly ? ':A' : ''}`;
