import { slugify, type AnswerItem, type PostAuthor, type QuestionDetail, type SiteSettings } from '@inquire/shared';
import { plainText } from '../../lib/markdown.js';
import type { Actor } from '../auth/auth.service.js';
import { avatarUrl } from '../users/users.presenter.js';
import type { UserRow } from '../users/users.repository.js';
import { closeOperation } from './operation-reasons.js';
import { answerActions, questionActions } from './post-policy.js';
import type { QuestionRow } from './questions.repository.js';
import type { AnswerRow } from './answers.repository.js';

type AuthorRow = Pick<UserRow, 'id' | 'username' | 'display_name' | 'avatar' | 'e_mail' | 'status' | 'rank'>;

export function presentAuthor(row: AuthorRow, users: SiteSettings['site_users']): PostAuthor {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    avatar: avatarUrl(row, users),
    rank: row.rank,
  };
}

export function presentQuestion(
  question: QuestionRow,
  author: PostAuthor,
  tags: { slug_name: string; display_name: string }[],
  actor: Actor | null,
  myVote = 0,
  engagement = { collected: false, followed: false },
): QuestionDetail {
  return {
    id: question.id,
    ...engagement,
    collection_count: question.collection_count,
    follow_count: question.follow_count,
    title: question.title,
    url_title: slugify(question.title),
    content: question.original_text,
    html: question.parsed_text,
    description: plainText(question.parsed_text, 160),
    tags,
    status: question.status,
    show: question.show,
    pin: question.pin,
    view_count: question.view_count,
    answer_count: question.answer_count,
    vote_count: question.vote_count,
    accepted_answer_id: question.accepted_answer_id || '0',
    created_at: question.created_at,
    updated_at: question.updated_at,
    operator: author,
    actions: questionActions(actor, question),
    vote_status: voteStatus(myVote),
    operation: closeOperation(question),
  };
}

export function voteStatus(vote: number | undefined): QuestionDetail['vote_status'] {
  return vote === 1 ? 'vote_up' : vote === -1 ? 'vote_down' : '';
}

export function presentAnswer(
  answer: AnswerRow,
  author: PostAuthor,
  question: QuestionRow,
  actor: Actor | null,
  myVote = 0,
): AnswerItem {
  return {
    id: answer.id,
    question_id: answer.question_id,
    content: answer.original_text,
    html: answer.parsed_text,
    accepted: answer.accepted === 2 ? 2 : 1,
    vote_count: answer.vote_count,
    status: answer.status,
    created_at: answer.created_at,
    updated_at: answer.updated_at,
    operator: author,
    actions: answerActions(actor, answer, question),
    vote_status: voteStatus(myVote),
  };
}
