import { slugify, type AnswerItem, type PostAuthor, type QuestionDetail, type SiteSettings } from '@inquire/shared';
import { plainText } from '../../lib/markdown.js';
import type { Actor } from '../auth/auth.service.js';
import { isActive } from '../auth/actor.js';
import { avatarUrl, statusWord } from '../users/users.presenter.js';
import { postMemberActions } from './member-actions.js';
import type { UserRow } from '../users/users.repository.js';
import { closeOperation } from './operation-reasons.js';
import { answerActions, questionActions } from './post-policy.js';
import type { QuestionRow } from './questions.repository.js';
import type { AnswerRow } from './answers.repository.js';

export type AuthorRow = Pick<UserRow, 'id' | 'username' | 'display_name' | 'avatar' | 'e_mail' | 'status' | 'rank'> &
  Partial<Pick<UserRow, 'suspended_until' | 'mail_status'>>;

/** What a question's presentation reads besides its row (QuestionsService.presentWith). */
export interface QuestionParts {
  author: AuthorRow | undefined;
  tags: { slug_name: string; display_name: string; reserved: number; recommend: number }[];
  engagement: { collected: boolean; followed: boolean; vote: number | undefined };
}

export function presentAuthor(row: AuthorRow, users: SiteSettings['site_users']): PostAuthor {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    avatar: avatarUrl(row, users),
    rank: row.rank,
    status: statusWord(row),
  };
}

/** The people around a question beyond its author, and the caller's own answer (Answer's fields). */
export interface QuestionSurroundings {
  editor: PostAuthor | null;
  lastAnswerer: PostAuthor | null;
  firstAnswerId: string;
}

const NOBODY_AROUND: QuestionSurroundings = { editor: null, lastAnswerer: null, firstAnswerId: '' };

/** An id column that holds nobody: empty, or the peer's '0'. */
export const isNoId = (value: string) => value === '' || value === '0';

export function presentQuestion(
  question: QuestionRow,
  author: PostAuthor,
  tags: QuestionDetail['tags'],
  actor: Actor | null,
  myVote = 0,
  engagement = { collected: false, followed: false },
  around: QuestionSurroundings = NOBODY_AROUND,
): QuestionDetail {
  const actions = questionActions(actor, question);
  return {
    id: question.id,
    ...engagement,
    is_followed: engagement.followed,
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
    actions,
    vote_status: voteStatus(myVote),
    operation: closeOperation(question),
    user_info: author,
    update_user_info: around.editor,
    last_answered_user_info: around.lastAnswerer,
    unique_view_count: question.unique_view_count,
    last_answer_id: isNoId(question.last_answer_id) ? '0' : question.last_answer_id,
    create_time: question.created_at,
    update_time: question.post_update_time,
    edit_time: around.editor ? question.updated_at : 0,
    answered: around.firstAnswerId !== '',
    first_answer_id: around.firstAnswerId,
    member_actions: postMemberActions(actions, isActive(actor)),
    extends_actions: [],
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
  editor: PostAuthor | null = null,
  collected = false,
): AnswerItem {
  const actions = answerActions(actor, answer, question);
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
    actions,
    vote_status: voteStatus(myVote),
    user_id: answer.user_id,
    update_user_id: editor ? editor.id : '',
    user_info: author,
    update_user_info: editor,
    create_time: answer.created_at,
    update_time: answer.updated_at,
    collected,
    member_actions: postMemberActions(actions, isActive(actor)),
  };
}
