import { ACCOUNT_REASONS } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { countersRepository } from './counters.repository.js';

/**
 * Per-IP and per-account limits on the account doors. They hold with or without a captcha
 * (the peer has none without a captcha plugin). Windows are fixed, so nobody stays refused
 * longer than one window after the burst stops.
 */
export const LIMITS = {
  /** Wrong passwords per account and IP; the rightful owner elsewhere is not affected. */
  loginFailuresPerAccountIp: { max: 10, window: 15 * 60 },
  /** Wrong passwords per account from anywhere: a distributed guess is slowed too. */
  loginFailuresPerAccount: { max: 50, window: 15 * 60 },
  loginPerIp: { max: 60, window: 15 * 60 },
  registerPerIp: { max: 10, window: 60 * 60 },
  emailPerIp: { max: 20, window: 60 * 60 },
  emailPerAccount: { max: 5, window: 60 * 60 },
  /** Unsubscribe links (no sign-in): enough for a mailbox full of them, not for guessing codes. */
  unsubscribePerIp: { max: 30, window: 10 * 60 },
  /** OAuth callbacks whose state matched: each costs two calls to the provider, and may create a member. */
  connectorCallbackPerIp: { max: 30, window: 10 * 60 },
  /** Addresses offered for an external login that came without one (each may send an email). */
  connectorBindingPerIp: { max: 20, window: 60 * 60 },
  /** Unlinking one's external logins: nobody needs many in an hour. */
  connectorUnbindPerAccount: { max: 20, window: 60 * 60 },
} as const;
export type LimitName = keyof typeof LIMITS;

/** One counted attempt, as `reserve` took it: the counter and the window it was counted in. */
export interface Reservation {
  key: string;
  windowStart: number;
}

export class RateLimiter {
  constructor(private readonly db: () => Db) {}

  /** Counts one attempt; 429 once the window's allowance is used up. */
  async consume(name: LimitName, unit: string): Promise<void> {
    const { max, window } = LIMITS[name];
    const count = await countersRepository.hit(this.db(), `rl:${name}:${unit}`, window, nowSeconds());
    if (count > max) throw new AppError(429, ACCOUNT_REASONS.rateLimited);
  }

  /**
   * Counts one attempt before it runs (one atomic upsert returning the new count) and refuses it
   * with 429 when that count is over the allowance, so a parallel burst can never get more than
   * `max` attempts past this point. The returned ticket refunds the attempt when it should not
   * count (a successful sign-in); a refused attempt stays counted, which only keeps it refused.
   */
  async reserve(name: LimitName, unit: string): Promise<Reservation> {
    const { max, window } = LIMITS[name];
    const key = `rl:${name}:${unit}`;
    const { count, windowStart } = await countersRepository.hitWindow(this.db(), key, window, nowSeconds());
    if (count > max) throw new AppError(429, ACCOUNT_REASONS.rateLimited);
    return { key, windowStart };
  }

  /** Gives a reserved attempt back (an atomic decrement within the window it was counted in). */
  async refund(reservation: Reservation): Promise<void> {
    await countersRepository.refund(this.db(), reservation.key, reservation.windowStart);
  }

  async clear(name: LimitName, unit: string): Promise<void> {
    await countersRepository.clear(this.db(), `rl:${name}:${unit}`);
  }
}
