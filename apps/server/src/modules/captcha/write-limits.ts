import { isActiveStaff } from '../auth/actor.js';
import { captchaOnlySchema, REASONS } from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../auth/auth.service.js';
import { CAPTCHA_STRATEGY, type CaptchaService } from './captcha.service.js';
import { countersRepository } from './counters.repository.js';

/** Content writes that are limited: the captcha strategy's rows, and two without a captcha. */
export type WriteAction = 'question' | 'answer' | 'comment' | 'edit' | 'report' | 'upload' | 'render' | 'search';

interface Rule {
  max: number;
  window: number;
  minGap?: number;
  /** Whether a solved captcha lets the member past the limit (a form can show one). */
  captcha: boolean;
}

const strategy = (action: 'question' | 'answer' | 'comment' | 'edit' | 'report' | 'search'): Rule => {
  const { max = 0, window, minGap } = CAPTCHA_STRATEGY[action];
  return { max, window, ...(minGap ? { minGap } : {}), captcha: true };
};

/**
 * The thresholds (peer facts 13.1 for the first five). Uploads and previews have no captcha
 * row, and their requests cannot carry one, so past their limit they are simply refused.
 */
export const WRITE_RULES: Record<WriteAction, Rule> = {
  question: strategy('question'),
  answer: strategy('answer'),
  comment: strategy('comment'),
  edit: strategy('edit'),
  // Flags (moderation) call guard('report') when they are built.
  report: strategy('report'),
  upload: { max: 30, window: 360, captcha: false },
  // The editor previews while typing (debounced), so this is generous.
  render: { max: 120, window: 60, captcha: false },
  // Searches are reads, limited like writes: 20 a minute per member, or per address for guests.
  search: strategy('search'),
};

/**
 * How many members' worth of writes one address may make. An office, a campus or a site
 * behind a proxy that is not yet configured (trust_proxy off) puts many members on one
 * address; the member's own limit is the fine one, the address's only stops one person
 * with many accounts.
 */
const ADDRESS_SHARE = 5;

/**
 * Limits on content writes, per member and per address, staff exempt. Past a threshold the
 * write needs a solved captcha when the captcha plugin is on, and is refused with 429 when it
 * is off (the peer has no limit at all then). Every counter is hit before it is judged, in one
 * atomic upsert each, so a parallel burst cannot slip past a check made before counting.
 *
 * The member's counters use the captcha's keys, so `user/action/record` tells the form in
 * advance when a captcha will be needed. The gap rule ("a second question within 5 s") is a
 * counter of its own whose window is the gap. The address has only the count rule, at
 * ADDRESS_SHARE times the member's: members behind one address should not wait on each
 * other's gap.
 */
export class WriteLimits {
  constructor(
    private readonly site: SiteRuntime,
    private readonly captcha: CaptchaService,
    private readonly enforced = true,
  ) {}

  async guard(action: WriteAction, caller: { actor: Actor | null; ip: string }, body: unknown): Promise<void> {
    const { actor, ip } = caller;
    if (!this.enforced) return;
    if (isActiveStaff(actor)) return;
    if (!(await this.overLimit(action, actor, ip))) return;
    const rule = WRITE_RULES[action];
    if (rule.captcha && (await this.captcha.enabled())) {
      const parsed = captchaOnlySchema.safeParse(body ?? {});
      await this.captcha.verify(parsed.success ? parsed.data : {});
      return;
    }
    throw new AppError(429, REASONS.tooManyRequests);
  }

  /** Counts this write on every counter that applies; true when any is past its limit. */
  private async overLimit(action: WriteAction, actor: Actor | null, ip: string): Promise<boolean> {
    const rule = WRITE_RULES[action];
    const db = this.site.db;
    const now = nowSeconds();
    const counters: Array<{ key: string; window: number; max: number }> = [
      // A guest is counted by address alone, at the member's rate (guests write nothing but searches).
      { key: `cap:${action}:ip:${ip}`, window: rule.window, max: actor ? rule.max * ADDRESS_SHARE : rule.max },
    ];
    if (actor) {
      const unit = `u:${actor.user.id}`;
      counters.push({ key: `cap:${action}:${unit}`, window: rule.window, max: rule.max });
      if (rule.minGap) counters.push({ key: `gap:${action}:${unit}`, window: rule.minGap, max: 1 });
    }
    // Every counter is hit, even after one is over, so each keeps counting the burst.
    let over = false;
    for (const { key, window, max } of counters) {
      if ((await countersRepository.hit(db, key, window, now)) > max) over = true;
    }
    return over;
  }
}
