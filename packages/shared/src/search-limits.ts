/**
 * Search's constants, apart from its zod schema (schemas/search.ts): the header's search box
 * ships in every page's first-load script and reads the limits, and a module it imports from
 * is kept whole, schema and zod with it.
 */

/** Search orders (spec: relevance, newest, active, score). */
export const SEARCH_ORDERS = ['relevance', 'newest', 'active', 'score'] as const;
export type SearchOrder = (typeof SEARCH_ORDERS)[number];

/** Limits of a search (peer facts 10 and 13.3): q 1-60 characters, 5 words, 5 tag groups, size 30 (max 50). */
export const SEARCH_LIMITS = { queryMax: 60, words: 5, tags: 5, size: 30, sizeMax: 50 } as const;

/**
 * How far a search counts its matches: past it the count is SEARCH_COUNT_CAP + 1, which the page
 * shows as "more than 500 results" (the peer's wire has only `count`). Counting further read
 * every match of a common word (tens of milliseconds at 1M questions) for a number nobody pages
 * through: 500 results are 17 pages.
 */
export const SEARCH_COUNT_CAP = 500;
