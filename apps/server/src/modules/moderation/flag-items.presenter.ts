import {
  OBJECT_TYPES,
  slugify,
  type FlaggedPostItem,
  type FlaggedUserItem,
  type Language,
  type PostAuthor,
  type SiteSettings,
} from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { answersRepository } from '../posts/answers.repository.js';
import { reasonOption } from '../posts/operation-reasons.js';
import { postOriginsRepository } from '../posts/post-origins.repository.js';
import { presentAuthor } from '../posts/post.presenter.js';
import { questionsRepository } from '../posts/questions.repository.js';
import { usersRepository } from '../users/users.repository.js';
import { reportsRepository, type ReportRow } from './moderation.repository.js';

type Users = SiteSettings['site_users'];
const GONE = { username: '', display_name: '', avatar: '', e_mail: '', status: 10, rank: 0 };

async function authorsById(db: Db, ids: string[], users: Users): Promise<Map<string, PostAuthor>> {
  const rows = await usersRepository.authors(db, [...new Set(ids.filter(Boolean))]);
  return new Map(rows.map((row) => [row.id, presentAuthor(row, users)]));
}

/** The post a flag names, as a queue item shows it (the question's title and tags for all three kinds). */
async function postOf(db: Db, flag: ReportRow) {
  const comment =
    flag.object_type === OBJECT_TYPES.comment ? await reportsRepository.commentById(db, flag.object_id) : undefined;
  const answerId = flag.object_type === OBJECT_TYPES.answer ? flag.object_id : comment?.object_id;
  const answer = answerId ? await answersRepository.findById(db, answerId) : undefined;
  const questionId =
    flag.object_type === OBJECT_TYPES.question ? flag.object_id : (answer?.question_id ?? comment?.question_id ?? '');
  const question = await questionsRepository.findById(db, questionId);
  return { comment, answer: answer?.id === answerId ? answer : undefined, question };
}

export async function presentFlaggedPost(
  db: Db,
  flag: ReportRow,
  users: Users,
  lang: Language,
): Promise<FlaggedPostItem> {
  const { comment, answer, question } = await postOf(db, flag);
  const people = await authorsById(db, [flag.user_id, flag.reported_user_id], users);
  const kind =
    flag.object_type === OBJECT_TYPES.comment
      ? 'comment'
      : flag.object_type === OBJECT_TYPES.answer
        ? 'answer'
        : 'question';
  const own = comment ?? (kind === 'answer' ? answer : question);
  const tags = question ? await reportsRepository.questionTags(db, question.id) : [];
  const origin = await postOriginsRepository.find(db, flag.object_id);
  return {
    flag_id: flag.id,
    created_at: flag.created_at,
    object_id: flag.object_id,
    object_type: kind,
    question_id: question?.id ?? '',
    answer_id: comment ? (answer?.id ?? '') : kind === 'answer' ? flag.object_id : '',
    comment_id: comment?.id ?? '',
    title: question?.title ?? '',
    url_title: slugify(question?.title ?? ''),
    original_text: own?.original_text ?? '',
    parsed_text: own?.parsed_text ?? '',
    answer_count: question?.answer_count ?? 0,
    answer_accepted: Boolean(question?.accepted_answer_id && question.accepted_answer_id !== '0'),
    tags,
    submit_at: own?.created_at ?? 0,
    object_status: own?.status ?? 0,
    object_show_status: question?.show ?? 1,
    author_user_info: people.get(flag.reported_user_id) ?? null,
    author_ip: origin.ip,
    author_user_agent: origin.userAgent,
    // The peer fills this with the reported member (a quirk): here it is the flagger.
    submitter_user: people.get(flag.user_id) ?? null,
    reason: reasonOption(flag.report_type, lang),
    reason_content: flag.content,
  };
}

export async function presentFlaggedUser(
  db: Db,
  flag: ReportRow,
  users: Users,
  lang: Language,
): Promise<FlaggedUserItem> {
  const member = await usersRepository.findById(db, flag.object_id);
  const people = await authorsById(db, [flag.user_id], users);
  return {
    flag_id: flag.id,
    created_at: flag.created_at,
    object_id: flag.object_id,
    object_type: 'user',
    user: {
      // A member row that is gone reads as a deleted member.
      ...presentAuthor(member ?? { ...GONE, id: flag.object_id }, users),
      suspended_until: member?.suspended_until ?? 0,
      question_count: member?.question_count ?? 0,
      answer_count: member?.answer_count ?? 0,
    },
    submitter_user: people.get(flag.user_id) ?? null,
    reason: reasonOption(flag.report_type, lang),
    reason_content: flag.content,
  };
}
