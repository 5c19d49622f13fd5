import { mayUpdateProfileField } from './profile-policy.js';
import { isStaff, type ProfileField } from '@inquire/shared';
import {
  ACCOUNT_REASONS,
  isLanguage,
  LANGUAGES,
  MAIL_STATUS,
  NOTIFICATION_SOURCES,
  REASONS,
  ROLE,
  USER_STATUS,
  type ChangePasswordInput,
  type EmailChangeInput,
  type InterfaceInput,
  type Language,
  type LoginInput,
  type LoginResult,
  type NotificationConfig,
  type NotificationSource,
  type PasswordReplacementInput,
  type PasswordResetInput,
  type ProfileInput,
  type RegisterInput,
  type SiteSettings,
  type UserInfo,
} from '@inquire/shared';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { notificationConfigSchema } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { hashPassword, verifyPassword } from '../../infra/passwords.js';
import type { SiteRuntime } from '../../infra/site.js';
import { hashToken, newToken } from '../../infra/tokens.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError, type FieldIssue } from '../../lib/errors.js';
import { nextId } from '../../lib/ids.js';
import { renderMarkdown } from '../../lib/markdown.js';
import type { Actor, AuthService, ClientMeta } from '../auth/auth.service.js';
import { sessionsRepository } from '../auth/sessions.repository.js';
import type { CaptchaService, Doer } from '../captcha/captcha.service.js';
import type { RateLimiter } from '../captcha/rate-limit.js';
import type { MailService } from '../mail/mail.service.js';
import type { EmailKind } from '../mail/templates.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { presentUser } from '../users/users.presenter.js';
import { usersRepository, type UserRow } from '../users/users.repository.js';
import { accountsRepository, takenUserColumn } from './accounts.repository.js';
import { emailCodesRepository, type EmailCodeAction } from './email-codes.repository.js';

/** Email action codes live 10 minutes, are used once, and only the newest per action works. */
export const EMAIL_CODE_TTL_SECONDS = 10 * 60;

/** How often a sign-up derives a new username after losing one to a simultaneous sign-up. */
const USERNAME_RACE_RETRIES = 5;

/** Names a username may not take: route words and obvious impersonations. */
export const RESERVED_USERNAMES = new Set([
  'admin',
  'administrator',
  'root',
  'system',
  'moderator',
  'staff',
  'support',
  'help',
  'api',
  'answer',
  'login',
  'logout',
  'register',
  'signup',
  'settings',
  'account',
  'account-recovery',
  'account-activation',
  'account-suspended',
  'password-reset',
  'change-email',
  'confirm-new-email',
  'confirm-email',
  'auth-landing',
  'notifications',
  'unsubscribe',
  'users',
  'user',
  'me',
  'null',
  'undefined',
  'anonymous',
  'inquire',
]);

export interface Caller extends ClientMeta {
  lang: Language;
}

const doerOf = (caller: Caller, user?: UserRow | null): Doer => ({ ip: caller.ip, user: user ?? null });

/** Whether the admin's list of sign-up domains (empty: any) lets this address in; subdomains count. */
export function emailDomainAllowed(email: string, allowed: string[]): boolean {
  const list = allowed.map((d) => d.trim().toLowerCase()).filter(Boolean);
  if (list.length === 0) return true;
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  return list.some((d) => domain === d || domain.endsWith(`.${d}`));
}

/**
 * A custom avatar address as the site-relative `/uploads/...` path it names on this site: the
 * upload answer's absolute URL (the site URL + `/uploads/...`) and the stored relative path
 * both qualify. Anything else comes back unchanged (and is then refused): an address on
 * another host is not accepted even with one's own file's path, since it would be shown as
 * the avatar while pointing elsewhere.
 */
function siteRelativeUpload(value: string, siteUrl: string): string {
  const trimmed = value.trim();
  const absolutePrefix = `${siteUrl.replace(/\/+$/, '')}/uploads/`;
  if (trimmed.startsWith(absolutePrefix)) return `/uploads/${trimmed.slice(absolutePrefix.length)}`;
  return trimmed;
}

/** The stored avatar as `type|custom path`, in the form `updateProfile` compares. */
function storedAvatar(value: string, siteUrl: string): string {
  try {
    const parsed = JSON.parse(value || '{}') as { type?: string; custom?: string };
    const type = parsed.type || 'default';
    return `${type}|${type === 'custom' ? siteRelativeUpload(parsed.custom ?? '', siteUrl) : ''}`;
  } catch {
    return 'default|';
  }
}

/** A new member: the name shown, the base of the username, and whether the address is proven already. */
export interface NewMember {
  name: string;
  /** What the username is derived from (the name when not given). */
  usernameBase?: string;
  email: string;
  /** A password hash, or '' for an account that signs in only through a connector. */
  pass: string;
  /** Activated at once (the provider vouched for the address), else sent the activation email. */
  activated: boolean;
  lang: Language;
}

/** Runs inside the transaction that uses an emailed code, with what the code carried. */
/**
 * A code kind the activation endpoint also takes, run in its transaction. `proof` is the
 * LINK_PROOF_COOKIE the browser sent: what the browser that asked for the code was given.
 */
export type LinkFollower = (
  trx: Db,
  used: { user_id: string; content: string },
  now: number,
  proof: string | undefined,
) => Promise<void>;

/**
 * A cookie some emailed codes also need (connectors' `bind_external`): the mailbox proves who
 * owns the address, the cookie that the same browser asked for the link. Sent only to the
 * activation endpoint.
 */
export const LINK_PROOF_COOKIE = 'inquire_link_proof';
export const LINK_PROOF_COOKIE_PATH = '/answer/api/v1/user/email/verification';

const emailTakenError = () =>
  AppError.fields([{ field: 'e_mail', key: 'form.e_mail.taken' }], ACCOUNT_REASONS.emailTaken);

/**
 * The account use cases: sign-up, activation, recovery, password and email changes, profile,
 * interface and notification settings. Each reads load → authorize → rules → transaction →
 * events (the email is written to the outbox inside the transaction; the worker sends it).
 */
export class AccountsService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
    private readonly auth: AuthService,
    private readonly mail: MailService,
    private readonly captcha: CaptchaService,
    private readonly limits: RateLimiter,
  ) {}

  /** Codes beyond activation that `user/email/verification` also accepts (connectors' `bind_external`). */
  private readonly linkFollowers = new Map<EmailCodeAction, LinkFollower>();

  /** Lets the activation endpoint take another kind of emailed code, run in its transaction. */
  onLinkFollowed(action: Exclude<EmailCodeAction, 'activate' | 'unsubscribe'>, follow: LinkFollower): void {
    this.linkFollowers.set(action, follow);
  }

  private async loginResult(user: UserRow, client: ClientMeta): Promise<LoginResult> {
    const { site_users } = await this.siteinfo.settings();
    const token = await this.auth.openSession(user.id, client);
    return { ...presentUser(user, site_users, nowSeconds()), access_token: token };
  }

  private async reload(id: string): Promise<UserRow> {
    const user = await usersRepository.findById(this.site.db, id);
    if (!user) throw AppError.notFound(REASONS.userNotFound);
    return user;
  }

  /** Issues a code and writes its email to the outbox, in the caller's transaction. */
  async sendCode(
    trx: Db,
    settings: SiteSettings,
    lang: Language,
    user: Pick<UserRow, 'id' | 'display_name'>,
    to: string,
    action: Exclude<EmailCodeAction, 'unsubscribe'>,
    content = '',
    vars: { provider?: string } = {},
  ): Promise<void> {
    const link = await this.issueLink(trx, settings, user, action, content);
    const kind: EmailKind = action === 'activate' ? 'activation' : action;
    const site = settings.general.name;
    const email = this.mail.render(lang, kind, to, { site, name: user.display_name, link, ...vars });
    await this.mail.enqueue(trx, email);
  }

  /** Issues a code (the latest of its kind for the member, 10 minutes) and returns its page's address. */
  private async issueLink(
    trx: Db,
    settings: SiteSettings,
    user: Pick<UserRow, 'id'>,
    action: Exclude<EmailCodeAction, 'unsubscribe'>,
    content = '',
  ): Promise<string> {
    const code = newToken();
    await emailCodesRepository.issue(trx, {
      code_hash: hashToken(code),
      user_id: user.id,
      action,
      content,
      now: nowSeconds(),
      ttl: EMAIL_CODE_TTL_SECONDS,
    });
    const page = {
      activate: 'account-activation',
      // Connecting an external login is confirmed on the activation page (it signs in the same way).
      bind_external: 'account-activation',
      reset: 'password-reset',
      change_email: 'confirm-new-email',
    }[action];
    const base = settings.general.site_url.replace(/\/+$/, '');
    return `${base}/users/${page}?code=${encodeURIComponent(code)}`;
  }

  /** Admin `GET user/activation`: a fresh activation link for the admin to pass on; no mail is sent. */
  async activationLink(user: UserRow): Promise<string> {
    const settings = await this.siteinfo.settings();
    return await this.site.db.transaction().execute((trx) => this.issueLink(trx, settings, user, 'activate'));
  }

  /** Admin `POST user/activation`: the activation email, in the member's language (else the admin's). */
  async sendActivationFor(user: UserRow, lang: Language): Promise<void> {
    const settings = await this.siteinfo.settings();
    await this.site.db.transaction().execute(async (trx) => {
      await this.sendCode(trx, settings, this.mailLanguage(user, lang), user, user.e_mail, 'activate');
    });
  }

  /**
   * Admin bulk add: every member in one transaction, verified and at rank 1 like an account
   * an admin creates (peer facts 2.1), each with a username derived from the name. The caller
   * has checked the addresses; one taken meanwhile fails the whole batch (all or nothing).
   */
  async addVerifiedMembers(members: { name: string; email: string; pass: string }[]): Promise<string[]> {
    return await this.site.db.transaction().execute(async (trx) => {
      const now = nowSeconds();
      const ids: string[] = [];
      for (const member of members) {
        const id = await nextId(trx, 'user');
        await usersRepository.insert(trx, {
          id,
          username: await this.deriveUsername(trx, member.name),
          e_mail: member.email,
          pass: member.pass,
          display_name: member.name,
          mail_status: MAIL_STATUS.activated,
          status: USER_STATUS.normal,
          role_id: ROLE.user,
          rank: 1,
          created_at: now,
          updated_at: now,
          last_login_date: 0,
        });
        await accountsRepository.saveNotificationConfig(trx, id, 'inbox', true, now);
        ids.push(id);
      }
      return ids;
    });
  }

  mailLanguage(user: Pick<UserRow, 'language'>, fallback: Language): Language {
    return isLanguage(user.language) ? user.language : fallback;
  }

  /** A unique username derived from the display name (peer facts 8.3). */
  private async deriveUsername(db: Db, name: string): Promise<string> {
    const base =
      name
        .toLowerCase()
        .replace(/[^a-z0-9._-]/g, '')
        .slice(0, 30) || 'user';
    let candidate =
      base.length < 2 || RESERVED_USERNAMES.has(base) ? `${base}-${randomBytes(2).toString('hex')}` : base;
    while (await accountsRepository.usernameTaken(db, candidate)) {
      candidate = `${base.slice(0, 25)}-${randomBytes(2).toString('hex')}`;
    }
    return candidate;
  }

  /**
   * `POST user/login/email` with the abuse guards: per-IP attempts, wrong passwords per account
   * and IP and per account (15-minute fixed windows, so the rightful owner is refused at most
   * that long, and not at all from another IP until 50 failures), and the captcha after 3
   * failures from one IP. Every attempt is counted before the password is tested (one atomic
   * upsert each) and given back unless it was a wrong password, so a parallel burst cannot get
   * more guesses past the limits than a sequential one.
   */
  async login(input: LoginInput, caller: Caller): Promise<LoginResult> {
    const email = input.e_mail.trim().toLowerCase();
    await this.limits.consume('loginPerIp', caller.ip);
    const refunds = await this.reserveLoginFailure(email, caller);
    let wrongPassword = false;
    try {
      const captchaTicket = await this.captcha.attempt('password', doerOf(caller), input);
      refunds.push(() => this.captcha.refund(captchaTicket));
      const result = await this.auth.loginWithEmail(input, caller);
      await this.captcha.clear('password', doerOf(caller));
      return result;
    } catch (error) {
      wrongPassword = error instanceof AppError && error.reason === REASONS.emailOrPasswordIncorrect;
      throw error;
    } finally {
      // Only a wrong password stays counted: a success or an attempt that never tested the
      // password (captcha missing, password sign-in off) gives its count back.
      if (!wrongPassword) for (const refund of refunds) await refund();
    }
  }

  /**
   * Counts an attempt in both wrong-password limits before it runs; 429 when either is used
   * up. Returns the refunds of what it counted.
   */
  private async reserveLoginFailure(email: string, caller: Caller): Promise<(() => Promise<void>)[]> {
    const pair = await this.limits.reserve('loginFailuresPerAccountIp', `${email}|${caller.ip}`);
    try {
      const account = await this.limits.reserve('loginFailuresPerAccount', email);
      return [() => this.limits.refund(pair), () => this.limits.refund(account)];
    } catch (error) {
      await this.limits.refund(pair);
      throw error;
    }
  }

  /**
   * `POST user/register/email`. A duplicate email is a field error, as on the peer: sign-up
   * cannot hide it without also hiding it from the rightful owner, so the per-IP limit and the
   * captcha are what keep strangers from testing many addresses.
   */
  async register(input: RegisterInput, caller: Caller): Promise<LoginResult> {
    const settings = await this.siteinfo.settings();
    if (!settings.login.allow_new_registrations || !settings.login.allow_email_registrations) {
      throw AppError.display(ACCOUNT_REASONS.registrationClosed, 'toast');
    }
    await this.limits.consume('registerPerIp', caller.ip);
    await this.captcha.check('email', doerOf(caller), input);
    const email = input.e_mail.toLowerCase();
    const issues: FieldIssue[] = [];
    if (!emailDomainAllowed(email, settings.login.allow_email_domains)) {
      issues.push({ field: 'e_mail', key: 'form.e_mail.domain_not_allowed' });
    } else if (await accountsRepository.emailTaken(this.site.db, email)) {
      issues.push({ field: 'e_mail', key: 'form.e_mail.taken' });
    }
    if (issues.length) throw AppError.fields(issues);
    const pass = await hashPassword(input.pass);
    const id = await this.insertMember(settings, input.name, email, pass, caller);
    await this.captcha.record('email', doerOf(caller));
    return this.loginResult(await this.reload(id), caller);
  }

  /** Creates a sign-up's account; the address taken meanwhile is the same field error as a sequential duplicate. */
  private async insertMember(
    settings: SiteSettings,
    name: string,
    email: string,
    pass: string,
    caller: Caller,
  ): Promise<string> {
    try {
      return await this.createMember(settings, { name, email, pass, activated: false, lang: caller.lang });
    } catch (error) {
      if (takenUserColumn(error) === 'e_mail') throw AppError.fields([{ field: 'e_mail', key: 'form.e_mail.taken' }]);
      throw error;
    }
  }

  /**
   * Creates the account row with its settings and, unless it starts activated, its activation
   * email; `within` adds the caller's own rows in the same transaction (a connector's binding).
   * An account that starts activated is activated as a followed link would (rank 1, recorded
   * once). The checks before this are only the friendly path: two sign-ups racing for one
   * address both pass them, and the unique constraint decides (the error is thrown for the
   * caller to name; `takenUserColumn`). The loser of a derived username simply derives another
   * one and tries again, as a sequential sign-up with the same name would.
   */
  async createMember(
    settings: SiteSettings,
    member: NewMember,
    within: (trx: Db, userId: string) => Promise<void> = async () => {},
  ): Promise<string> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.site.db.transaction().execute(async (trx) => {
          const now = nowSeconds();
          const userId = await nextId(trx, 'user');
          const row = {
            id: userId,
            username: await this.deriveUsername(trx, member.usernameBase || member.name),
            e_mail: member.email,
            pass: member.pass,
            display_name: member.name,
            mail_status: MAIL_STATUS.inactive,
            status: USER_STATUS.normal,
            role_id: ROLE.user,
            rank: 0,
            created_at: now,
            updated_at: now,
            last_login_date: now,
          };
          await usersRepository.insert(trx, row);
          await accountsRepository.saveNotificationConfig(trx, userId, 'inbox', true, now);
          if (member.activated) await accountsRepository.activate(trx, userId, now);
          else await this.sendCode(trx, settings, member.lang, row, member.email, 'activate');
          await within(trx, userId);
          return userId;
        });
      } catch (error) {
        if (takenUserColumn(error) !== 'username' || attempt >= USERNAME_RACE_RETRIES) throw error;
      }
    }
  }

  /** Housekeeping: drops long-expired email codes and captcha records. */
  async sweep(): Promise<void> {
    if (!this.site.hasDatabase) return;
    await emailCodesRepository.sweep(this.site.db, nowSeconds() - 24 * 60 * 60);
    await this.captcha.sweep();
  }

  /** `POST user/email/verification/send`: a new activation link (older ones stop working). */
  async resendActivation(actor: Actor, input: { captcha_id?: string; captcha_code?: string }, caller: Caller) {
    const user = actor.user;
    if (user.mail_status === MAIL_STATUS.activated) return;
    await this.limits.consume('emailPerIp', caller.ip);
    await this.limits.consume('emailPerAccount', user.id);
    await this.captcha.check('email', doerOf(caller, user), input);
    const settings = await this.siteinfo.settings();
    await this.site.db.transaction().execute(async (trx) => {
      await this.sendCode(trx, settings, this.mailLanguage(user, caller.lang), user, user.e_mail, 'activate');
    });
    await this.captcha.record('email', doerOf(caller, user));
  }

  /**
   * `POST user/email/verification`: activates and signs in (a fresh session). It also takes the
   * codes of `onLinkFollowed` actions (an external login connected from the owner's mailbox),
   * whose work runs in the same transaction; the link went to the account's address, so
   * following it proves that address too.
   */
  async activate(code: string, caller: Caller, proof?: string): Promise<LoginResult> {
    const now = nowSeconds();
    const user = await this.site.db.transaction().execute(async (trx) => {
      const used = await this.consumeActivationCode(trx, hashToken(code), now, proof);
      if (!used) throw AppError.forbidden(ACCOUNT_REASONS.urlExpired, 'url_expired');
      const found = await usersRepository.findById(trx, used.user_id);
      if (!found || found.status === USER_STATUS.deleted)
        throw AppError.forbidden(ACCOUNT_REASONS.urlExpired, 'url_expired');
      await accountsRepository.activate(trx, found.id, now);
      return found;
    });
    return this.loginResult(await this.reload(user.id), caller);
  }

  /** Uses an activation code, or a code of another action the activation page takes (after its work). */
  private async consumeActivationCode(trx: Db, codeHash: string, now: number, proof: string | undefined) {
    const activation = await emailCodesRepository.consume(trx, codeHash, 'activate', now);
    if (activation) return activation;
    for (const [action, follow] of this.linkFollowers) {
      const used = await emailCodesRepository.consume(trx, codeHash, action, now);
      if (!used) continue;
      await follow(trx, used, now, proof);
      return used;
    }
    return undefined;
  }

  /** `POST user/password/reset`: the same answer whether or not the address has an account. */
  async requestPasswordReset(input: PasswordResetInput, caller: Caller): Promise<void> {
    const email = input.e_mail.toLowerCase();
    await this.limits.consume('emailPerIp', caller.ip);
    await this.captcha.check('email', doerOf(caller), input);
    await this.captcha.record('email', doerOf(caller));
    const user = await usersRepository.findByEmail(this.site.db, email);
    if (!user || user.status === USER_STATUS.deleted) return;
    // Per-account limit after the lookup, silently: a 429 here would tell the address exists.
    try {
      await this.limits.consume('emailPerAccount', `reset:${user.id}`);
    } catch {
      return;
    }
    const settings = await this.siteinfo.settings();
    await this.site.db.transaction().execute(async (trx) => {
      await this.sendCode(trx, settings, this.mailLanguage(user, caller.lang), user, user.e_mail, 'reset');
    });
  }

  /** `POST user/password/replacement`: new password; every session of the account ends. */
  async replacePassword(input: PasswordReplacementInput): Promise<void> {
    const now = nowSeconds();
    const pass = await hashPassword(input.pass);
    await this.site.db.transaction().execute(async (trx) => {
      const used = await emailCodesRepository.consume(trx, hashToken(input.code), 'reset', now);
      if (!used) throw AppError.forbidden(ACCOUNT_REASONS.urlExpired, 'url_expired');
      const user = await usersRepository.findById(trx, used.user_id);
      if (!user || user.status === USER_STATUS.deleted)
        throw AppError.forbidden(ACCOUNT_REASONS.urlExpired, 'url_expired');
      // Following the emailed link proves the address, so an unverified account becomes verified.
      await accountsRepository.update(trx, user.id, { pass, updated_at: now });
      if (user.mail_status !== MAIL_STATUS.activated) await accountsRepository.activate(trx, user.id, now);
      await sessionsRepository.deleteAllForUser(trx, user.id);
    });
  }

  /** `PUT user/password`: old password must match; other sessions end, this one stays. */
  async changePassword(actor: Actor, input: ChangePasswordInput, caller: Caller): Promise<void> {
    const user = actor.user;
    await this.captcha.check('edit_userinfo', doerOf(caller, user), input);
    await this.captcha.record('edit_userinfo', doerOf(caller, user));
    if (user.pass && !(await verifyPassword(user.pass, input.old_pass))) {
      throw AppError.fields([{ field: 'old_pass', key: 'form.old_pass.incorrect' }]);
    }
    if (input.old_pass && input.old_pass === input.pass) {
      throw AppError.fields([{ field: 'pass', key: 'form.pass.same_as_old' }]);
    }
    const pass = await hashPassword(input.pass);
    await this.site.db.transaction().execute(async (trx) => {
      await accountsRepository.update(trx, user.id, { pass, updated_at: nowSeconds() });
      await sessionsRepository.deleteAllForUser(trx, user.id, actor.tokenHash);
    });
  }

  /** `POST user/email/change/code`: emails a confirmation link to the new address. */
  async requestEmailChange(actor: Actor, input: EmailChangeInput, caller: Caller): Promise<void> {
    const user = actor.user;
    await this.limits.consume('emailPerAccount', `change:${user.id}`);
    await this.captcha.check('edit_userinfo', doerOf(caller, user), input);
    await this.captcha.record('edit_userinfo', doerOf(caller, user));
    const settings = await this.siteinfo.settings();
    const email = input.e_mail.toLowerCase();
    const issues: FieldIssue[] = [];
    if (user.mail_status === MAIL_STATUS.activated && user.pass && !(await verifyPassword(user.pass, input.pass))) {
      issues.push({ field: 'pass', key: 'form.pass.incorrect' });
    }
    if (!emailDomainAllowed(email, settings.login.allow_email_domains)) {
      issues.push({ field: 'e_mail', key: 'form.e_mail.domain_not_allowed' });
    } else if (await accountsRepository.emailTaken(this.site.db, email)) {
      issues.push({ field: 'e_mail', key: 'form.e_mail.taken' });
    }
    if (issues.length) throw AppError.fields(issues);
    await this.site.db.transaction().execute(async (trx) => {
      await this.sendCode(trx, settings, this.mailLanguage(user, caller.lang), user, email, 'change_email', email);
    });
  }

  /**
   * `PUT user/email`: applies the new address (verified by the link) and signs in afresh. The
   * old address is told (so a hijacked account does not change hands silently), and every other
   * session of the account ends: whoever holds one may be who the change is locking out. The
   * session that sent the confirmation stays when it is the same member's (they are in front of
   * it), as does the fresh session this call opens; without one, all sessions end.
   */
  async confirmEmailChange(code: string, caller: Caller, confirmer: Actor | null = null): Promise<LoginResult> {
    const now = nowSeconds();
    const settings = await this.siteinfo.settings();
    const userId = await this.site.db
      .transaction()
      .execute(async (trx) => {
        const used = await emailCodesRepository.consume(trx, hashToken(code), 'change_email', now);
        if (!used) throw AppError.forbidden(ACCOUNT_REASONS.urlExpired, 'url_expired');
        const user = await usersRepository.findById(trx, used.user_id);
        if (!user || user.status === USER_STATUS.deleted)
          throw AppError.forbidden(ACCOUNT_REASONS.urlExpired, 'url_expired');
        if (await accountsRepository.emailTaken(trx, used.content)) throw emailTakenError();
        await accountsRepository.update(trx, user.id, { e_mail: used.content, updated_at: now });
        await accountsRepository.activate(trx, user.id, now);
        const keep = confirmer?.user.id === user.id ? confirmer.tokenHash : '';
        await sessionsRepository.deleteAllForUser(trx, user.id, keep);
        if (user.e_mail) await this.tellOldAddress(trx, settings, caller, user, used.content);
        return user.id;
      })
      .catch((error: unknown) => {
        // Another account may take the address between the check and the update.
        throw takenUserColumn(error) === 'e_mail' ? emailTakenError() : error;
      });
    return this.loginResult(await this.reload(userId), caller);
  }

  /** The "your address was changed" notice to the address the account had until now. */
  private async tellOldAddress(
    trx: Db,
    settings: SiteSettings,
    caller: Caller,
    user: UserRow,
    newEmail: string,
  ): Promise<void> {
    const email = this.mail.render(this.mailLanguage(user, caller.lang), 'email_changed', user.e_mail, {
      site: settings.general.name,
      name: user.display_name,
      new_email: newEmail,
    });
    await this.mail.enqueue(trx, email);
  }

  /**
   * `PUT user/info`. The admin's allow_update_* switches are enforced here: a member may send
   * the current value of a locked field (forms send whole objects) but not a new one. Admins
   * are not bound by the switches.
   */
  async updateProfile(actor: Actor, input: ProfileInput): Promise<UserInfo> {
    const user = actor.user;
    const settings = await this.siteinfo.settings();
    const rules = settings.site_users;
    const siteUrl = settings.general.site_url;
    const avatarType = input.avatar.type === 'system' ? 'default' : input.avatar.type;
    const customAvatar = avatarType === 'custom' ? siteRelativeUpload(input.avatar.custom, siteUrl) : '';
    const current = storedAvatar(user.avatar, siteUrl);
    const nextAvatar = `${avatarType}|${customAvatar}`;
    // An unchanged avatar keeps its stored value; a new custom one is stored as the bare
    // site-relative path checked below, never as the URL the client sent.
    const avatarValue =
      nextAvatar === current
        ? user.avatar
        : JSON.stringify({ type: avatarType, gravatar: input.avatar.gravatar, custom: customAvatar });
    const changes = {
      display_name: input.display_name !== user.display_name,
      username: input.username !== user.username,
      avatar: nextAvatar !== current,
      bio: input.bio !== user.bio,
      website: input.website !== user.website,
      location: input.location !== user.location,
    };
    const issues: FieldIssue[] = [];
    for (const [field, changed] of Object.entries(changes)) {
      if (changed && !mayUpdateProfileField(actor, field as ProfileField, rules))
        issues.push({ field, key: 'form.profile.update_not_allowed' });
    }
    if (changes.username && !issues.some((i) => i.field === 'username')) {
      if (RESERVED_USERNAMES.has(input.username) && !isStaff(user)) {
        issues.push({ field: 'username', key: 'form.username.reserved' });
      } else if (await accountsRepository.usernameTaken(this.site.db, input.username, user.id)) {
        issues.push({ field: 'username', key: 'form.username.taken' });
      }
    }
    if (changes.avatar && avatarType === 'custom' && !issues.some((i) => i.field === 'avatar')) {
      if (!(await this.isOwnAvatarUpload(user.id, customAvatar))) {
        issues.push({ field: 'avatar', key: 'form.avatar.invalid' });
      }
    }
    if (issues.length) throw AppError.fields(issues, ACCOUNT_REASONS.updateNotAllowed);
    await accountsRepository
      .update(this.site.db, user.id, {
        display_name: input.display_name,
        username: input.username,
        avatar: avatarValue,
        bio: input.bio,
        bio_html: changes.bio ? renderMarkdown(input.bio) : user.bio_html,
        website: input.website,
        location: input.location,
        updated_at: nowSeconds(),
      })
      .catch((error: unknown) => {
        // Another member may take the username between the check and the update.
        if (takenUserColumn(error) !== 'username') throw error;
        throw AppError.fields([{ field: 'username', key: 'form.username.taken' }], ACCOUNT_REASONS.updateNotAllowed);
      });
    return presentUser(await this.reload(user.id), rules, nowSeconds());
  }

  /** Whether a site-relative `/uploads/avatar/...` path is an avatar this member uploaded. */
  private async isOwnAvatarUpload(userId: string, sitePath: string): Promise<boolean> {
    const path = /^\/uploads\/(avatar\/[\w.-]+)$/.exec(sitePath)?.[1];
    if (!path) return false;
    const upload = await accountsRepository.findUpload(this.site.db, userId, path);
    return upload?.source === 'avatar';
  }

  /** `PUT user/interface`: language, colour scheme, time zone (IANA names only). */
  async updateInterface(actor: Actor, input: InterfaceInput): Promise<void> {
    const issues: FieldIssue[] = [];
    const language = input.language === 'Default' ? '' : input.language;
    if (language !== '' && !(LANGUAGES as readonly string[]).includes(language)) {
      issues.push({ field: 'language', key: 'form.language.invalid' });
    }
    if (input.time_zone && !TIME_ZONES.has(input.time_zone)) {
      issues.push({ field: 'time_zone', key: 'form.time_zone.invalid' });
    }
    if (issues.length) throw AppError.fields(issues);
    await accountsRepository.update(this.site.db, actor.user.id, {
      language,
      color_scheme: input.color_scheme,
      ...(input.time_zone !== undefined ? { time_zone: input.time_zone } : {}),
      updated_at: nowSeconds(),
    });
  }

  async notificationConfig(actor: Actor): Promise<NotificationConfig> {
    const rows = await accountsRepository.notificationConfig(this.site.db, actor.user.id);
    const config = Object.fromEntries(
      NOTIFICATION_SOURCES.map((source) => [source, { key: 'email' as const, enable: false }]),
    ) as NotificationConfig;
    for (const row of rows) {
      if (!(NOTIFICATION_SOURCES as readonly string[]).includes(row.source)) continue;
      try {
        const channels = JSON.parse(row.channels) as { key: string; enable: boolean }[];
        config[row.source as keyof NotificationConfig].enable = channels.some((c) => c.key === 'email' && c.enable);
      } catch {
        // A damaged row reads as off.
      }
    }
    return config;
  }

  /**
   * `PUT user/notification/unsubscribe {code}` and the one-click POST of a notification email:
   * turns the email channel off for the sources the link names, without signing in. A link works
   * for 24 hours, also a second time (a mail client's one-click and then the page); after that,
   * 403 url_expired.
   */
  async unsubscribe(code: string, caller: Pick<Caller, 'ip'>): Promise<void> {
    await this.limits.consume('unsubscribePerIp', caller.ip);
    const now = nowSeconds();
    const found = await emailCodesRepository.findLive(this.site.db, hashToken(code), 'unsubscribe', now);
    if (!found) throw AppError.forbidden(ACCOUNT_REASONS.urlExpired, 'url_expired');
    const sources = unsubscribeSources(found.content);
    await this.site.db.transaction().execute(async (trx) => {
      for (const source of sources) {
        await accountsRepository.saveNotificationConfig(trx, found.user_id, source, false, now);
      }
    });
  }

  async updateNotificationConfig(actor: Actor, input: z.infer<typeof notificationConfigSchema>): Promise<void> {
    const now = nowSeconds();
    await this.site.db.transaction().execute(async (trx) => {
      for (const source of NOTIFICATION_SOURCES) {
        const value = input[source];
        if (value) await accountsRepository.saveNotificationConfig(trx, actor.user.id, source, value.enable, now);
      }
    });
  }
}

/** The sources an unsubscribe code names (a JSON list written with the email); anything else is ignored. */
function unsubscribeSources(content: string): NotificationSource[] {
  try {
    const parsed: unknown = JSON.parse(content);
    if (!Array.isArray(parsed)) return [];
    return NOTIFICATION_SOURCES.filter((source) => parsed.includes(source));
  } catch {
    return [];
  }
}

/** Every IANA time zone this runtime knows, plus UTC. */
export const TIME_ZONES = new Set<string>(['UTC', ...Intl.supportedValuesOf('timeZone')]);
