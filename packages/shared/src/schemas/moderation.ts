import { z } from 'zod';
import { objectTypeOf } from '../ids.js';
import { CLOSE_REASONS, DUPLICATE_REASON } from './curation.js';
import { SUSPEND_DURATIONS } from './admin-users.js';
import type { ReasonOption } from './curation.js';
import type { PostAuthor } from './post.js';

/**
 * Moderation (issue 12, peer facts 5): flags (`POST report`), the review queues
 * (`reviewing/type`, `report/unreviewed/post`, `PUT report/review`, `review/pending/post`),
 * decisions the affected member reads, and appeals.
 */

/** Reason keys of moderation (translated in the moderation catalogs). */
export const MODERATION_REASONS = {
  alreadyFlagged: 'error.report.already_flagged',
  flagDeleted: 'error.report.object_deleted',
  flagNotFound: 'error.report.not_found',
  flagHandled: 'error.report.already_handled',
  operationNotFor: 'error.report.operation_not_applicable',
  reviewNotFound: 'error.review.not_found',
  reviewHandled: 'error.review.already_handled',
  appealOpen: 'error.appeal.already_open',
  appealNotFound: 'error.appeal.not_found',
  appealHandled: 'error.appeal.already_handled',
  decisionNotFound: 'error.decision.not_found',
} as const;

export const REPORT_STATUS = { pending: 1, completed: 2, ignored: 3, deleted: 10 } as const;
export const REVIEW_STATUS = { pending: 1, approved: 2, rejected: 3 } as const;
export const APPEAL_STATUS = { open: 1, granted: 2, denied: 3 } as const;

/** Which reasons a flag of each object type offers (peer facts 5.3; users are our addition). */
export const FLAG_REASONS: Record<'question' | 'answer' | 'comment' | 'user', readonly number[]> = {
  question: [57, 58, 59, 60],
  answer: [57, 58, 59, 61],
  comment: [57, 58, 59, 62],
  user: [57, 58, 59],
};
/** "Something else": the flagger must say what. */
export const SOMETHING_ELSE_REASON = 59;
export const FLAGGABLE_TYPES = Object.keys(FLAG_REASONS) as (keyof typeof FLAG_REASONS)[];
export type FlaggableType = keyof typeof FLAG_REASONS;

export const REPORT_LIMITS = { contentMax: 500 } as const;

function flaggableType(objectId: string): FlaggableType | undefined {
  const type = objectTypeOf(objectId);
  return type && (FLAGGABLE_TYPES as string[]).includes(type) ? (type as FlaggableType) : undefined;
}

/** A link to a page of this site (the duplicate reasons); `siteOrigin` '' skips the origin check. */
/** The messages of a URL that must be on this site: not a URL, or another site's. */
interface SiteUrlMessages {
  url: string;
  origin: string;
}

function checkSiteUrl(
  value: string,
  siteOrigin: string,
  field: string,
  ctx: z.RefinementCtx,
  messages: SiteUrlMessages,
): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: 'custom', path: [field], message: messages.url });
    return;
  }
  if (siteOrigin && url.origin !== siteOrigin) {
    ctx.addIssue({ code: 'custom', path: [field], message: messages.origin });
  }
}

/**
 * POST report (spec section 5): a reason of the object's type must be chosen; "something else"
 * and "a duplicate" need content; a duplicate's content is a URL of this site.
 */
export function reportSchema(siteOrigin: string) {
  return z
    .object({
      object_id: z.string('form.invalid_value').trim().min(1, 'form.invalid_value'),
      report_type: z.coerce.number('form.report_type.required').int('form.report_type.required'),
      content: z
        .string('form.invalid_value')
        .trim()
        .max(REPORT_LIMITS.contentMax, 'form.report_content.too_long')
        .default(''),
      captcha_id: z.string().optional(),
      captcha_code: z.string().optional(),
    })
    .superRefine((value, ctx) => {
      const type = flaggableType(value.object_id);
      if (!type) {
        ctx.addIssue({ code: 'custom', path: ['object_id'], message: 'form.invalid_value' });
        return;
      }
      if (!FLAG_REASONS[type].includes(value.report_type)) {
        ctx.addIssue({ code: 'custom', path: ['report_type'], message: 'form.report_type.required' });
        return;
      }
      const needsContent = value.report_type === SOMETHING_ELSE_REASON || value.report_type === DUPLICATE_REASON;
      if (needsContent && value.content === '') {
        ctx.addIssue({ code: 'custom', path: ['content'], message: 'form.report_content.required' });
        return;
      }
      if (value.report_type === DUPLICATE_REASON) {
        checkSiteUrl(value.content, siteOrigin, 'content', ctx, {
          url: 'form.report_content.url',
          origin: 'form.report_content.origin',
        });
      }
    });
}
export type ReportInput = z.infer<ReturnType<typeof reportSchema>>;

/** `PUT report/review` operations (peer facts 5.2); users get suspend_user (our addition). */
export const REPORT_OPERATIONS = [
  'ignore_report',
  'edit_post',
  'close_post',
  'delete_post',
  'unlist_post',
  'suspend_user',
] as const;
export type ReportOperation = (typeof REPORT_OPERATIONS)[number];

const id = z.string('form.invalid_value').trim().min(1, 'form.invalid_value');

/**
 * PUT report/review {flag_id, operation_type, close_type, close_msg, title, content, tags}:
 * close_post needs a close reason (a duplicate needs a URL of this site); suspend_user a
 * duration and may carry a reason the member reads.
 */
export function reportReviewSchema(siteOrigin: string) {
  return z
    .object({
      flag_id: id,
      operation_type: z.enum(REPORT_OPERATIONS, 'form.operation.invalid'),
      close_type: z.coerce.number('form.close_type.required').int('form.close_type.required').default(0),
      close_msg: z.string('form.invalid_value').trim().max(600, 'form.close_msg.too_long').default(''),
      title: z.string('form.invalid_value').default(''),
      content: z.string('form.invalid_value').default(''),
      tags: z.array(z.object({ slug_name: z.string() }).passthrough()).default([]),
      suspend_duration: z.enum(SUSPEND_DURATIONS, 'form.suspend_duration.invalid').default('7d'),
    })
    .superRefine((value, ctx) => {
      if (value.operation_type !== 'close_post') return;
      if (!(CLOSE_REASONS as readonly number[]).includes(value.close_type)) {
        ctx.addIssue({ code: 'custom', path: ['close_type'], message: 'form.close_type.required' });
        return;
      }
      const needsText = value.close_type === DUPLICATE_REASON || value.close_type === SOMETHING_ELSE_REASON;
      if (needsText && value.close_msg === '') {
        ctx.addIssue({ code: 'custom', path: ['close_msg'], message: 'form.close_msg.required' });
        return;
      }
      if (value.close_type === DUPLICATE_REASON)
        checkSiteUrl(value.close_msg, siteOrigin, 'close_msg', ctx, {
          url: 'form.close_msg.url',
          origin: 'form.close_msg.origin',
        });
    });
}
export type ReportReviewInput = z.infer<ReturnType<typeof reportReviewSchema>>;

export const reviewPageQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  object_id: z.string().trim().optional().default(''),
});

/** PUT review/pending/post: approve publishes the held post, reject deletes it with a reason. */
export const pendingReviewSchema = z.object({
  review_id: id,
  status: z.enum(['approve', 'reject'], 'form.operation.invalid'),
  reason_msg: z.string('form.invalid_value').trim().max(600, 'form.close_msg.too_long').default(''),
});

/** POST appeal: the affected member asks staff to look again (one open appeal per decision). */
export const appealSchema = z.object({
  decision_id: id,
  content: z
    .string('form.invalid_value')
    .trim()
    .min(1, 'form.appeal_content.required')
    .max(1000, 'form.appeal_content.too_long'),
});

/** PUT appeal: staff grant (the decision is undone by the usual operations) or deny it. */
export const appealReviewSchema = z.object({
  appeal_id: id,
  status: z.enum(['grant', 'deny'], 'form.operation.invalid'),
});

/**
 * The review types, in the review screen's order (spec 9: question edit, answer edit, tag edit,
 * flag post, flag user, queued post, queued user). The peer's one `suggested_post_edit` queue is
 * split by the object type of the suggested edit; `flagged_post` and `queued_post` are the peer
 * server's names, `flagged_user` and `queued_user` its client's (peer facts 5.1). This site holds
 * no accounts for review, so `queued_user` is always empty. Appeals (ours) are not a review type:
 * staff reach them beside the queues (`moderation/appeal/page`).
 */
export const REVIEW_TYPES = [
  'question_edit',
  'answer_edit',
  'tag_edit',
  'flagged_post',
  'flagged_user',
  'queued_post',
  'queued_user',
] as const;
export type ReviewType = (typeof REVIEW_TYPES)[number];

/** The object types of suggested edits, as `revisions/unreviewed?object_type=` and its items' `type` name them. */
export const EDIT_OBJECT_TYPES = ['question', 'answer', 'tag'] as const;
export type EditObjectType = (typeof EDIT_OBJECT_TYPES)[number];
/** Each suggested-edit review type and the object type whose suggested edits it lists. */
export const EDIT_REVIEW_TYPES = {
  question_edit: 'question',
  answer_edit: 'answer',
  tag_edit: 'tag',
} as const satisfies Record<string, EditObjectType>;

/** GET revisions/unreviewed: one suggested edit per page, of one object type when `object_type` is given. */
export const unreviewedRevisionsQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  object_type: z.enum(EDIT_OBJECT_TYPES, 'form.invalid_value').optional(),
});
export interface ReviewTypeItem {
  name: ReviewType;
  label: string;
  todo_amount: number;
}

/** A decision as the affected member (and staff) see it on the post or the account. */
export interface ModerationDecisionInfo {
  decision_id: string;
  action: 'close' | 'delete' | 'unlist' | 'reject' | 'suspend';
  reason_type: number;
  reason_key: string;
  reason_msg: string;
  created_at: number;
  /** Whether an appeal of it is open. */
  appeal_open: boolean;
  /** Whether the caller may appeal it now: the member it affects, with no appeal of it open. */
  can_appeal: boolean;
}

/** A flagged post in `report/unreviewed/post` (peer facts 5.2; `submitter_user` is the flagger). */
export interface FlaggedPostItem {
  flag_id: string;
  /** When the flag was raised. */
  created_at: number;
  object_id: string;
  object_type: 'question' | 'answer' | 'comment';
  question_id: string;
  answer_id: string;
  comment_id: string;
  /** The question's title (for an answer or a comment, its question's). */
  title: string;
  url_title: string;
  original_text: string;
  parsed_text: string;
  answer_count: number;
  answer_accepted: boolean;
  tags: { slug_name: string; display_name: string }[];
  /** When the post was written. */
  submit_at: number;
  object_status: number;
  object_show_status: number;
  author_user_info: PostAuthor | null;
  /** Where the post was written from ('' when unknown); this queue is for staff alone. */
  author_ip: string;
  author_user_agent: string;
  submitter_user: PostAuthor | null;
  reason: ReasonOption | null;
  reason_content: string;
}

/** A flagged member in `report/unreviewed/user` (ours). */
export interface FlaggedUserItem {
  flag_id: string;
  created_at: number;
  object_id: string;
  object_type: 'user';
  user: PostAuthor & { suspended_until: number; question_count: number; answer_count: number };
  submitter_user: PostAuthor | null;
  reason: ReasonOption | null;
  reason_content: string;
}

/** A queued (held) post in `review/pending/post/page` (peer facts 5.1). */
export interface QueuedPostItem {
  review_id: string;
  /** When it was held. */
  created_at: number;
  object_id: string;
  question_id: string;
  answer_id: string;
  comment_id: string;
  object_type: 'question' | 'answer' | 'comment';
  title: string;
  url_title: string;
  original_text: string;
  parsed_text: string;
  tags: { slug_name: string; display_name: string }[];
  object_status: number;
  object_show_status: number;
  author_user_info: PostAuthor | null;
  /** When the post was written. */
  submit_at: number;
  /** Where the post was written from ('' when unknown); this queue is for staff alone. */
  author_ip: string;
  author_user_agent: string;
  /** Which reviewer held it (the built-in rule is `hold_posts_below_rank`). */
  submitter_display_name: string;
  reason: string;
  /** Why it was held, in the reader's language (a plugin's reason as the plugin wrote it). */
  reason_label: string;
}

/** An open appeal in `moderation/appeal/page` (ours): the decision, who appeals and why. */
export interface AppealItem {
  appeal_id: string;
  created_at: number;
  content: string;
  appellant: PostAuthor | null;
  decision: ModerationDecisionInfo & { object_id: string; object_type: number; decided_by: PostAuthor | null };
}

/** The optional reason staff give when deleting or unlisting someone's post (shown to its author). */
export const decisionReasonSchema = z.object({
  reason_type: z.coerce.number('form.invalid_value').int('form.invalid_value').min(0, 'form.invalid_value').default(0),
  reason_msg: z.string('form.invalid_value').trim().max(600, 'form.close_msg.too_long').default(''),
});
