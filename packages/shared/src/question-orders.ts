/**
 * The orders of `question/page` (peer facts 6.2). `hot`: recent score and activity;
 * `recommend`: the reader's followed tags and questions, newest first (newest for a guest).
 * Kept without zod: the list page (the home page) reads them, and importing them from the
 * schema module loaded zod on every guest's first page.
 */
export const QUESTION_ORDERS = ['newest', 'active', 'frequent', 'score', 'unanswered', 'hot', 'recommend'] as const;
export type QuestionOrder = (typeof QUESTION_ORDERS)[number];
