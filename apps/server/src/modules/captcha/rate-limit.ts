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
} as const;
export type LimitName = keyof typeof LIMITS;

export class RateLimiter {
  constructor(private readonly db: () => Db) {}

  /** Counts one attempt; 429 once the window's allowance is used up. */
  async consume(name: LimitName, unit: string): Promise<void> {
    const { max, window } = LIMITS[name];
    const count = await countersRepository.hit(this.db(), `rl:${name}:${unit}`, window, nowSeconds());
    if (count > max) throw new AppError(429, ACCOUNT_REASONS.rateLimited);
  }

  /** 429 when the allowance is used up, without counting (failures are counted separately). */
  async check(name: LimitName, unit: string): Promise<void> {
    const { max, window } = LIMITS[name];
    const { count } = await countersRepository.peek(this.db(), `rl:${name}:${unit}`, window, nowSeconds());
    if (count >= max) throw new AppError(429, ACCOUNT_REASONS.rateLimited);
  }

  async record(name: LimitName, unit: string): Promise<void> {
    await countersRepository.hit(this.db(), `rl:${name}:${unit}`, LIMITS[name].window, nowSeconds());
  }

  async clear(name: LimitName, unit: string): Promise<void> {
    await countersRepository.clear(this.db(), `rl:${name}:${unit}`);
  }
}
