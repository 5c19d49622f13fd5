import type { AnswerItem, InvitedUser, QuestionDetail, ReactionSummary, RelatedQuestion } from '@inquire/shared';
import type { LoaderApi } from '../../app/api';
import type { Session } from '../../app/session';
import { API_BASE } from '../../lib/http';

/** The question page's reactions, invitations, related questions and the reader's own answer. */
export interface QuestionInteractions {
  reactions: Record<string, ReactionSummary>;
  invited: InvitedUser[];
  related: RelatedQuestion[];
  /** With restrict_answer on: the reader's answer, which the answer form offers to edit. */
  myAnswerId?: string;
}

const ANSWER_DELETED = 10;

/** Loads them in parallel; a part that fails leaves its block empty rather than the page. */
export async function loadQuestionInteractions(
  api: LoaderApi,
  question: QuestionDetail,
  answers: AnswerItem[],
  session: Session,
): Promise<QuestionInteractions> {
  const postIds = [question.id, ...answers.map((a) => a.id)];
  const [summaries, invited, related] = await Promise.all([
    Promise.all(
      postIds.map((objectId) =>
        api.get<ReactionSummary>(`${API_BASE}/meta/reaction`, { object_id: objectId }).catch(() => undefined),
      ),
    ),
    api.get<InvitedUser[]>(`${API_BASE}/question/invite`, { id: question.id }).catch(() => []),
    api.get<RelatedQuestion[]>(`${API_BASE}/question/similar/tag`, { question_id: question.id }).catch(() => []),
  ]);
  const reactions: Record<string, ReactionSummary> = {};
  postIds.forEach((id, i) => {
    const summary = summaries[i];
    if (summary) reactions[id] = summary;
  });
  const userId = session.user?.id;
  const mine = session.site.site_write.restrict_answer
    ? answers.find((a) => a.operator.id === userId && a.status !== ANSWER_DELETED)
    : undefined;
  return { reactions, invited, related, ...(mine ? { myAnswerId: mine.id } : {}) };
}
