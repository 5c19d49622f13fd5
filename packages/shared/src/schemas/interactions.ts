import { z } from 'zod';
import type { Paged } from '../reasons.js';
import {
  ANSWER_COMPAT_FIELDS,
  COMMENT_COMPAT_FIELDS,
  QUESTION_COMPAT_FIELDS,
  type AnswerCompat,
  type AnswerItem,
  type CommentView,
  type QuestionCompat,
  type QuestionDetail,
} from './post.js';
import { COMMENT_DEFAULTS, type PageComment } from './page-comment.js';

export { fullComment, type PageComment } from './page-comment.js';

/** The reactions a post takes (spec section 3: heart, smile, frown). */
export const REACTION_EMOJIS = ['heart', 'smile', 'frown'] as const;
export type ReactionEmoji = (typeof REACTION_EMOJIS)[number];

/** PUT meta/reaction (peer facts 6.9). */
export const reactionSchema = z.object({
  object_id: z.string().min(1, 'form.object_id.required'),
  emoji: z.enum(REACTION_EMOJIS, 'form.emoji.invalid'),
  reaction: z.enum(['activate', 'deactivate'], 'form.reaction.invalid'),
});
export type ReactionInput = z.infer<typeof reactionSchema>;

export const objectIdQuery = z.object({ object_id: z.string().min(1, 'form.object_id.required') });

export interface ReactionSummary {
  reaction_summary: {
    emoji: ReactionEmoji;
    /** Whether the caller reacted with this emoji. */
    is_active: boolean;
    count: number;
    /** Who reacted (display names, the first few). */
    tooltip: string;
  }[];
}

/** At most this many people are invited to answer one question. */
export const MAX_INVITEES = 5;

/** PUT question/invite: the whole list of invited usernames (peer facts 6.1). */
export const inviteSchema = z.object({
  id: z.string().min(1, 'form.question_id.required'),
  invite_user: z
    .array(
      z.string().trim().min(1, 'form.invite_user.invalid').max(64, 'form.invite_user.invalid'),
      'form.invite_user.invalid',
    )
    .max(MAX_INVITEES, 'form.invite_user.too_many'),
});
export type InviteInput = z.infer<typeof inviteSchema>;

export interface InvitedUser {
  username: string;
  display_name: string;
  avatar: string;
}

/** A question related to another by shared tags (question/similar/tag). */
export interface RelatedQuestion {
  id: string;
  title: string;
  url_title: string;
  answer_count: number;
  accepted: boolean;
}

/** A member found by user/info/search (for mentions and invitations). */
export interface UserSearchHit {
  username: string;
  display_name: string;
  avatar: string;
  rank: number;
}

/** A post's author as its page shows it: name, address and picture (the API adds id, rank and status). */
export type PageAuthor = Pick<QuestionDetail['operator'], 'username' | 'display_name' | 'avatar'>;

/** The reader's action flags as a page carries them: the ones allowed only (a flag left out is false). */
export type PageActions = Partial<QuestionDetail['actions']>;

/** Fields the question page does not read (its data is written into every guest's HTML). */
const QUESTION_UNREAD = ['updated_at', 'collection_count', 'follow_count', 'pin', 'accepted_answer_id'] as const;
const ANSWER_UNREAD = ['question_id', 'updated_at'] as const;

/**
 * A question as its page shows it: the rendered HTML only (the markdown source is for
 * editing), and Inquire's fields only (Answer's copies of them are for the public API), and
 * of those the ones the page reads.
 */
export type PageQuestion = Omit<
  QuestionDetail,
  'content' | keyof QuestionCompat | (typeof QUESTION_UNREAD)[number] | 'operator' | 'actions'
> & { operator: PageAuthor; actions: PageActions };
export type PageAnswer = Omit<
  AnswerItem,
  'content' | keyof AnswerCompat | (typeof ANSWER_UNREAD)[number] | 'operator' | 'actions'
> & { operator: PageAuthor; actions: PageActions };

/**
 * A copy of `value` less `keys`, built field by field: deleting fields would turn the copy into
 * a dictionary-mode object, slow for everything that reads it later (the render, the JSON).
 */
function without<T extends object, K extends string>(value: T, keys: readonly K[]): Omit<T, K> {
  const copy: Record<string, unknown> = {};
  const fields = value as Record<string, unknown>;
  for (const key of Object.keys(fields)) if (!(keys as readonly string[]).includes(key)) copy[key] = fields[key];
  return copy as Omit<T, K>;
}

const QUESTION_DROPPED = [...QUESTION_COMPAT_FIELDS, ...QUESTION_UNREAD, 'content'] as const;
const ANSWER_DROPPED = [...ANSWER_COMPAT_FIELDS, ...ANSWER_UNREAD, 'content'] as const;
const COMMENT_DROPPED: readonly string[] = [...COMMENT_COMPAT_FIELDS, 'object_id'];

function pageAuthor({ username, display_name, avatar }: QuestionDetail['operator']): PageAuthor {
  return { username, display_name, avatar };
}

function allowedOnly(actions: QuestionDetail['actions']): PageActions {
  return Object.fromEntries(Object.entries(actions).filter(([, allowed]) => allowed === true));
}

export function pageQuestion(question: QuestionDetail): PageQuestion {
  const rest = without(question, QUESTION_DROPPED);
  return { ...rest, operator: pageAuthor(question.operator), actions: allowedOnly(question.actions) };
}

export function pageAnswer(answer: AnswerItem): PageAnswer {
  const rest = without(answer, ANSWER_DROPPED);
  return { ...rest, operator: pageAuthor(answer.operator), actions: allowedOnly(answer.actions) };
}

/**
 * Everything a question page shows, read in one call (`GET question/page-data`): the question,
 * its answers, the first comments of every post, reactions, invitations and related questions.
 * The query count of this read does not grow with the number of answers. Posts come as their
 * rendered HTML only, and a comment's source only when the reader may edit it.
 */
export interface QuestionPageParts {
  question: PageQuestion;
  answers: Paged<PageAnswer>;
  /** The first page of comments of the question and of each answer, by post id. */
  comments: Record<string, Paged<PageComment>>;
  /** Reactions of each post that is not deleted and has any, by post id (others show none). */
  reactions: Record<string, ReactionSummary>;
  invited: InvitedUser[];
  related: RelatedQuestion[];
  /** With restrict_answer on: the reader's answer, which the answer form offers to edit. */
  my_answer_id?: string;
  /** Whether the reader may flag the posts and comments of this page (the server's 'report' member action). */
  can_flag: boolean;
}

/** A comment as a page carries it (PageComment, page-comment.ts): fields at their default left out. */
export function compactComment(comment: CommentView): PageComment {
  const fields = comment as unknown as Record<string, unknown>;
  const compact: Record<string, unknown> = {};
  for (const key of Object.keys(fields)) {
    if (COMMENT_DROPPED.includes(key)) continue;
    const value = fields[key];
    const fallback = (COMMENT_DEFAULTS as Record<string, unknown>)[key];
    const isDefault = key === 'actions' ? !Object.values(value as object).some(Boolean) : value === fallback;
    if (!isDefault) compact[key] = value;
  }
  return compact as PageComment;
}
