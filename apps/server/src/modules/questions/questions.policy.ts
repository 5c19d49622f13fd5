import { hasPrivilege, isStaff, MAIL_STATUS, QUESTION_STATUS, type PostActions } from '@inquire/shared';
import type { Actor } from '../auth/auth.service.js';

/** Object rules for questions and answers (peer facts sections 2.3 and 6). */
export interface PostRow {
  user_id: string;
  status: number;
}

const member = (actor: Actor | null) => (actor ? { role_id: actor.user.role_id, rank: actor.user.rank } : null);
const isAuthor = (actor: Actor | null, post: PostRow) => actor !== null && actor.user.id === post.user_id;
const isActive = (actor: Actor | null) => actor !== null && actor.user.mail_status === MAIL_STATUS.activated;

/** Deleted and pending posts show only to their author and to staff. */
export function canSeePost(actor: Actor | null, post: PostRow): boolean {
  if (post.status !== QUESTION_STATUS.deleted && post.status !== QUESTION_STATUS.pending) return true;
  return isAuthor(actor, post) || isStaff(member(actor));
}

export function canAnswer(actor: Actor | null, question: PostRow): boolean {
  return isActive(actor) && question.status === QUESTION_STATUS.normal;
}

/** Only the asker accepts an answer (staff too, as the peer allows). */
export function canAccept(actor: Actor | null, question: PostRow): boolean {
  return isActive(actor) && (isAuthor(actor, question) || isStaff(member(actor)));
}

export function questionActions(actor: Actor | null, question: PostRow): PostActions {
  const active = isActive(actor);
  const own = isAuthor(actor, question);
  return {
    edit: active && (own || hasPrivilege(member(actor), 'question.edit')),
    delete: active && (own || isStaff(member(actor))),
    answer: canAnswer(actor, question),
    invite: canAnswer(actor, question) && hasPrivilege(member(actor), 'answer.invite_someone_to_answer'),
    vote_up: active && !own && hasPrivilege(member(actor), 'question.vote_up'),
    vote_down: active && !own && hasPrivilege(member(actor), 'question.vote_down'),
  };
}

export function answerActions(actor: Actor | null, answer: PostRow, question: PostRow): PostActions {
  const active = isActive(actor);
  const own = isAuthor(actor, answer);
  return {
    edit: active && (own || hasPrivilege(member(actor), 'answer.edit')),
    delete: active && (own || isStaff(member(actor))),
    accept: canAccept(actor, question),
    vote_up: active && !own && hasPrivilege(member(actor), 'answer.vote_up'),
    vote_down: active && !own && hasPrivilege(member(actor), 'answer.vote_down'),
  };
}
