/**
 * The words of a question title worth matching another title by (related questions): words
 * so common in questions that they would match nearly every post are left out, longer words
 * first (they tell more). A run of CJK text has no spaces to split on: it gives its
 * overlapping 3-character pieces (each a phrase of characters to the index), so titles
 * sharing more of the run rank higher; shorter runs are left out.
 */

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const MIN_WORD = 3;
const MAX_CJK_PIECES = 6;

/** Words of 3+ letters too common in questions to relate two of them. */
const COMMON = new Set(
  (
    'the and for are but not you your with this that from have has had was were will would can could ' +
    'should how what why when where which who whom whose does did doing done get gets got use used ' +
    'using into onto than then them they their there these those its our out any all some one ' +
    'two way ways need needs want wants make makes made work works working like also just only more ' +
    'most other about after before while between without within via per each every too very possible ' +
    'problem question help best better good issue error find found show shows new'
  ).split(' '),
);

export function titleKeywords(title: string, max: number): string[] {
  const lower = title.toLowerCase();
  const pieces: string[] = [];
  for (const run of lower.match(CJK_RUN) ?? []) {
    const chars = [...run];
    for (let i = 0; i + MIN_WORD <= chars.length && pieces.length < MAX_CJK_PIECES; i += 1) {
      pieces.push(chars.slice(i, i + MIN_WORD).join(''));
    }
  }
  const words = lower
    .replace(CJK_RUN, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => [...w].length >= MIN_WORD && !COMMON.has(w));
  const longestFirst = [...new Set(words)].sort((a, b) => [...b].length - [...a].length);
  return [...new Set([...longestFirst, ...pieces])].slice(0, max);
}
