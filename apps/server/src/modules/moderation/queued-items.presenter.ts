import { translate } from '@inquire/i18n';
import { OBJECT_TYPES, slugify, type Language, type QueuedPostItem, type SiteSettings } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { answersRepository } from '../posts/answers.repository.js';
import { BUILTIN_REVIEWER } from '../posts/post-reviewer.js';
import { postOriginsRepository } from '../posts/post-origins.repository.js';
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

/** Why a post was held, for the reader: the built-in rule translated with its rank, a plugin's reason as written. */
function reasonLabel(reason: string, lang: Language, write: SiteSettings['site_write']): string {
  if (reason !== BUILTIN_REVIEWER) return reason;
  return translate(lang, 'ui.review.held_reason.hold_posts_below_rank', { rank: write.hold_posts_below_rank });
}

export async function presentQueuedPost(
  db: Db,
  item: ReviewItemRow,
  settings: Pick<SiteSettings, 'site_users' | 'site_write'>,
  lang: Language,
): Promise<QueuedPostItem> {
  const { kind, comment, answer, question, own } = await heldPostOf(db, item);
  const [[author], origin] = await Promise.all([
    usersRepository.authors(db, [item.submitter_id]),
    postOriginsRepository.find(db, item.object_id),
  ]);
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
    author_user_info: author ? presentAuthor(author, settings.site_users) : null,
    author_ip: origin.ip,
    author_user_agent: origin.userAgent,
    submit_at: own?.created_at ?? 0,
    submitter_display_name: item.reason,
    reason: item.reason,
    reason_label: reasonLabel(item.reason, lang, settings.site_write),
  };
}
