import {
  compactComment,
  pageAnswer,
  pageQuestion,
  type CommentItem,
  type PageComment,
  type Paged,
  type QuestionPageParts,
  type ReactionSummary,
} from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import type { AnswersService } from '../answers/answers.service.js';
import type { Actor } from '../auth/auth.service.js';
import type { CommentsService } from '../comments/comments.service.js';
import type { InvitesService } from '../invites/invites.service.js';
import { withCountedView, type QuestionsService } from '../questions/questions.service.js';
import type { ReactionsService } from '../reactions/reactions.service.js';
import type { RelatedService } from '../related/related.service.js';
import { questionPageRepository } from './question-page.repository.js';

/**
 * Comments as the page carries them (compact: see PageComment) for the posts it shows, a
 * comment's source only to a reader who may edit it (the edit box starts from it).
 */
function pageComments(
  pages: Record<string, Paged<CommentItem>>,
  shown: ReadonlySet<string>,
): Record<string, Paged<PageComment>> {
  const trimmed: Record<string, Paged<PageComment>> = {};
  for (const [postId, page] of Object.entries(pages)) {
    if (!shown.has(postId)) continue; // an answer left out for want of its author
    trimmed[postId] = {
      count: page.count,
      list: page.list.map((c) => compactComment(c.actions.edit ? c : { ...c, original_text: '' })),
    };
  }
  return trimmed;
}

/** Posts nobody reacted to are left out: the page shows them with empty counts by default. */
function reactedOnly(
  summaries: Record<string, ReactionSummary>,
  shown: ReadonlySet<string>,
): Record<string, ReactionSummary> {
  return Object.fromEntries(
    Object.entries(summaries).filter(
      ([postId, summary]) => shown.has(postId) && summary.reaction_summary.some((r) => r.count > 0),
    ),
  );
}

/** The page shows this many answers and, under each post, this many comments at first. */
const ANSWERS_PER_PAGE = 50;
const COMMENTS_PER_POST = 50;
const DELETED = 10;

interface Readers {
  questions: QuestionsService;
  answers: AnswersService;
  comments: CommentsService;
  reactions: ReactionsService;
  invites: InvitesService;
  related: RelatedService;
}

/**
 * A question page's data in one call. The question and its answers come through their
 * services' visibility rules; everything hung off the posts (comments, reactions) is then
 * read for all of them at once, so the page costs the same number of queries with 1 answer
 * or 50.
 */
export class QuestionPageService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly readers: Readers,
  ) {}

  async load(questionId: string, actor: Actor | null, visitor: string): Promise<QuestionPageParts> {
    const { questions, answers, comments, reactions, invites, related } = this.readers;
    // The answers are read beside the question's own read and check (one round trip less on
    // PostgreSQL); when the reader may not see the question they are dropped unread.
    const answerRows = answers.rowsOf(questionId, actor, 1, ANSWERS_PER_PAGE);
    answerRows.catch(() => undefined); // its failure is reported below, or not at all after a 404
    // Loaded with its own parts (author, tags, the reader's marks, invitees) in one round trip,
    // and checked once (by exact id: the answers above are this row's); every part below is
    // of this question.
    const page = await questionPageRepository.find(this.site.db, questionId, actor?.user.id ?? '');
    const row = questions.checkedVisible(page?.question, actor);
    const parts = page!; // checkedVisible threw when there was no row
    // What hangs off the posts (comments, reactions) needs only their ids: it is read as soon
    // as the answers' rows are in, beside their authors (a round trip less on PostgreSQL).
    const marks = answerRows.then(({ list }) => {
      const posts = [row, ...list];
      const livePostIds = posts.filter((p) => p.status !== DELETED).map((p) => p.id);
      return Promise.all([
        comments.firstPagesOf(posts, actor, COMMENTS_PER_POST),
        reactions.summariesOf(livePostIds, actor),
      ]);
    });
    // What needs only the question is read with the answers; the view is counted alongside
    // them rather than before (a round trip less on PostgreSQL).
    const [viewCounted, presented, answerPage, invited, relatedList, [commentPages, reactionSummaries]] =
      await Promise.all([
        visitor ? questions.countView(row.id, visitor) : false,
        questions.presentWith(row, parts, actor),
        answerRows.then((rows) => answers.presentRows(row, actor, rows)),
        row.status === DELETED ? [] : invites.presentRows(parts.invitees),
        related.forReadable(row),
        marks,
      ]);
    const ownAnswer = await answers.answerKeptBy(row.id, actor, answerPage);
    const question = viewCounted ? withCountedView(presented) : presented;
    const shown = new Set([question.id, ...answerPage.list.map((a) => a.id)]);
    return {
      // The rendered HTML only (edits load the source), and Inquire's fields only.
      question: pageQuestion(question),
      answers: { count: answerPage.count, list: answerPage.list.map(pageAnswer) },
      comments: pageComments(commentPages, shown),
      reactions: reactedOnly(reactionSummaries, shown),
      invited,
      related: relatedList,
      ...(ownAnswer ? { my_answer_id: ownAnswer } : {}),
      // The same rule as the posts' member_actions, so the page and Answer's clients agree.
      can_flag: question.member_actions.some((a) => a.action === 'report'),
    };
  }
}
