import { longId, objectTypeOf, questionPath, type PageQuestion } from '@inquire/shared';
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
 * Every address of a question other than the canonical one of the permalink setting answers a
 * permanent redirect to it, so every post has one address (issue 13, item 5): a long id while
 * the site writes short ones or the reverse, a slug missing under settings 1 and 3 or present
 * under 2 and 4, an old slug after a title edit, an answer's id in the slug's place.
 */
export function canonicalizeQuestionAddress(
  params: { qid?: string; slugPermalink?: string; aid?: string },
  address: QuestionAddress,
  question: PageQuestion,
  permalink: number,
  search: string,
): void {
  const asked = ['/questions', params.qid, params.slugPermalink, params.aid].filter(Boolean).join('/');
  const canonical = questionPath(question, permalink, address.answerId);
  // Params arrive decoded; the Location header takes only ASCII, so a slug in any script is encoded.
  if (asked !== canonical) throw redirect(`${encodeURI(canonical)}${search}`, 301);
}
