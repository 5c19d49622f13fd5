import { MAIL_STATUS, ROLE, USER_STATUS, type AdminUserItem, type SiteSettings } from '@inquire/shared';
import { avatarUrl } from '../users/users.presenter.js';
import type { UserRow } from '../users/users.repository.js';

const ROLE_NAMES = { [ROLE.user]: 'user', [ROLE.admin]: 'admin', [ROLE.moderator]: 'moderator' } as const;

/** Deleted first, then a running suspension, then an account never activated. */
function adminStatus(row: UserRow, now: number): AdminUserItem['status'] {
  if (row.status === USER_STATUS.deleted) return 'deleted';
  if (row.status === USER_STATUS.suspended && row.suspended_until > now) return 'suspended';
  if (row.mail_status !== MAIL_STATUS.activated) return 'inactive';
  return 'normal';
}

/** One member as the admin sees them (users/page rows and the member's admin view). */
export function presentAdminUser(row: UserRow, users: SiteSettings['site_users'], now: number): AdminUserItem {
  const status = adminStatus(row, now);
  return {
    user_id: row.id,
    created_at: row.created_at,
    deleted_at: row.deleted_at,
    suspended_at: status === 'suspended' ? row.suspended_at : 0,
    suspended_until: status === 'suspended' ? row.suspended_until : 0,
    suspended_reason: status === 'suspended' ? row.suspended_reason : '',
    username: row.username,
    e_mail: row.e_mail,
    rank: row.rank,
    status,
    display_name: row.display_name,
    avatar: avatarUrl(row, users),
    role_id: row.role_id,
    role_name: ROLE_NAMES[row.role_id as keyof typeof ROLE_NAMES] ?? 'user',
    question_count: row.question_count,
    answer_count: row.answer_count,
    last_login_date: row.last_login_date,
  };
}
