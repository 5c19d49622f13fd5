/** The reading pages' form schemas (and zod), fetched when a form is first sent: post-schemas.ts. */
export const loadPostSchemas = () => import('./post-schemas');
