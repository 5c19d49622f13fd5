import { z } from 'zod';
import { pageQuery } from './common.js';

/** Notification types and inbox tabs (peer facts 4.3); `all` is every inbox tab. */
export const NOTIFICATION_TYPES = ['inbox', 'achievement'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const INBOX_TYPES = ['all', 'posts', 'votes', 'invites'] as const;
export type InboxType = (typeof INBOX_TYPES)[number];

const notificationType = z.enum(NOTIFICATION_TYPES, 'form.notification_type.invalid');

/** `GET notification/page`: a type, an inbox tab (all when absent) and the page. */
export const notificationPageQuery = pageQuery.extend({
  type: notificationType,
  inbox_type: z.enum(INBOX_TYPES, 'form.inbox_type.invalid').default('all'),
});

/** `PUT notification/status` and `PUT notification/read/state/all`: `{type}`. */
export const notificationTypeInput = z.object({ type: notificationType });

/** `PUT notification/read/state`: `{id}` of one of the caller's notifications. */
export const notificationReadInput = z.object({
  id: z.string().trim().min(1, 'form.notification_id.required').max(24, 'form.notification_id.required'),
});

/** One item of `notification/page` (peer facts 4.3); no `user_info` when the actor stays anonymous. */
export interface NotificationItem {
  id: string;
  user_info?: {
    id: string;
    username: string;
    display_name: string;
    avatar: string;
    rank: number;
    status: 'normal' | 'suspended' | 'deleted';
  };
  object_info: {
    title: string;
    object_id: string;
    object_map: { question?: string; answer?: string; comment?: string };
    object_type: string;
  };
  rank: number;
  notification_action: string;
  is_read: boolean;
  update_time: number;
}

/** `GET notification/status`: red dots and the reviewer's to-do count. */
export interface NotificationStatus {
  inbox: number;
  achievement: number;
  revision: number;
  can_revision: boolean;
  badge_award: null;
}

/**
 * `GET notification/stream`: on a question page, the question whose new answers and comments
 * the page wants told (the stream then also carries them); absent elsewhere.
 */
export const notificationStreamQuery = z.object({
  question_id: z
    .string()
    .trim()
    .regex(/^1\d{16}$/, 'form.question_id.invalid')
    .optional(),
});

/**
 * The stream's events (text/event-stream; `event:` names them). `status` comes first on every
 * connection and has no id; the others carry an `id:` a reconnect resumes after.
 */
export interface LiveStreamEvents {
  status: NotificationStatus;
  /** A new or renewed item of the reader's inbox or achievements, with the red dots after it. */
  notification: { status: NotificationStatus; item: NotificationItem | null };
  /** An answer that appeared on the open question. */
  answer: { question_id: string; answer_id: string };
  /** A comment that appeared on the open question or one of its answers (`object_id`). */
  comment: { question_id: string; object_id: string; comment_id: string };
}
export type LiveStreamEventName = keyof LiveStreamEvents;
