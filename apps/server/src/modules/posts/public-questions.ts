import { QUESTION_SHOW, QUESTION_STATUS } from '@inquire/shared';

/**
 * The one definition of a question anyone may see in a list, a link or a title: open or
 * closed (not pending, not deleted) and listed. Lists filter in SQL with these values;
 * single posts go through `canSeePost` (visibility.ts), which applies the same rule and lets
 * the author and staff see the rest.
 */
export const PUBLIC_QUESTION_STATUSES: readonly number[] = [QUESTION_STATUS.normal, QUESTION_STATUS.closed];
export const LISTED = QUESTION_SHOW.shown;

export function isPublicQuestion(question: { status: number; show: number }): boolean {
  return PUBLIC_QUESTION_STATUSES.includes(question.status) && question.show === LISTED;
}
