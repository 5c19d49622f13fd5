import { createHash } from 'node:crypto';
import { MAIL_STATUS, USER_STATUS, type SiteSettings, type UserInfo, type UserStatusWord } from '@inquire/shared';
import type { UserRow } from './users.repository.js';

function statusName(row: UserRow, now: number): UserInfo['status'] {
  if (row.status === USER_STATUS.deleted) return 'deleted';
  if (row.status === USER_STATUS.suspended && row.suspended_until > now) return 'suspended';
  return 'normal';
}

/**
 * Answer's status word for a member shown beside their posts: `inactive` while the email is
 * unverified (peer facts 0.4); a suspension over by its end date reads as normal.
 */
export function statusWord(
  row: { status: number; suspended_until?: number; mail_status?: number },
  now = Math.floor(Date.now() / 1000),
): UserStatusWord {
  if (row.status === USER_STATUS.deleted) return 'deleted';
  if (row.status === USER_STATUS.suspended && (row.suspended_until ?? Number.MAX_SAFE_INTEGER) > now)
    return 'suspended';
  if (row.mail_status === MAIL_STATUS.inactive) return 'inactive';
  return 'normal';
}

/**
 * The avatar URL a user shows: an uploaded file, a gravatar from the site's base URL, or
 * empty for the system avatar (the UI draws initials).
 */
export function avatarUrl(
  row: Pick<UserRow, 'avatar' | 'e_mail' | 'status'>,
  users: SiteSettings['site_users'],
): string {
  if (row.status === USER_STATUS.deleted) return '';
  const chosen = parseAvatar(row.avatar);
  if (chosen.type === 'custom' && chosen.custom) return chosen.custom;
  const type = chosen.type === 'default' || !chosen.type ? users.default_avatar : chosen.type;
  if (type === 'gravatar') {
    // SHA-256, never MD5: MD5 of an email is reversible by lookup (security anchor 36).
    const digest = createHash('sha256').update(row.e_mail.trim().toLowerCase()).digest('hex');
    return `${users.gravatar_base_url}${digest}`;
  }
  return '';
}

/**
 * Answer's avatar object for user/info: the chosen kind (`default` follows the site), the
 * gravatar address for this email, and the uploaded picture's address.
 */
export function avatarInfo(
  row: Pick<UserRow, 'avatar' | 'e_mail' | 'status'>,
  users: SiteSettings['site_users'],
): { type: string; gravatar: string; custom: string } {
  const chosen = parseAvatar(row.avatar);
  const gravatar = avatarUrl({ ...row, avatar: JSON.stringify({ type: 'gravatar' }) }, users);
  return { type: chosen.type || 'default', gravatar, custom: chosen.custom ?? '' };
}

function parseAvatar(value: string): { type?: string; custom?: string } {
  if (!value) return {};
  try {
    return JSON.parse(value) as { type?: string; custom?: string };
  } catch {
    return {};
  }
}

/** The signed-in user's own view of their account (login and user/info). */
export function presentUser(row: UserRow, users: SiteSettings['site_users'], now: number): UserInfo {
  return {
    id: row.id,
    created_at: row.created_at,
    last_login_date: row.last_login_date,
    username: row.username,
    e_mail: row.e_mail,
    mail_status: row.mail_status === 1 ? 1 : 2,
    rank: row.rank,
    display_name: row.display_name,
    avatar: avatarUrl(row, users),
    bio: row.bio,
    bio_html: row.bio_html,
    website: row.website,
    location: row.location,
    language: row.language || 'Default',
    color_scheme: row.color_scheme || 'default',
    time_zone: row.time_zone,
    role_id: row.role_id === 2 ? 2 : row.role_id === 3 ? 3 : 1,
    is_admin: row.role_id === 2,
    status: statusName(row, now),
    suspended_until: row.status === USER_STATUS.suspended ? row.suspended_until : 0,
    suspended_reason: statusName(row, now) === 'suspended' ? row.suspended_reason : '',
    have_password: row.pass !== '',
    question_count: row.question_count,
    answer_count: row.answer_count,
    follow_count: row.follow_count,
    // Answer's email-notice switch, which Answer's clients read on every account object.
    notice_status: 1,
  };
}

export { statusName };
