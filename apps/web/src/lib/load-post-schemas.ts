import { completeStrings } from './i18n';
import { withChunkTimeout } from './chunk';

/**
 * The reading pages' form schemas (and zod), fetched when a form is first sent (post-schemas.ts),
 * with the whole catalog: the messages they give are translated at once.
 */
export const loadPostSchemas = () =>
  Promise.all([withChunkTimeout(import('./post-schemas')), completeStrings()]).then(([m]) => m);
