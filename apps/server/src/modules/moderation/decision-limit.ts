import { REASONS } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../auth/auth.service.js';
import { countersRepository } from '../captcha/counters.repository.js';

/**
 * Review decisions (flags, queued posts, appeals) per reviewer: staff are exempt from the
 * content limits, not from this one, so a stolen staff session cannot sweep a site in seconds.
 */
export const DECISION_LIMIT = { max: 60, window: 60 } as const;

export async function countDecision(db: Db, actor: Actor): Promise<void> {
  const key = `moderation:decide:u:${actor.user.id}`;
  const count = await countersRepository.hit(db, key, DECISION_LIMIT.window, nowSeconds());
  if (count > DECISION_LIMIT.max) throw new AppError(429, REASONS.tooManyRequests);
}
