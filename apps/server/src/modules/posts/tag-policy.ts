import { hasPrivilege, TAG_STATUS, type TagActions } from '@inquire/shared';
import { isActive, isActiveStaff, memberOf } from '../auth/actor.js';
import type { Actor } from '../auth/auth.service.js';
import { NO_MAIN_TAG } from './tags.repository.js';

/** Tag rules (peer facts 2.2, 2.3 and 7): delete, recover and reserved tags are staff powers. */
export interface TagState {
  status: number;
  main_tag_id: string;
}

/** A deleted tag shows only to staff (peer facts 3.2: deleted tags are 404 to others). */
export function canSeeTag(actor: Actor | null, tag: TagState): boolean {
  return tag.status === TAG_STATUS.normal || isActiveStaff(actor);
}

/** Creating tags on their own screen is for admins and moderators (spec section 6). */
export function canCreateTag(actor: Actor | null): boolean {
  return isActive(actor) && isActiveStaff(actor);
}

export function canManageSynonyms(actor: Actor | null, tag: TagState): boolean {
  return (
    isActive(actor) &&
    tag.status === TAG_STATUS.normal &&
    tag.main_tag_id === NO_MAIN_TAG &&
    hasPrivilege(memberOf(actor), 'tag.synonym')
  );
}

export function tagActions(actor: Actor | null, tag: TagState): TagActions {
  const active = isActive(actor);
  const available = tag.status === TAG_STATUS.normal;
  return {
    edit: active && available && hasPrivilege(memberOf(actor), 'tag.edit'),
    delete: active && available && isActiveStaff(actor),
    undelete: active && !available && isActiveStaff(actor),
    synonym: canManageSynonyms(actor, tag),
  };
}
