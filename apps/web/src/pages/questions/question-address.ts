import { longId, objectTypeOf, permalinkId, questionPath, type PageQuestion } from '@inquire/shared';
import { data, redirect } from 'react-router';

/** What a question address names: the question, and an answer when one is in it. */
export interface QuestionAddress {
  questionId: string;
  answerId?: string;
}

/**
 * Reads /questions/{qid}[/{slug}][/{aid}] with long or short ids. With permalink 2 and 4 there
 * is no slug, so an answer's id can stand in the slug's place.
 */
export function readQuestionAddress(params: { qid?: string; slugPermalink?: string; aid?: string }): QuestionAddress {
  const questionId = longId(params.qid ?? '');
  if (!questionId || objectTypeOf(questionId) !== 'question') throw data(null, { status: 404 });
  const second = params.aid ?? params.slugPermalink;
  const answerId = second ? longId(second) : undefined;
  return answerId && objectTypeOf(answerId) === 'answer' ? { questionId, answerId } : { questionId };
}

/**
 * Old and other-form addresses (a long id while the site writes short ones, or the reverse)
 * answer a permanent redirect to the canonical one, so every post has one address.
 */
export function canonicalizeQuestionAddress(
  params: { qid?: string; slugPermalink?: string; aid?: string },
  address: QuestionAddress,
  question: PageQuestion,
  permalink: number,
  search: string,
): void {
  const second = params.aid ?? params.slugPermalink;
  const idsMatch =
    params.qid === permalinkId(question.id, permalink) &&
    (!address.answerId || second === permalinkId(address.answerId, permalink));
  if (!idsMatch) throw redirect(`${questionPath(question, permalink, address.answerId)}${search}`, 301);
}
