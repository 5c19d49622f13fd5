import { OBJECT_TYPES, slugify, type QueuedPostItem, type SiteSettings } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { answersRepository } from '../posts/answers.repository.js';
import { presentAuthor } from '../posts/post.presenter.js';
import { questionsRepository } from '../posts/questions.repository.js';
import { usersRepository } from '../users/users.repository.js';
import { reportsRepository, type ReviewItemRow } from './moderation.repository.js';

/** The held post a review row names, with its question (title, tags) and, for a comment, its answer. */
export async function heldPostOf(db: Db, item: ReviewItemRow) {
  const comment =
    item.object_type === OBJECT_TYPES.comment ? await reportsRepository.commentById(db, item.object_id) : undefined;
  const answerId = item.object_type === OBJECT_TYPES.answer ? item.object_id : comment?.object_id;
  const answer = answerId ? await answersRepository.findById(db, answerId) : undefined;
  const questionId =
    item.object_type === OBJECT_TYPES.question ? item.object_id : (answer?.question_id ?? comment?.question_id ?? '');
  const question = await questionsRepository.findById(db, questionId);
  const kind: QueuedPostItem['object_type'] =
    item.object_type === OBJECT_TYPES.comment
      ? 'comment'
      : item.object_type === OBJECT_TYPES.answer
        ? 'answer'
        : 'question';
  const own = comment ?? (kind === 'answer' ? answer : question);
  return { kind, comment, answer, question, own };
}

export async function presentQueuedPost(
  db: Db,
  item: ReviewItemRow,
  users: SiteSettings['site_users'],
): Promise<QueuedPostItem> {
  const { kind, comment, answer, question, own } = await heldPostOf(db, item);
  const [author] = await usersRepository.authors(db, [item.submitter_id]);
  const tags = question ? await reportsRepository.questionTags(db, question.id) : [];
  return {
    review_id: item.id,
    created_at: item.created_at,
    object_id: item.object_id,
    question_id: question?.id ?? '',
    answer_id: kind === 'answer' || (comment && answer?.id === comment.object_id) ? (answer?.id ?? '') : '',
    comment_id: comment?.id ?? '',
    object_type: kind,
    title: question?.title ?? '',
    url_title: slugify(question?.title ?? ''),
    original_text: own?.original_text ?? '',
    parsed_text: own?.parsed_text ?? '',
    tags,
    object_status: own?.status ?? 0,
    object_show_status: question?.show ?? 1,
    author_user_info: author ? presentAuthor(author, users) : null,
    submit_at: own?.created_at ?? 0,
    submitter_display_name: item.reason,
    reason: item.reason,
  };
}
