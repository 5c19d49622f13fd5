/**
 * The searches the bench sends (issue 10's target): distinct queries from the seeded community's
 * own words, so a search measures the engine and not the service's cache of pages it presented
 * (which answers a repeated query from memory). Deterministic: one word, two words, a tag with a
 * word, and answers only, in turn.
 */
import { ACTIONS, OBJECTS } from '../../apps/server/src/seed/phrases.js';
import { TOPICS } from '../../apps/server/src/seed/topics.js';

const wordsOf = (phrase: string) => phrase.toLowerCase().match(/[a-z]{3,}/g) ?? [];

/** Up to `count` distinct queries (fewer when the word lists run out). */
export function searchMix(count: number): string[] {
  const verbs = ACTIONS.map((a) => a.verb);
  const nouns = [...new Set(OBJECTS.flatMap(wordsOf))].filter((w) => !['the', 'with', 'and', 'for'].includes(w));
  const topics = TOPICS.map((t) => t.slug);
  const kinds: ((i: number) => string)[] = [
    (i) => `${nouns[i % nouns.length]}`,
    (i) => `${verbs[i % verbs.length]} ${nouns[Math.floor(i / verbs.length) % nouns.length]}`,
    (i) => `[${topics[i % topics.length]}] ${verbs[Math.floor(i / topics.length) % verbs.length]}`,
    (i) => `is:answer ${nouns[i % nouns.length]} ${verbs[Math.floor(i / nouns.length) % verbs.length]}`,
  ];
  const queries = new Set<string>();
  for (let i = 0; queries.size < count && i < count * 4; i++) {
    queries.add(kinds[i % kinds.length]!(Math.floor(i / kinds.length)));
  }
  return [...queries];
}
