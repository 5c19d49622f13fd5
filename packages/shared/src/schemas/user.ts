import { z } from 'zod';
import { requiredText } from './common.js';
import { EMAIL_PATTERN } from '../limits.js';

export const loginSchema = z.object({
  e_mail: requiredText('e_mail').regex(EMAIL_PATTERN, 'form.e_mail.invalid'),
  pass: z.string().min(1, 'form.pass.required').max(64, 'form.pass.required'),
  captcha_id: z.string().optional(),
  captcha_code: z.string().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The signed-in user as the API returns it (login and user/info). */
export interface UserInfo {
  id: string;
  created_at: number;
  last_login_date: number;
  username: string;
  e_mail: string;
  mail_status: 1 | 2;
  rank: number;
  display_name: string;
  avatar: string;
  bio: string;
  bio_html: string;
  website: string;
  location: string;
  language: string;
  color_scheme: string;
  /** IANA time zone chosen in interface settings; empty = the site's. */
  time_zone: string;
  role_id: 1 | 2 | 3;
  /** role_id 2, as its own field: the spec's logged-in user carries it (clients read it). */
  is_admin: boolean;
  status: 'normal' | 'suspended' | 'deleted';
  suspended_until: number;
  /** The reason the admin gave for a running suspension, shown on the suspended page ('' otherwise). */
  suspended_reason: string;
  have_password: boolean;
  question_count: number;
  answer_count: number;
  follow_count: number;
  /** Answer's email-notice switch (1 on): Inquire keeps notice settings per source instead. */
  notice_status: 1 | 2;
}

export interface LoginResult extends UserInfo {
  access_token: string;
}

/** The profile fields a member may be allowed to change (spec: admin's allow_update_* switches). */
export const PROFILE_FIELDS = ['display_name', 'username', 'avatar', 'bio', 'website', 'location'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/**
 * What the signed-in member may do across the site, decided by the server's rules and sent
 * with the session: the web app shows or hides controls from these and derives none itself.
 */
export interface UserActions {
  /** The admin area. */
  admin: boolean;
  /** Staff tools: the review queue and staff-only pages. */
  review: boolean;
  /** Creating tags from the tags page. */
  create_tag: boolean;
  /** Commenting on posts. */
  comment: boolean;
  /** Flagging posts, comments and members (issue 12): the same rule as the posts' 'report' member action. */
  flag: boolean;
  /** Which profile fields the member may change. */
  profile_fields: Record<ProfileField, boolean>;
}

/**
 * `GET user/info` for a signed-in caller: the account and what it may do. `avatar` is Answer's
 * object (which kind the member chose, and its addresses); the URL to show is `avatar_url`.
 */
export interface SessionUser extends Omit<UserInfo, 'avatar'> {
  avatar: { type: string; gravatar: string; custom: string };
  avatar_url: string;
  /** The caller's own token, echoed as Answer does, when the call sent it in the header. */
  access_token: string;
  actions: UserActions;
}
