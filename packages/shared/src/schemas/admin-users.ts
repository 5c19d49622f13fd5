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

/**
 * Bulk add (peer facts 8.7): lines of `name, email, password`. The peer takes up to 5000; each
 * member's argon2 hash costs about 9 ms of a core, so 5000 would outlast the client's 10 s
 * request time-out and the server's 30 s deadline. 1000 finish in a few seconds; a longer list
 * is refused (naming the limit) rather than timing out halfway through the admin's wait.
 */
export const BULK_USERS_MAX = 1000;

/** POST users: the text of the dialog; its lines are read by `parseBulkUsers`. */
// Not trimmed: the line numbers in errors are those of the text as the admin typed it.
export const adminBulkUsersSchema = z.object({
  users: z
    .string('form.users.required')
    .max(BULK_USERS_MAX * 600, 'form.users.too_many')
    .refine((text) => text.trim().length > 0, 'form.users.required'),
});
export type AdminBulkUsersInput = z.infer<typeof adminBulkUsersSchema>;

/** One line of a bulk add, with the same rules as an admin's profile edit and a password. */
const bulkUserLine = z.object({
  name: requiredText('display_name').max(LIMITS.displayNameMax, 'form.display_name.too_long'),
  email: emailField('email').transform((email) => email.toLowerCase()),
  password: passwordField('password'),
});
export type BulkUser = z.infer<typeof bulkUserLine>;

/** Why a line was refused: a reason key whose text names `{{line}}` (1-based, as the textarea counts). */
export interface BulkUsersError {
  line: number;
  key: string;
}

/**
 * Reads the bulk-add text: every non-blank line must be `name, email, password`. All or
 * nothing, so the first bad line is the answer; an address twice in the text counts as bad
 * on its second line. Whether an address is already registered is the server's check.
 */
export function parseBulkUsers(text: string): { users: BulkUser[]; lines: number[] } | BulkUsersError {
  const users: BulkUser[] = [];
  const lines: number[] = [];
  const seen = new Set<string>();
  const rows = text.split(/\r?\n/);
  for (const [index, raw] of rows.entries()) {
    const line = index + 1;
    if (!raw.trim()) continue;
    const parts = raw.split(',').map((part) => part.trim());
    if (parts.length !== 3) return { line, key: 'form.users.line_format' };
    const [name, email, password] = parts;
    const parsed = bulkUserLine.safeParse({ name, email, password });
    if (!parsed.success) return { line, key: `form.users.line_${String(parsed.error.issues[0]?.path[0] ?? 'format')}` };
    if (seen.has(parsed.data.email)) return { line, key: 'form.users.line_email_repeated' };
    seen.add(parsed.data.email);
    users.push(parsed.data);
    lines.push(line);
    if (users.length > BULK_USERS_MAX) return { line, key: 'form.users.too_many' };
  }
  if (users.length === 0) return { line: 1, key: 'form.users.required' };
  return { users, lines };
}

/** GET/POST user/activation: the member whose activation link is made or sent. */
export const adminUserActivationSchema = z.object({ user_id: userId });
export type AdminUserActivationInput = z.infer<typeof adminUserActivationSchema>;

/** GET user/activation: a link valid for 10 minutes, for the admin to pass on. */
export interface AdminActivationLink {
  activation_url: string;
}
