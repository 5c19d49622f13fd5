import { isStaff } from '@inquire/shared';
import type { CaptchaContract } from '@inquire/plugin-sdk';
import { type ActionRecord, type CaptchaAction } from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import { hashToken } from '../../infra/tokens.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { UserRow } from '../users/users.repository.js';
import { builtinCaptcha, builtinCaptchaWith, CAPTCHA_CODE_LENGTH } from './builtin-captcha.js';
import { captchaRepository, countersRepository } from './counters.repository.js';
import type { Reservation } from './rate-limit.js';

export const CAPTCHA_TTL_SECONDS = 6 * 60;
export const BUILTIN_CAPTCHA_SLUG = 'captcha-basic';

/**
 * The peer's captcha strategy (peer facts 13.1): when each action needs a captcha, counted per
 * IP or per user. `always` = every time; `max` = from that many records in the window;
 * `minGap` = when the previous one was less than that many seconds ago.
 */
export const CAPTCHA_STRATEGY: Record<
  CaptchaAction,
  { unit: 'ip' | 'user'; always?: true; max?: number; minGap?: number; window: number }
> = {
  email: { unit: 'ip', always: true, window: 360 },
  password: { unit: 'ip', max: 3, window: 30 * 60 },
  edit_userinfo: { unit: 'user', max: 3, window: 30 * 60 },
  question: { unit: 'user', max: 10, minGap: 5, window: 360 },
  answer: { unit: 'user', max: 10, minGap: 5, window: 360 },
  comment: { unit: 'user', max: 30, minGap: 1, window: 360 },
  edit: { unit: 'user', max: 10, window: 360 },
  invitation_answer: { unit: 'user', max: 30, window: 360 },
  search: { unit: 'user', max: 20, window: 60 },
  report: { unit: 'user', max: 30, minGap: 1, window: 360 },
  delete: { unit: 'user', max: 5, minGap: 5, window: 360 },
  vote: { unit: 'user', max: 40, window: 360 },
};

/** Who is acting: the IP and, when signed in, the user. */
export interface Doer {
  ip: string;
  user?: Pick<UserRow, 'id' | 'role_id'> | null;
}

/** Staff (by role) skip captchas; a suspended one cannot write at all, so the role suffices. */
const isStaffDoer = (doer: Doer) => isStaff(doer.user ? { role_id: doer.user.role_id, rank: 0 } : null);

/**
 * Captcha challenges and the counters that decide when one is needed. Challenges are stored
 * hashed in the database (several processes may share it), live 6 minutes and are used once.
 * The provider is the built-in SVG captcha behind the plugin contract; a captcha plugin can
 * replace it. With the captcha turned off (plugin_state), no action asks for one.
 */
export class CaptchaService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly provider: CaptchaContract = builtinCaptcha,
  ) {}

  private key(action: CaptchaAction, doer: Doer): string {
    const unit = CAPTCHA_STRATEGY[action].unit === 'user' && doer.user ? `u:${doer.user.id}` : `ip:${doer.ip}`;
    return `cap:${action}:${unit}`;
  }

  async enabled(): Promise<boolean> {
    const row = await this.site.db
      .selectFrom('plugin_state')
      .select('enabled')
      .where('slug_name', '=', BUILTIN_CAPTCHA_SLUG)
      .executeTakeFirst();
    // Built-in plugins start activated (spec section 4).
    return row ? Number(row.enabled) === 1 : true;
  }

  /** Whether the doer's next `action` needs a captcha. */
  async required(action: CaptchaAction, doer: Doer): Promise<boolean> {
    if (isStaffDoer(doer) || !(await this.enabled())) return false;
    const rule = CAPTCHA_STRATEGY[action];
    if (rule.always) return true;
    const now = nowSeconds();
    const { count, lastAt } = await countersRepository.peek(this.site.db, this.key(action, doer), rule.window, now);
    if (rule.max !== undefined && count >= rule.max) return true;
    return rule.minGap !== undefined && lastAt > 0 && now - lastAt < rule.minGap;
  }

  /** `GET user/action/record`: whether to verify, with a fresh challenge when so. */
  async actionRecord(action: CaptchaAction, doer: Doer): Promise<ActionRecord> {
    if (!(await this.required(action, doer))) return { captcha_id: '', captcha_img: '', verify: false };
    return { ...(await this.challenge()), verify: true };
  }

  /** The built-in captcha's code length as the admin set it on the installed-plugins page (4 by default). */
  async codeLength(): Promise<number> {
    const row = await this.site.db
      .selectFrom('plugin_state')
      .select('config')
      .where('slug_name', '=', BUILTIN_CAPTCHA_SLUG)
      .executeTakeFirst();
    let length: unknown;
    try {
      length = row?.config ? (JSON.parse(row.config) as Record<string, unknown>)[CAPTCHA_CODE_LENGTH.name] : undefined;
    } catch {
      length = undefined;
    }
    const fits =
      Number.isInteger(length) &&
      (length as number) >= CAPTCHA_CODE_LENGTH.min &&
      (length as number) <= CAPTCHA_CODE_LENGTH.max;
    return fits ? (length as number) : CAPTCHA_CODE_LENGTH.default;
  }

  async challenge(): Promise<{ captcha_id: string; captcha_img: string }> {
    // The built-in captcha follows its saved setting; a plugin's own provider draws as it likes.
    const provider = this.provider === builtinCaptcha ? builtinCaptchaWith(await this.codeLength()) : this.provider;
    const { captcha_id, captcha_img, answer } = await provider.create();
    const now = nowSeconds();
    await captchaRepository.insert(this.site.db, {
      captcha_id: hashToken(captcha_id),
      answer_hash: hashToken(answer.trim().toLowerCase()),
      created_at: now,
      expires_at: now + CAPTCHA_TTL_SECONDS,
    });
    return { captcha_id, captcha_img };
  }

  /**
   * Refuses the action with a `captcha_code` field error unless it needs no captcha or the
   * code answers a live challenge (which is used up either way).
   */
  async check(action: CaptchaAction, doer: Doer, input: { captcha_id?: string; captcha_code?: string }): Promise<void> {
    if (!(await this.required(action, doer))) return;
    await this.verify(input);
  }

  /** A `captcha_code` field error unless the code answers a live challenge (used up either way). */
  async verify(input: { captcha_id?: string; captcha_code?: string }): Promise<void> {
    const code = input.captcha_code?.trim() ?? '';
    if (!code || !input.captcha_id) {
      throw AppError.fields([{ field: 'captcha_code', key: 'form.captcha_code.required' }]);
    }
    const stored = await captchaRepository.take(this.site.db, hashToken(input.captcha_id), nowSeconds());
    if (!stored || stored !== hashToken(code.toLowerCase())) {
      throw AppError.fields([{ field: 'captcha_code', key: 'form.captcha_code.invalid' }]);
    }
  }

  /**
   * For count-based actions whose failures are what counts (wrong passwords): counts this
   * attempt first, with one atomic upsert, and asks for a captcha when the attempts counted
   * before it already reached the threshold. Checking first and counting after would let a
   * parallel burst through uncounted. The ticket lets the caller refund an attempt that turned
   * out not to be a failure.
   */
  async attempt(
    action: CaptchaAction,
    doer: Doer,
    input: { captcha_id?: string; captcha_code?: string },
  ): Promise<Reservation> {
    const rule = CAPTCHA_STRATEGY[action];
    const key = this.key(action, doer);
    const { count, windowStart } = await countersRepository.hitWindow(this.site.db, key, rule.window, nowSeconds());
    const reservation = { key, windowStart };
    const needed = rule.max !== undefined && count > rule.max && !isStaffDoer(doer) && (await this.enabled());
    if (!needed) return reservation;
    try {
      await this.verify(input);
    } catch (error) {
      await this.refund(reservation);
      throw error;
    }
    return reservation;
  }

  async refund(reservation: Reservation): Promise<void> {
    await countersRepository.refund(this.site.db, reservation.key, reservation.windowStart);
  }

  /** Counts one occurrence of the action for the strategy. */
  async record(action: CaptchaAction, doer: Doer): Promise<void> {
    await countersRepository.hit(this.site.db, this.key(action, doer), CAPTCHA_STRATEGY[action].window, nowSeconds());
  }

  async clear(action: CaptchaAction, doer: Doer): Promise<void> {
    await countersRepository.clear(this.site.db, this.key(action, doer));
  }

  async sweep(): Promise<void> {
    const now = nowSeconds();
    await captchaRepository.sweep(this.site.db, now);
    await countersRepository.sweep(this.site.db, now - 24 * 60 * 60);
  }
}
