import type { ProfileField, SiteSettings } from '@inquire/shared';
import { isActiveAdmin } from '../auth/actor.js';
import type { Actor } from '../auth/auth.service.js';

/** A member changes a profile field when the admin's allow_update_* switch allows it; admins always. */
export function mayUpdateProfileField(actor: Actor, field: ProfileField, rules: SiteSettings['site_users']): boolean {
  return isActiveAdmin(actor) || rules[`allow_update_${field}`];
}
