import { hasPrivilege, isStaff, MAIL_STATUS, TAG_STATUS, type TagActions } from '@inquire/shared';
import { isSuspended } from '../../infra/guards.js';
import type { Actor } from '../auth/auth.service.js';
import { NO_MAIN_TAG } from './tags.repository.js';

/** Tag rules (peer facts 2.2, 2.3 and 7): delete, recover and reserved tags are staff powers. */
export interface TagState {
  status: number;
  main_tag_id: string;
}

const member = (actor: Actor | null) => (actor ? { role_id: actor.user.role_id, rank: actor.user.rank } : null);
const isActive = (actor: Actor | null) => actor !== null && actor.user.mail_status === MAIL_STATUS.activated;

/** Staff in good standing: activated and not suspended (a suspended moderator keeps no staff powers). */
export const isStaffActor = (actor: Actor | null): boolean =>
  actor !== null && isActive(actor) && !isSuspended(actor) && isStaff(member(actor));

/** A deleted tag shows only to staff (peer facts 3.2: deleted tags are 404 to others). */
export function canSeeTag(actor: Actor | null, tag: TagState): boolean {
  return tag.status === TAG_STATUS.normal || isStaffActor(actor);
}

/** Creating tags on their own screen is for admins and moderators (spec section 6). */
export function canCreateTag(actor: Actor | null): boolean {
  return isActive(actor) && isStaffActor(actor);
}

export function canManageSynonyms(actor: Actor | null, tag: TagState): boolean {
  return (
    isActive(actor) &&
    tag.status === TAG_STATUS.normal &&
    tag.main_tag_id === NO_MAIN_TAG &&
    hasPrivilege(member(actor), 'tag.synonym')
  );
}

export function tagActions(actor: Actor | null, tag: TagState): TagActions {
  const active = isActive(actor);
  const available = tag.status === TAG_STATUS.normal;
  return {
    edit: active && available && hasPrivilege(member(actor), 'tag.edit'),
    delete: active && available && isStaffActor(actor),
    undelete: active && !available && isStaffActor(actor),
    synonym: canManageSynonyms(actor, tag),
  };
}
