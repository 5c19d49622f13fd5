import { z } from 'zod';
import { pageQuery } from './common.js';
import type { PostAuthor } from './post.js';
import { CLOSE_REASONS, DUPLICATE_REASON } from './curation.js';

/**
 * The admin dashboard, content lists, installed plugins and supporting calls (issue 13, items
 * 2, 3, 6 and 7; peer facts 12.2). One schema per call serves the admin pages and the routes.
 */

export const ADMIN_CONTENT_REASONS = {
  /** A held post is approved or rejected in the review queue, not from the content lists. */
  pendingInQueue: 'error.admin.pending_in_queue',
  /** The post already has the status asked for. */
  statusUnchanged: 'error.admin.status_unchanged',
  pluginNotFound: 'error.plugin.not_found',
} as const;

// ---- Dashboard ----

/** GET dashboard (peer facts 12.2 fields; `node_version` stands where the peer has `go_version`). */
export interface AdminDashboard {
  question_count: number;
  resolved_count: number;
  resolved_rate: number;
  unanswered_count: number;
  unanswered_rate: number;
  answer_count: number;
  comment_count: number;
  vote_count: number;
  user_count: number;
  /** Open flags (reports waiting for a decision). */
  report_count: number;
  /** Answer's: whether members may upload (always, here). */
  uploading_files: true;
  /** Files uploaded, and their bytes (`occupying_storage_space`). */
  upload_count: number;
  occupying_storage_space: number;
  /** Answer's word: mail is set up or not. */
  smtp: 'enabled' | 'not_configured';
  https: boolean;
  time_zone: string;
  login_required: boolean;
  /** Answer's: seconds the process has run, as text. */
  app_start_time: string;
  /** When the process started (Unix seconds): what Inquire's page shows. */
  app_started_at: number;
  node_version: string;
  database_engine: 'sqlite' | 'postgres';
  database_version: string;
  database_size: number;
  version_info: { version: string; revision: string; remote_version: string };
  /** When these numbers were read: they are kept for an hour, so later writes may not show yet. */
  as_of: number;
}

// ---- Content lists ----

export const ADMIN_QUESTION_FILTERS = ['normal', 'closed', 'deleted', 'pending', 'unlisted'] as const;
export type AdminQuestionFilter = (typeof ADMIN_QUESTION_FILTERS)[number];
export const ADMIN_ANSWER_FILTERS = ['normal', 'deleted', 'pending'] as const;
export type AdminAnswerFilter = (typeof ADMIN_ANSWER_FILTERS)[number];

/** What a content row's badge says. */
export type AdminPostStatus = AdminQuestionFilter;

export const ADMIN_CONTENT_LIMITS = { queryMax: 100, reasonMax: 600 } as const;

const searchText = z.string().trim().max(ADMIN_CONTENT_LIMITS.queryMax).catch('').default('');

/** GET question/page: a status tab and a search (a title fragment, `question:<id>` or an id). */
export const adminQuestionsQuery = pageQuery.extend({
  status: z.enum(ADMIN_QUESTION_FILTERS).catch('normal').default('normal'),
  query: searchText,
});
export type AdminQuestionsQuery = z.infer<typeof adminQuestionsQuery>;

/** GET answer/page: a status tab, a search (the question's title, `answer:<id>` or an id), one question's answers. */
export const adminAnswersQuery = pageQuery.extend({
  status: z.enum(ADMIN_ANSWER_FILTERS).catch('normal').default('normal'),
  query: searchText,
  question_id: z.string().trim().max(32).catch('').default(''),
});
export type AdminAnswersQuery = z.infer<typeof adminAnswersQuery>;

export interface AdminPostAuthor {
  user_id: string;
  username: string;
  display_name: string;
}

export interface AdminQuestionItem {
  id: string;
  title: string;
  url_title: string;
  status: AdminPostStatus;
  vote_count: number;
  answer_count: number;
  view_count: number;
  created_at: number;
  author: AdminPostAuthor | null;
  // Answer's AdminQuestionInfo, for its clients' admin screens.
  accepted_answer_id: string;
  create_time: number;
  update_time: number;
  edit_time: number;
  show: number;
  pin: number;
  user_info: PostAuthor | null;
}

export interface AdminAnswerItem {
  id: string;
  question_id: string;
  question_title: string;
  url_title: string;
  /** The answer's first words, as text. */
  excerpt: string;
  status: AdminPostStatus;
  /** Answer's values: 2 accepted, 1 not. */
  accepted: 1 | 2;
  vote_count: number;
  created_at: number;
  author: AdminPostAuthor | null;
  // Answer's AdminAnswerInfo, for its clients' admin screens.
  description: string;
  create_time: number;
  update_time: number;
  user_info: PostAuthor | null;
  question_info: { title: string };
}

/** A list's count stops here: "10,000+" is all an admin needs, and counting further would read every row. */
export const ADMIN_COUNT_CAP = 10_000;

// ---- Status changes ----

export const ADMIN_QUESTION_STATUSES = ['available', 'closed', 'deleted', 'unlisted'] as const;
export type AdminQuestionStatus = (typeof ADMIN_QUESTION_STATUSES)[number];
export const ADMIN_ANSWER_STATUSES = ['available', 'deleted'] as const;
export type AdminAnswerStatus = (typeof ADMIN_ANSWER_STATUSES)[number];

const postId = z.string('form.invalid_value').trim().min(1, 'form.invalid_value').max(32, 'form.invalid_value');
const reasonType = z.coerce.number('form.invalid_value').int('form.invalid_value').min(0, 'form.invalid_value');
const reasonMsg = z.string('form.invalid_value').trim().max(ADMIN_CONTENT_LIMITS.reasonMax, 'form.close_msg.too_long');

/**
 * PUT question/status: back to available (reopen, undelete or list again), closed (a close
 * reason, with the text or link it asks for: the same rules as the question page's close),
 * deleted or unlisted (an optional reason the author reads).
 */
export function adminQuestionStatusSchema(siteOrigin: string) {
  return z
    .object({
      question_id: postId,
      status: z.enum(ADMIN_QUESTION_STATUSES, 'form.invalid_value'),
      reason_type: reasonType.default(0),
      reason_msg: reasonMsg.default(''),
    })
    .superRefine((value, ctx) => {
      if (value.status !== 'closed') return;
      if (!(CLOSE_REASONS as readonly number[]).includes(value.reason_type)) {
        ctx.addIssue({ code: 'custom', path: ['reason_type'], message: 'form.close_type.required' });
        return;
      }
      const needsText = value.reason_type === DUPLICATE_REASON || value.reason_type === 59;
      if (needsText && value.reason_msg === '') {
        ctx.addIssue({ code: 'custom', path: ['reason_msg'], message: 'form.close_msg.required' });
        return;
      }
      if (value.reason_type !== DUPLICATE_REASON) return;
      let url: URL;
      try {
        url = new URL(value.reason_msg);
      } catch {
        ctx.addIssue({ code: 'custom', path: ['reason_msg'], message: 'form.close_msg.url' });
        return;
      }
      if (siteOrigin && url.origin !== siteOrigin) {
        ctx.addIssue({ code: 'custom', path: ['reason_msg'], message: 'form.close_msg.origin' });
      }
    });
}
export type AdminQuestionStatusInput = z.infer<ReturnType<typeof adminQuestionStatusSchema>>;

/** PUT answer/status: available (undelete) or deleted, with an optional reason the author reads. */
export const adminAnswerStatusSchema = z.object({
  answer_id: postId,
  status: z.enum(ADMIN_ANSWER_STATUSES, 'form.invalid_value'),
  reason_type: reasonType.default(0),
  reason_msg: reasonMsg.default(''),
});
export type AdminAnswerStatusInput = z.infer<typeof adminAnswerStatusSchema>;

// ---- Installed plugins ----

export const PLUGIN_FILTERS = ['all', 'active', 'inactive', 'outdated'] as const;
export type PluginFilter = (typeof PLUGIN_FILTERS)[number];

/** A declared config field (the form is drawn from these). */
export interface PluginConfigFieldInfo {
  name: string;
  type: 'number' | 'text' | 'switch';
  title: string;
  description: string;
  required: boolean;
  min?: number;
  max?: number;
  /** A credential: `value` is PLUGIN_SECRET_MASK when one is saved, and sending the mask keeps it. */
  secret?: boolean;
  value: string | number | boolean;
}

/** What a saved secret plugin setting reads as in the admin's form (the SMTP password's mask). */
export const PLUGIN_SECRET_MASK = '********';

export interface PluginItem {
  name: string;
  slug_name: string;
  description: string;
  version: string;
  type: string;
  enabled: boolean;
  builtin: boolean;
  have_config: boolean;
  /** A newer version is known (none can be yet: plugins ship with Inquire). */
  outdated: boolean;
  link: string;
}

export interface PluginConfig {
  name: string;
  slug_name: string;
  description: string;
  config_fields: PluginConfigFieldInfo[];
}

const slugName = z.string('form.invalid_value').trim().min(1, 'form.invalid_value').max(100, 'form.invalid_value');

export const adminPluginsQuery = z.object({ status: z.enum(PLUGIN_FILTERS).catch('all').default('all') });
export const adminPluginStatusSchema = z.object({
  plugin_slug_name: slugName,
  enabled: z.boolean('form.invalid_value'),
});
export type PluginStatusInput = z.infer<typeof adminPluginStatusSchema>;
export const adminPluginConfigQuery = z.object({ plugin_slug_name: slugName });
export const adminPluginConfigSchema = z.object({
  plugin_slug_name: slugName,
  config_fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]), 'form.invalid_value'),
});
export type PluginConfigInput = z.infer<typeof adminPluginConfigSchema>;

// ---- Supporting calls ----

export interface RoleItem {
  id: number;
  name: string;
  description: string;
}
