import { PROFILE_FIELDS, type ProfileField, type SiteSettings, type UserActions } from '@inquire/shared';
import { holds, isActive, isActiveAdmin, isActiveStaff } from '../auth/actor.js';
import type { Actor } from '../auth/auth.service.js';
import { mayUpdateProfileField } from '../accounts/profile-policy.js';
import { canCreateTag } from '../posts/tag-policy.js';

/** What a member may do across the site, from the same rules the routes enforce. */
export function userActions(actor: Actor, rules: SiteSettings['site_users']): UserActions {
  return {
    admin: isActiveAdmin(actor),
    review: isActiveStaff(actor),
    create_tag: canCreateTag(actor),
    comment: holds(actor, 'comment.add'),
    flag: isActive(actor),
    profile_fields: Object.fromEntries(
      PROFILE_FIELDS.map((field) => [field, mayUpdateProfileField(actor, field, rules)]),
    ) as Record<ProfileField, boolean>,
  };
}
