import { z } from 'zod';
import { ROLE } from '../enums.js';
import { LIMITS, USERNAME_PATTERN } from '../limits.js';
import { emailField, pageQuery, requiredText } from './common.js';
import { passwordField } from './account.js';

/**
 * Admin user management (spec section 4, peer facts 8.7): `users/page`, `user` (one member)
 * and the actions `user/status`, `user/role` and `user/password`. One schema per call serves
 * the admin dialogs and the routes.
 */

/** Reason keys of the admin user actions (translated in the admin catalogs). */
export const ADMIN_USER_REASONS = {
  /** "Forbidden to operate on yourself": every action on one's own account. */
  cannotModifySelf: 'error.admin.cannot_modify_self',
  /** A deleted account stays deleted (peer facts 8.7). */
  userDeleted: 'error.user.deleted_cannot_change',
} as const;

/** The list's tabs (spec section 10: admin users filter). */
export const ADMIN_USER_FILTERS = ['all', 'staff', 'inactive', 'suspended', 'deleted'] as const;
export type AdminUserFilter = (typeof ADMIN_USER_FILTERS)[number];

/** How long a suspension lasts; "forever" ends on 2099-12-31 23:59:59 UTC like the peer's. */
export const SUSPEND_DURATIONS = ['24h', '48h', '72h', '7d', '14d', '1m', '2m', '3m', '6m', '1y', 'forever'] as const;
export type SuspendDuration = (typeof SUSPEND_DURATIONS)[number];
export const SUSPENDED_FOREVER_UNTIL = 4_102_444_799;

/** What an admin may set a member's status to. */
export const ADMIN_USER_STATUSES = ['normal', 'suspended', 'deleted', 'inactive'] as const;
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];

export const ADMIN_USER_LIMITS = { queryMax: 100, suspendReasonMax: 500 } as const;

/** GET users/page: a filter tab, a search (email, `user:<id>`, an id or a name fragment), paging. */
export const adminUsersQuery = pageQuery.extend({
  filter: z.enum(ADMIN_USER_FILTERS).catch('all').default('all'),
  query: z.string().trim().max(ADMIN_USER_LIMITS.queryMax).catch('').default(''),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

const userId = z.string('form.invalid_value').trim().min(1, 'form.invalid_value').max(32, 'form.invalid_value');

/** GET user?user_id= */
export const adminUserQuery = z.object({ user_id: userId });

/** PUT user/status: a suspension names its length and may carry a reason the member sees. */
export const adminUserStatusSchema = z.object({
  user_id: userId,
  status: z.enum(ADMIN_USER_STATUSES, 'form.invalid_value'),
  suspend_duration: z.enum(SUSPEND_DURATIONS, 'form.suspend_duration.invalid').default('forever'),
  suspend_reason: z.string().trim().max(ADMIN_USER_LIMITS.suspendReasonMax, 'form.suspend_reason.too_long').default(''),
  remove_all_content: z.boolean('form.invalid_value').default(false),
});
export type AdminUserStatusInput = z.infer<typeof adminUserStatusSchema>;

/** PUT user/role */
export const adminUserRoleSchema = z.object({
  user_id: userId,
  role_id: z.union([z.literal(ROLE.user), z.literal(ROLE.admin), z.literal(ROLE.moderator)], 'form.role_id.invalid'),
});
export type AdminUserRoleInput = z.infer<typeof adminUserRoleSchema>;

/** PUT user/password: 8 to 32 characters, no spaces, as every password. */
export const adminUserPasswordSchema = z.object({ user_id: userId, password: passwordField('password') });
export type AdminUserPasswordInput = z.infer<typeof adminUserPasswordSchema>;

/** PUT user/profile: the admin's edit (username 3-30, unlike a member's own 2-30; the email is marked verified). */
export const ADMIN_USERNAME_MIN = 3;
export const adminUserProfileSchema = z.object({
  user_id: userId,
  display_name: requiredText('display_name').max(LIMITS.displayNameMax, 'form.display_name.too_long'),
  username: requiredText('username')
    .min(ADMIN_USERNAME_MIN, 'form.username.admin_length')
    .max(LIMITS.usernameMax, 'form.username.admin_length')
    .regex(USERNAME_PATTERN, 'form.username.pattern'),
  email: emailField('email').transform((email) => email.toLowerCase()),
});
export type AdminUserProfileInput = z.infer<typeof adminUserProfileSchema>;

/** One row of users/page, and the member's admin view (peer facts 8.7 item fields). */
export interface AdminUserItem {
  user_id: string;
  created_at: number;
  deleted_at: number;
  suspended_at: number;
  suspended_until: number;
  suspended_reason: string;
  username: string;
  e_mail: string;
  rank: number;
  status: 'normal' | 'suspended' | 'deleted' | 'inactive';
  display_name: string;
  avatar: string;
  role_id: number;
  role_name: 'user' | 'admin' | 'moderator';
  question_count: number;
  answer_count: number;
  last_login_date: number;
}
