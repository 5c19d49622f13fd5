import { hasPrivilege, QUESTION_PIN, QUESTION_SHOW, QUESTION_STATUS, type PostActions } from '@inquire/shared';
import { isActive, isActiveStaff, memberOf } from '../auth/actor.js';
import type { Actor } from '../auth/auth.service.js';

/** Object rules for questions and answers (peer facts sections 2.3 and 6). */
export interface PostRow {
  user_id: string;
  status: number;
  /** Questions only: listed (1) or unlisted (2), pinned (2) or not (1). */
  show?: number;
  pin?: number;
}

const isAuthor = (actor: Actor | null, post: PostRow) => actor !== null && actor.user.id === post.user_id;

export function canAnswer(actor: Actor | null, question: PostRow): boolean {
  return isActive(actor) && question.status === QUESTION_STATUS.normal;
}

/** Only the asker accepts an answer (staff too, as the peer allows). */
export function canAccept(actor: Actor | null, question: PostRow): boolean {
  return isActive(actor) && (isAuthor(actor, question) || isActiveStaff(actor));
}

/** Who may open the edit form: the author, staff, or a member with the (review) edit privilege. */
export function canEdit(actor: Actor | null, post: PostRow, kind: 'question' | 'answer'): boolean {
  if (!isActive(actor) || post.status === QUESTION_STATUS.deleted) return false;
  return isAuthor(actor, post) || hasPrivilege(memberOf(actor), `${kind}.edit`);
}

/** Whether an edit applies at once; otherwise it waits for review as a suggested edit. */
export function editsDirectly(actor: Actor, post: PostRow | null, kind: 'question' | 'answer' | 'tag'): boolean {
  if (post && isAuthor(actor, post)) return true;
  return hasPrivilege(memberOf(actor), `${kind}.edit_without_review`);
}

export function canDelete(actor: Actor | null, post: PostRow): boolean {
  return isActive(actor) && post.status !== QUESTION_STATUS.deleted && (isAuthor(actor, post) || isActiveStaff(actor));
}

export function questionActions(actor: Actor | null, question: PostRow): PostActions {
  const active = isActive(actor);
  const own = isAuthor(actor, question);
  const staff = isActiveStaff(actor);
  const deleted = question.status === QUESTION_STATUS.deleted;
  const pinned = question.pin === QUESTION_PIN.pinned;
  const hidden = question.show === QUESTION_SHOW.hidden;
  return {
    edit: canEdit(actor, question, 'question'),
    delete: canDelete(actor, question),
    answer: canAnswer(actor, question),
    invite: canAnswer(actor, question) && hasPrivilege(memberOf(actor), 'answer.invite_someone_to_answer'),
    vote_up: active && !own && hasPrivilege(memberOf(actor), 'question.vote_up'),
    vote_down: active && !own && hasPrivilege(memberOf(actor), 'question.vote_down'),
    // Peer rules: close only when open, reopen only when closed; no pin or unlist while
    // unlisted, no unlist while pinned; nothing but undelete on a deleted question.
    close: staff && question.status === QUESTION_STATUS.normal,
    reopen: staff && question.status === QUESTION_STATUS.closed,
    pin: staff && !deleted && !pinned && !hidden,
    unpin: staff && !deleted && pinned,
    hide: staff && !deleted && !hidden && !pinned,
    show: staff && !deleted && hidden,
    undelete: staff && deleted,
  };
}

export function answerActions(actor: Actor | null, answer: PostRow, question: PostRow): PostActions {
  const active = isActive(actor);
  const own = isAuthor(actor, answer);
  return {
    edit: canEdit(actor, answer, 'answer'),
    delete: canDelete(actor, answer),
    accept: canAccept(actor, question),
    vote_up: active && !own && hasPrivilege(memberOf(actor), 'answer.vote_up'),
    vote_down: active && !own && hasPrivilege(memberOf(actor), 'answer.vote_down'),
    undelete: isActiveStaff(actor) && answer.status === QUESTION_STATUS.deleted,
  };
}
