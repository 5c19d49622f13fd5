import { z } from 'zod';
import type { MemberAction, UserStatusWord } from './answer-contract.js';
import type { ModerationDecisionInfo } from './moderation.js';

// Answer's response shapes, the contract every public call keeps (exported with the post shapes they describe).
export * from './answer-contract.js';
import { LIMITS } from '../limits.js';
import { normalizeTagSlug, TAG_SLUG_PATTERN } from './tag.js';

const tagRef = z.object({
  slug_name: z
    .string()
    .trim()
    .min(1, 'form.tags.required')
    .max(LIMITS.tagNameMax, 'form.tags.too_long')
    .refine((slug) => TAG_SLUG_PATTERN.test(normalizeTagSlug(slug)), 'form.tags.invalid'),
  display_name: z.string().trim().max(LIMITS.tagNameMax, 'form.tags.too_long').optional(),
  original_text: z.string().max(65_536).optional(),
});

/** POST question (spec section 5: title required, max 150; body required; at least one tag). */
export const askQuestionSchema = z.object({
  title: z.string().trim().min(1, 'form.title.required').max(LIMITS.questionTitleMax, 'form.title.too_long'),
  content: z.string().trim().min(1, 'form.content.required').max(65_535, 'form.content.too_long'),
  tags: z.array(tagRef, 'form.tags.required').min(1, 'form.tags.required').max(5, 'form.tags.too_many'),
});
export type AskQuestionInput = z.infer<typeof askQuestionSchema>;

/**
 * POST question/answer: a question and the asker's own answer, in one request (peer facts 6.1).
 * The answer is required when answering one's own question, and held to an answer's length.
 */
export const askWithAnswerSchema = askQuestionSchema.extend({
  answer_content: z
    .string('form.answer_content.required')
    .trim()
    .min(1, 'form.answer_content.required')
    .min(LIMITS.answerMin, 'form.answer_content.too_short')
    .max(65_535, 'form.answer_content.too_long'),
});
export type AskWithAnswerInput = z.infer<typeof askWithAnswerSchema>;

/** POST answer (answer content at least 6 characters). */
export const answerSchema = z.object({
  question_id: z.string().min(1, 'form.question_id.required'),
  content: z
    .string()
    .trim()
    .min(1, 'form.content.required')
    .min(LIMITS.answerMin, 'form.content.too_short_answer')
    .max(65_535, 'form.content.too_long'),
});
export type AnswerInput = z.infer<typeof answerSchema>;

export const acceptAnswerSchema = z.object({
  question_id: z.string().min(1, 'form.question_id.required'),
  /** Empty or "0" takes the acceptance back. */
  answer_id: z.string().default(''),
});

export const renderSchema = z.object({ content: z.string().max(65_535, 'form.content.too_long') });

/** What the caller may do with a post: computed by the server, read by the UI. */
export interface PostActions {
  edit: boolean;
  delete: boolean;
  accept?: boolean;
  answer?: boolean;
  /** Questions: may invite people to answer. */
  invite?: boolean;
  vote_up: boolean;
  vote_down: boolean;
  /** Post operations (staff): close/reopen, pin/unpin, unlist (hide)/list (show), undelete. */
  close?: boolean;
  reopen?: boolean;
  pin?: boolean;
  unpin?: boolean;
  hide?: boolean;
  show?: boolean;
  undelete?: boolean;
}

export interface PostAuthor {
  id: string;
  username: string;
  display_name: string;
  avatar: string;
  rank: number;
  /** Answer's status word for the author (its clients grey out deleted and suspended people). */
  status: UserStatusWord;
}

/**
 * The fields of a question that Answer's clients read (peer facts 12.3) beside Inquire's own
 * (`operator`, `actions`, `created_at`, `updated_at`, `followed`): one presenter makes both.
 * The question page's data leaves them out (the page reads Inquire's).
 */
export interface QuestionCompat {
  user_info: PostAuthor;
  /** The last editor, when someone edited the question. */
  update_user_info: PostAuthor | null;
  /** The author of the newest answer. */
  last_answered_user_info: PostAuthor | null;
  unique_view_count: number;
  last_answer_id: string;
  create_time: number;
  /** The last activity on the question or its answers. */
  update_time: number;
  /** When the question itself was last edited (0: never). */
  edit_time: number;
  is_followed: boolean;
  /** Whether the caller has answered it, and the caller's first answer. */
  answered: boolean;
  first_answer_id: string;
  member_actions: MemberAction[];
  extends_actions: MemberAction[];
}

/** The same for an answer (Answer's AnswerInfo). */
export interface AnswerCompat {
  user_id: string;
  update_user_id: string;
  user_info: PostAuthor;
  update_user_info: PostAuthor | null;
  create_time: number;
  update_time: number;
  collected: boolean;
  member_actions: MemberAction[];
}

export const QUESTION_COMPAT_FIELDS = [
  'user_info',
  'update_user_info',
  'last_answered_user_info',
  'unique_view_count',
  'last_answer_id',
  'create_time',
  'update_time',
  'edit_time',
  'is_followed',
  'answered',
  'first_answer_id',
  'member_actions',
  'extends_actions',
] as const satisfies readonly (keyof QuestionCompat)[];

export const ANSWER_COMPAT_FIELDS = [
  'user_id',
  'update_user_id',
  'user_info',
  'update_user_info',
  'create_time',
  'update_time',
  'collected',
  'member_actions',
] as const satisfies readonly (keyof AnswerCompat)[];

/** A tag as a question carries it (question/info and the personal lists; Answer's TagResp). */
export interface QuestionTag {
  slug_name: string;
  display_name: string;
  main_tag_slug_name: string;
  recommend: boolean;
  reserved: boolean;
}

export interface QuestionDetail extends QuestionCompat {
  id: string;
  /** Whether the caller bookmarked / follows the question. */
  collected: boolean;
  followed: boolean;
  collection_count: number;
  follow_count: number;
  title: string;
  url_title: string;
  content: string;
  html: string;
  description: string;
  tags: QuestionTag[];
  status: number;
  show: number;
  pin: number;
  view_count: number;
  answer_count: number;
  vote_count: number;
  accepted_answer_id: string;
  created_at: number;
  updated_at: number;
  operator: PostAuthor;
  actions: PostActions;
  /** The caller's vote on this post. */
  vote_status: 'vote_up' | 'vote_down' | '';
  /** Why a closed question was closed (close reason name, its description, the closer's message). */
  operation?: { type: string; description: string; msg: string; time: number; level: 'info' } | null;
  /** The staff decision that closed, deleted or unlisted it, for its author and staff only (issue 12). */
  decision?: ModerationDecisionInfo | null;
}

export interface AnswerItem extends AnswerCompat {
  id: string;
  question_id: string;
  content: string;
  html: string;
  accepted: 1 | 2;
  vote_count: number;
  status: number;
  created_at: number;
  updated_at: number;
  operator: PostAuthor;
  actions: PostActions;
  /** The caller's vote on this post. */
  vote_status: 'vote_up' | 'vote_down' | '';
  /** The staff decision that deleted it, for its author and staff only (issue 12). */
  decision?: ModerationDecisionInfo | null;
}

/** POST comment (peer: 2 to 600 characters). */
export const commentSchema = z.object({
  object_id: z.string().min(1, 'form.invalid_value'),
  original_text: z.string().trim().min(2, 'form.comment.length').max(600, 'form.comment.length'),
  reply_comment_id: z.string().default(''),
  /** Sent by the peer's client; the server finds mentions in the text itself (only real members link). */
  mention_username_list: z.array(z.string().max(64)).max(50).default([]),
});
export const commentEditSchema = z.object({
  comment_id: z.string().min(1, 'form.invalid_value'),
  original_text: z.string().trim().min(2, 'form.comment.length').max(600, 'form.comment.length'),
});
export const commentIdSchema = z.object({ comment_id: z.string().min(1, 'form.invalid_value') });

/** The fields of a comment that Answer's clients read beside Inquire's (peer facts 6.6). */
export interface CommentCompat {
  user_status: UserStatusWord;
  reply_user_id: string;
  /** The replied-to member's status word ('' when the comment replies to nobody). */
  reply_user_status: UserStatusWord | '';
  member_actions: MemberAction[];
}

export const COMMENT_COMPAT_FIELDS = [
  'user_status',
  'reply_user_id',
  'reply_user_status',
  'member_actions',
] as const satisfies readonly (keyof CommentCompat)[];

/** A comment as the web app reads it: Inquire's fields (pages carry no Answer-only ones). */
export type CommentView = Omit<CommentItem, keyof CommentCompat>;

export interface CommentItem extends CommentCompat {
  comment_id: string;
  object_id: string;
  created_at: number;
  original_text: string;
  parsed_text: string;
  vote_count: number;
  user_id: string;
  username: string;
  user_display_name: string;
  user_avatar: string;
  reply_comment_id: string;
  reply_username: string;
  reply_user_display_name: string;
  /** Whether the caller upvoted the comment. */
  is_vote: boolean;
  actions: { edit: boolean; delete: boolean; vote_up: boolean };
  /** Set on the reader's own held comment, which waits for review (issue 12); nobody else is sent it. */
  pending?: true;
}
