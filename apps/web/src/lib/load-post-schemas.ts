import { completeStrings } from './i18n';

/**
 * The reading pages' form schemas (and zod), fetched when a form is first sent (post-schemas.ts),
 * with the whole catalog: the messages they give are translated at once.
 */
export const loadPostSchemas = () => Promise.all([import('./post-schemas'), completeStrings()]).then(([m]) => m);
