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
// The computed tables are marked pure: a browser chunk that uses none of them leaves them out.
export const PRIVILEGES = /* @__PURE__ */ Object.keys(PRIVILEGE_THRESHOLDS) as Privilege[];

/** The privileges an admin sets on the privileges page (peer facts 2.2), in the page's order. */
export const CONFIGURABLE_PRIVILEGES = [
  'question.add',
  'answer.add',
  'comment.add',
  'report.add',
  'comment.vote_up',
  'link.url_limit',
  'question.vote_up',
  'answer.vote_up',
  'question.vote_down',
  'answer.vote_down',
  'answer.invite_someone_to_answer',
  'tag.add',
  'tag.edit',
  'question.edit',
  'answer.edit',
  'question.edit_without_review',
  'answer.edit_without_review',
  'question.audit',
  'answer.audit',
  'tag.audit',
  'tag.edit_without_review',
  'tag.synonym',
] as const satisfies readonly Privilege[];
export type ConfigurablePrivilege = (typeof CONFIGURABLE_PRIVILEGES)[number];

/** Level 99 is the admin's own numbers; 1 to 3 are the presets of peer facts 2.2. */
export const PRIVILEGE_LEVELS = [1, 2, 3, 99] as const;
export type PrivilegeLevel = (typeof PRIVILEGE_LEVELS)[number];
export const CUSTOM_PRIVILEGE_LEVEL = 99;

/** The presets' thresholds (peer facts 2.2); level 2 is PRIVILEGE_THRESHOLDS' own numbers (the installer's choice). */
const LEVEL_1 = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ CONFIGURABLE_PRIVILEGES.map((key) => [
    key,
    key === 'question.vote_down' || key === 'answer.vote_down' ? 125 : 1,
  ]),
) as Record<ConfigurablePrivilege, number>;
const LEVEL_2 = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ CONFIGURABLE_PRIVILEGES.map((key) => [key, PRIVILEGE_THRESHOLDS[key]]),
) as Record<ConfigurablePrivilege, number>;
const LEVEL_3: Record<ConfigurablePrivilege, number> = {
  'question.add': 1,
  'answer.add': 1,
  'comment.add': 1,
  'report.add': 1,
  'comment.vote_up': 1,
  'link.url_limit': 10,
  'question.vote_up': 15,
  'answer.vote_up': 15,
  'question.vote_down': 125,
  'answer.vote_down': 125,
  'answer.invite_someone_to_answer': 1000,
  'tag.add': 1500,
  'tag.edit': 100,
  'question.edit': 200,
  'answer.edit': 200,
  'question.edit_without_review': 2000,
  'answer.edit_without_review': 2000,
  'question.audit': 2000,
  'answer.audit': 2000,
  'tag.audit': 5000,
  'tag.edit_without_review': 20000,
  'tag.synonym': 20000,
};
export const PRIVILEGE_PRESETS: Record<Exclude<PrivilegeLevel, 99>, Record<ConfigurablePrivilege, number>> = {
  1: LEVEL_1,
  2: LEVEL_2,
  3: LEVEL_3,
};

/** The stored `setting/privileges` section. */
export interface PrivilegeSettings {
  level: PrivilegeLevel;
  custom_privileges: { key: ConfigurablePrivilege; value: number }[];
}
/** `GET setting/privileges` (peer facts 2.2): every level with its numbers, and the chosen one. */
export interface PrivilegesView {
  options: {
    level: PrivilegeLevel;
    level_desc: string;
    privileges: { key: ConfigurablePrivilege; label: string; value: number }[];
  }[];
  selected_level: PrivilegeLevel;
}

export const DEFAULT_PRIVILEGE_SETTINGS: PrivilegeSettings = { level: 2, custom_privileges: [] };

/** The admin's custom numbers, a key left out keeping level 2's. */
export function customPrivilegeValues(settings: PrivilegeSettings): Record<ConfigurablePrivilege, number> {
  const values = { ...LEVEL_2 };
  for (const { key, value } of settings.custom_privileges) {
    if (key in values && Number.isInteger(value) && value >= 1) values[key] = value;
  }
  return values;
}

/** Every privilege's threshold under the site's chosen level; the staff-only ones never move. */
export function privilegeThresholds(settings: PrivilegeSettings): Record<Privilege, number> {
  const chosen =
    settings.level === CUSTOM_PRIVILEGE_LEVEL
      ? customPrivilegeValues(settings)
      : (PRIVILEGE_PRESETS[settings.level as 1 | 2 | 3] ?? LEVEL_2);
  return { ...PRIVILEGE_THRESHOLDS, ...chosen };
}

export interface PrivilegeHolder {
  role_id: number;
  rank: number;
  /** The site's thresholds (the admin's privilege level); without them, level 2's. */
  thresholds?: Record<Privilege, number>;
}

export function isStaff(holder: PrivilegeHolder | null | undefined): boolean {
  return holder?.role_id === ROLE.admin || holder?.role_id === ROLE.moderator;
}

/** Whether a member holds a privilege by role or reputation (object rules come on top). */
export function hasPrivilege(holder: PrivilegeHolder | null | undefined, privilege: Privilege): boolean {
  if (!holder) return false;
  if (isStaff(holder)) return true;
  const needed = (holder.thresholds ?? PRIVILEGE_THRESHOLDS)[privilege];
  return needed >= 0 && holder.rank >= needed;
}
