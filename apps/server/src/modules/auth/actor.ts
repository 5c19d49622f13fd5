import {
  hasPrivilege,
  isStaff,
  MAIL_STATUS,
  ROLE,
  USER_STATUS,
  type Privilege,
  type PrivilegeHolder,
} from '@inquire/shared';
import { nowSeconds } from '../../lib/clock.js';
import type { Actor } from './auth.service.js';

/**
 * The actor kernel: who the caller is in standing, decided here once for every module.
 * "Active" is activated and not suspended; staff powers, and every privilege, need an
 * active account (a suspended moderator keeps no staff powers, not even reading).
 */

/** The role and reputation a privilege check reads. */
export const memberOf = (actor: Actor | null): PrivilegeHolder | null =>
  actor ? { role_id: actor.user.role_id, rank: actor.user.rank, thresholds: actor.thresholds } : null;

export function isSuspended(actor: Actor): boolean {
  return actor.user.status === USER_STATUS.suspended && actor.user.suspended_until > nowSeconds();
}

export const isActivated = (actor: Actor | null): boolean =>
  actor !== null && actor.user.mail_status === MAIL_STATUS.activated;

/** Signed in, activated and not suspended: may write at all. */
export const isActive = (actor: Actor | null): boolean => actor !== null && isActivated(actor) && !isSuspended(actor);

/** Staff in good standing: an admin or moderator whose account is active. */
export const isActiveStaff = (actor: Actor | null): boolean => isActive(actor) && isStaff(memberOf(actor));

export const isActiveAdmin = (actor: Actor | null): boolean =>
  actor !== null && isActive(actor) && actor.user.role_id === ROLE.admin;

/** An active member holding a privilege by role or reputation (object rules come on top). */
export const holds = (actor: Actor | null, privilege: Privilege): boolean =>
  isActive(actor) && hasPrivilege(memberOf(actor), privilege);
