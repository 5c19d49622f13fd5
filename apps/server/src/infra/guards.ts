import { hasPrivilege, MAIL_STATUS, REASONS, ROLE, type Privilege } from '@inquire/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';
import { isSuspended, memberOf } from '../modules/auth/actor.js';
import type { Actor } from '../modules/auth/auth.service.js';

/**
 * Route pre-handlers for the peer's auth tiers (peer facts 8.2). Each returns the actor it
 * proved, so a handler can write `const actor = requireActive(request)`.
 */
export function requireLogin(request: FastifyRequest): Actor {
  if (!request.actor) throw AppError.unauthorized();
  return request.actor;
}

/** Logged in, activated and not suspended. */
export function requireActive(request: FastifyRequest): Actor {
  const actor = requireLogin(request);
  if (actor.user.mail_status !== MAIL_STATUS.activated) {
    throw AppError.forbidden(REASONS.userInactive, 'inactive');
  }
  if (isSuspended(actor)) throw AppError.forbidden(REASONS.userSuspended, 'suspended');
  return actor;
}

export function requireAdmin(request: FastifyRequest): Actor {
  const actor = requireActive(request);
  if (actor.user.role_id !== ROLE.admin) throw AppError.forbidden(REASONS.adminRequired);
  return actor;
}

/** Readable by guests unless the site is private; on a private site guests get 401. */
export async function requireReader(request: FastifyRequest): Promise<void> {
  const settings = await request.server.services.siteinfo.settings();
  if (!settings.login.login_required) return;
  const actor = requireLogin(request);
  if (actor.user.mail_status !== MAIL_STATUS.activated) {
    throw AppError.forbidden(REASONS.userInactive, 'inactive');
  }
}

/** An active member holding a privilege by role or reputation. */
export function requirePrivilege(request: FastifyRequest, privilege: Privilege): Actor {
  const actor = requireActive(request);
  if (!hasPrivilege(memberOf(actor), privilege)) {
    throw AppError.forbidden(REASONS.rankTooLow);
  }
  return actor;
}
