import type { InvitedUser, QuestionPageParts, ReactionSummary, RelatedQuestion } from '@inquire/shared';
import type { Session } from '../../app/session';

/** The question page's reactions, invitations, related questions and the reader's own answer. */
export interface QuestionInteractions {
  reactions: Record<string, ReactionSummary>;
  invited: InvitedUser[];
  related: RelatedQuestion[];
  /** With restrict_answer on: the reader's answer, which the answer form offers to edit. */
  myAnswerId?: string;
}

const ANSWER_DELETED = 10;

/** Picks them out of the page's data (read in one call with the question). */
export function questionInteractions(parts: QuestionPageParts, session: Session): QuestionInteractions {
  const { reactions, invited, related, answers } = parts;
  const userId = session.user?.id;
  const mine = session.site.site_write.restrict_answer
    ? answers.list.find((a) => a.operator.id === userId && a.status !== ANSWER_DELETED)
    : undefined;
  return { reactions, invited, related, ...(mine ? { myAnswerId: mine.id } : {}) };
}
