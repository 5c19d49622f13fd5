import { ROLE } from './enums.js';

/**
 * The privilege vocabulary (peer facts section 2) and the pure rule that grants it: a staff
 * role's power, else the reputation threshold of the site's privilege level. -1 means no
 * reputation is enough (staff only, or the author where the object rules say so).
 */
export const PRIVILEGE_THRESHOLDS = {
  'question.add': 1,
  'answer.add': 1,
  'comment.add': 1,
  'report.add': 1,
  'comment.vote_up': 1,
  'link.url_limit': 10,
  'question.vote_up': 8,
  'answer.vote_up': 8,
  'question.vote_down': 125,
  'answer.vote_down': 125,
  'answer.invite_someone_to_answer': 500,
  'tag.add': 750,
  'tag.edit': 50,
  'question.edit': 100,
  'answer.edit': 100,
  'question.edit_without_review': 1000,
  'answer.edit_without_review': 1000,
  'question.audit': 1000,
  'answer.audit': 1000,
  'tag.audit': 2500,
  'tag.edit_without_review': 10000,
  'tag.synonym': 10000,
  'question.delete': -1,
  'answer.delete': -1,
  'answer.accept': -1,
  'comment.edit': -1,
  'comment.delete': -1,
  'tag.delete': -1,
  'question.close': -1,
  'question.reopen': -1,
  'question.pin': -1,
  'question.unpin': -1,
  'question.show': -1,
  'question.hide': -1,
  'question.undeleted': -1,
  'answer.undeleted': -1,
  'tag.undeleted': -1,
  'tag.use_reserved_tag': -1,
} as const;

export type Privilege = keyof typeof PRIVILEGE_THRESHOLDS;
export const PRIVILEGES = Object.keys(PRIVILEGE_THRESHOLDS) as Privilege[];

export interface PrivilegeHolder {
  role_id: number;
  rank: number;
}

export function isStaff(holder: PrivilegeHolder | null | undefined): boolean {
  return holder?.role_id === ROLE.admin || holder?.role_id === ROLE.moderator;
}

/** Whether a member holds a privilege by role or reputation (object rules come on top). */
export function hasPrivilege(
  holder: PrivilegeHolder | null | undefined,
  privilege: Privilege,
  thresholds: Record<Privilege, number> = PRIVILEGE_THRESHOLDS,
): boolean {
  if (!holder) return false;
  if (isStaff(holder)) return true;
  const needed = thresholds[privilege];
  return needed >= 0 && holder.rank >= needed;
}
