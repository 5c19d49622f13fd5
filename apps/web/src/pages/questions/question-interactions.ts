import type { InvitedUser, QuestionPageParts, ReactionSummary, RelatedQuestion } from '@inquire/shared';

/** The question page's reactions, invitations, related questions and the reader's own answer. */
export interface QuestionInteractions {
  reactions: Record<string, ReactionSummary>;
  invited: InvitedUser[];
  related: RelatedQuestion[];
  /** With restrict_answer on: the reader's answer, which the answer form offers to edit. */
  myAnswerId?: string;
}

/** Picks them out of the page's data (read in one call with the question). */
export function questionInteractions(parts: QuestionPageParts): QuestionInteractions {
  const { reactions, invited, related, my_answer_id } = parts;
  return { reactions, invited, related, ...(my_answer_id ? { myAnswerId: my_answer_id } : {}) };
}
