import { z } from 'zod';
import { answerSchema, askQuestionSchema } from './post.js';
import { createTagSchema } from './tag.js';

/** Reason keys of edits, revisions and post operations (translated in the curation catalogs). */
export const CURATION_REASONS = {
  reviewUnderway: 'error.revision.review_underway',
  revisionNotFound: 'error.revision.not_found',
  revisionNotPending: 'error.revision.not_pending',
  questionCannotUpdate: 'error.question.cannot_update',
  answerCannotUpdate: 'error.answer.cannot_update',
  questionCannotDelete: 'error.question.cannot_deleted',
  answerCannotDelete: 'error.answer.cannot_deleted',
  questionNotClosed: 'error.question.not_closed',
  questionNotOpen: 'error.question.not_open',
  operationForbidden: 'error.object.operation_forbidden',
  tagNotFound: 'error.tag.not_found',
  tagSlugTaken: 'error.tag.already_exist',
} as const;

const editSummary = z.string().trim().max(300, 'form.edit_summary.too_long').default('');
/** PUT question: the ask form's fields plus the edit summary. */
export const editQuestionSchema = askQuestionSchema.extend({
  id: z.string().min(1, 'form.invalid_value'),
  edit_summary: editSummary,
});
export type EditQuestionInput = z.infer<typeof editQuestionSchema>;

/** PUT answer: the answer form's content plus the edit summary. */
export const editAnswerSchema = answerSchema.omit({ question_id: true }).extend({
  id: z.string().min(1, 'form.invalid_value'),
  edit_summary: editSummary,
});
export type EditAnswerInput = z.infer<typeof editAnswerSchema>;

/** PUT tag: the tag form's fields and rules (spec section 5), plus which tag and why. */
export const editTagSchema = createTagSchema.extend({
  tag_id: z.string().min(1, 'form.invalid_value'),
  edit_summary: editSummary,
});
export type EditTagInput = z.infer<typeof editTagSchema>;

export const auditSchema = z.object({
  id: z.string().min(1, 'form.invalid_value'),
  operation: z.enum(['approve', 'reject'], 'form.operation.invalid'),
});

export const rollbackSchema = z.object({
  revision_id: z.string().min(1, 'form.invalid_value'),
  edit_summary: editSummary,
});

/** The close reason whose message must be a link to a question of this site. */
export const DUPLICATE_REASON = 60;
export const CLOSE_REASONS = [60, 63, 64, 59] as const;

/**
 * PUT question/status (close). The duplicate reason needs a URL of this site; the origin
 * check needs the site URL, so the server adds it and the form passes the page's origin.
 */
export function closeQuestionSchema(siteOrigin: string) {
  return z
    .object({
      id: z.string().min(1, 'form.invalid_value'),
      close_type: z.coerce
        .number('form.close_type.required')
        .int()
        .refine((v) => (CLOSE_REASONS as readonly number[]).includes(v), 'form.close_type.required'),
      close_msg: z.string().trim().max(600, 'form.close_msg.too_long').default(''),
    })
    .superRefine((value, ctx) => {
      const needsText = value.close_type === DUPLICATE_REASON || value.close_type === 59;
      if (needsText && value.close_msg === '') {
        ctx.addIssue({ code: 'custom', path: ['close_msg'], message: 'form.close_msg.required' });
        return;
      }
      if (value.close_type !== DUPLICATE_REASON) return;
      let url: URL;
      try {
        url = new URL(value.close_msg);
      } catch {
        ctx.addIssue({ code: 'custom', path: ['close_msg'], message: 'form.close_msg.url' });
        return;
      }
      if (siteOrigin && url.origin !== siteOrigin) {
        ctx.addIssue({ code: 'custom', path: ['close_msg'], message: 'form.close_msg.origin' });
      }
    });
}

export const reopenSchema = z.object({ question_id: z.string().min(1, 'form.invalid_value') });
export const QUESTION_OPERATIONS = ['pin', 'unpin', 'hide', 'show'] as const;
export type QuestionOperation = (typeof QUESTION_OPERATIONS)[number];
export const questionOperationSchema = z.object({
  id: z.string().min(1, 'form.invalid_value'),
  operation: z.enum(QUESTION_OPERATIONS, 'form.operation.invalid'),
});
export const postIdSchema = z.object({ id: z.string().min(1, 'form.invalid_value') });
export const recoverQuestionSchema = z.object({ question_id: z.string().min(1, 'form.invalid_value') });
export const recoverAnswerSchema = z.object({ answer_id: z.string().min(1, 'form.invalid_value') });

/** GET reasons?object_type=&action= (peer facts 5.3). */
export interface ReasonOption {
  reason_type: number;
  reason_key: string;
  name: string;
  description: string;
  content_type: '' | 'text' | 'textarea';
  placeholder: string;
}

/** What a reader sees about a closed question (peer: question info `operation`). */
export interface QuestionOperationInfo {
  type: string;
  description: string;
  msg: string;
  time: number;
  level: 'info';
}

/** The spec's timeline event types (section 3). */
export const TIMELINE_EVENTS = [
  'undeleted',
  'deleted',
  'downvote',
  'upvote',
  'reopened',
  'closed',
  'pin',
  'unpin',
  'show',
  'hide',
  'accept',
  'cancelled',
  'commented',
  'rollback',
  'edited',
  'answered',
  'asked',
  'created',
  // Moderation from the review screen (issue 12), shown to staff.
  'flag_ignored',
  'approved',
  'rejected',
  'appeal_granted',
  'appeal_denied',
] as const;
export type TimelineEvent = (typeof TIMELINE_EVENTS)[number];

export interface TimelineUser {
  username: string;
  display_name: string;
  avatar: string;
}

export interface TimelineItem {
  activity_id: string;
  revision_id: string;
  created_at: number;
  activity_type: TimelineEvent;
  comment: string;
  object_id: string;
  /** 'comment' for a moderation entry about a comment of the post. */
  object_type: 'question' | 'answer' | 'tag' | 'comment';
  cancelled: boolean;
  cancelled_at: number;
  /** Null when the actor is withheld (downvotes, to all but admins). */
  user_info: TimelineUser | null;
}

export interface TimelineData {
  object_info: {
    title: string;
    object_type: 'question' | 'answer' | 'tag';
    question_id: string;
    answer_id: string;
    url_title: string;
    slug_name: string;
    /** Answer's fields: the post's author (empty for a tag) and the tag's slug (empty for a post). */
    username: string;
    display_name: string;
    main_tag_slug_name: string;
  };
  timeline: TimelineItem[];
  /** Whether the caller may roll back to a revision / see votes. */
  can_rollback: boolean;
  can_show_votes: boolean;
}

/** One side of a revision diff (activity/timeline/detail). */
export interface RevisionSnapshot {
  title: string;
  tags: string[];
  original_text: string;
  slug_name: string;
}

export interface RevisionItem {
  id: string;
  object_id: string;
  status: number;
  reason: string;
  created_at: number;
  content: RevisionSnapshot;
  user_info: TimelineUser;
}

export interface UnreviewedRevision {
  type: 'question' | 'answer' | 'tag';
  info: RevisionSnapshot & { object_id: string; question_id: string };
  unreviewed_info: RevisionItem;
}

export interface EditCheckResult {
  /** True when the caller's edit goes to review instead of applying at once. */
  wait_for_review: boolean;
}
