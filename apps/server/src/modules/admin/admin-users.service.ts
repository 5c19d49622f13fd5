import {
  ADMIN_USER_REASONS,
  MAIL_STATUS,
  REASONS,
  SUSPENDED_FOREVER_UNTIL,
  USER_STATUS,
  type AdminUserItem,
  type AdminUserPasswordInput,
  type AdminUserProfileInput,
  type AdminUserRoleInput,
  type AdminUsersQuery,
  type AdminUserStatusInput,
  type AdminBulkUsersInput,
  type Language,
  type Paged,
  parseBulkUsers,
  type SuspendDuration,
} from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { hashPassword } from '../../infra/passwords.js';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError, type FieldIssue } from '../../lib/errors.js';
import { accountsRepository, takenUserColumn } from '../accounts/accounts.repository.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { Actor } from '../auth/auth.service.js';
import { sessionsRepository } from '../auth/sessions.repository.js';
import { countersRepository } from '../captcha/counters.repository.js';
import { postDeletion } from '../operations/post-deletion.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { usersRepository, type UserRow } from '../users/users.repository.js';
import { connectorsRepository } from '../connectors/connectors.repository.js';
import { adminUsersRepository } from './admin-users.repository.js';
import { presentAdminUser } from './admin-users.presenter.js';

/** Admin user actions per admin: plenty for a person at a dialog, not for a script. */
export const ADMIN_USER_ACTION_LIMIT = { max: 30, window: 60 } as const;

const HOUR = 3600;
const DAY = 24 * HOUR;
/** Months and years counted in days (30 and 365), the same end on every engine and time zone. */
const SUSPEND_SECONDS: Record<Exclude<SuspendDuration, 'forever'>, number> = {
  '24h': DAY,
  '48h': 2 * DAY,
  '72h': 3 * DAY,
  '7d': 7 * DAY,
  '14d': 14 * DAY,
  '1m': 30 * DAY,
  '2m': 60 * DAY,
  '3m': 90 * DAY,
  '6m': 180 * DAY,
  '1y': 365 * DAY,
};

export function suspendedUntil(duration: SuspendDuration, now: number): number {
  return duration === 'forever' ? SUSPENDED_FOREVER_UNTIL : now + SUSPEND_SECONDS[duration];
}

/** The admin's users list and the actions of spec section 4: load → authorize → rules → transaction. */
export class AdminUsersService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
    private readonly accounts: AccountsService,
  ) {}

  async page(query: AdminUsersQuery): Promise<Paged<AdminUserItem>> {
    const now = nowSeconds();
    const { rows, count } = await adminUsersRepository.page(this.site.db, {
      filter: query.filter,
      query: query.query,
      offset: (query.page - 1) * query.page_size,
      limit: query.page_size,
      now,
    });
    const users = (await this.siteinfo.settings()).site_users;
    return { count, list: rows.map((row) => presentAdminUser(row, users, now)) };
  }

  async detail(userId: string): Promise<AdminUserItem> {
    const row = await this.load(userId);
    return presentAdminUser(row, (await this.siteinfo.settings()).site_users, nowSeconds());
  }

  /** Refuses the action past the admin's limit (429), before anything is read or written. */
  async countAction(actor: Actor): Promise<void> {
    const key = `admin:users:u:${actor.user.id}`;
    const count = await countersRepository.hit(this.site.db, key, ADMIN_USER_ACTION_LIMIT.window, nowSeconds());
    if (count > ADMIN_USER_ACTION_LIMIT.max) throw new AppError(429, REASONS.tooManyRequests);
  }

  async changeStatus(actor: Actor, input: AdminUserStatusInput): Promise<AdminUserItem> {
    const target = await this.loadOther(actor, input.user_id);
    const now = nowSeconds();
    await this.site.db.transaction().execute(async (trx) => {
      switch (input.status) {
        case 'suspended':
          await adminUsersRepository.update(trx, target.id, {
            status: USER_STATUS.suspended,
            suspended_at: now,
            suspended_until: suspendedUntil(input.suspend_duration, now),
            suspended_reason: input.suspend_reason,
            updated_at: now,
          });
          break;
        case 'normal':
          // Back to normal also activates the account; a member never activated gets the +1 of activation.
          await adminUsersRepository.update(trx, target.id, {
            ...NOT_SUSPENDED,
            status: USER_STATUS.normal,
            mail_status: MAIL_STATUS.activated,
            rank: target.rank === 0 ? 1 : target.rank,
            updated_at: now,
          });
          break;
        case 'inactive':
          await adminUsersRepository.update(trx, target.id, { mail_status: MAIL_STATUS.inactive, updated_at: now });
          break;
        case 'deleted':
          await this.delete(trx, target, now, input.remove_all_content);
          break;
      }
    });
    return await this.detail(target.id);
  }

  /** Submitting the role the member already has changes nothing, and keeps their sessions. */
  async changeRole(actor: Actor, input: AdminUserRoleInput): Promise<AdminUserItem> {
    const target = await this.loadOther(actor, input.user_id);
    if (target.role_id !== input.role_id) {
      await this.site.db.transaction().execute(async (trx) => {
        await adminUsersRepository.update(trx, target.id, { role_id: input.role_id, updated_at: nowSeconds() });
        // Powers are read from the session's user; ending the sessions makes the change hold at once.
        await sessionsRepository.deleteAllForUser(trx, target.id);
      });
    }
    return await this.detail(target.id);
  }

  async setPassword(actor: Actor, input: AdminUserPasswordInput): Promise<void> {
    const target = await this.loadOther(actor, input.user_id);
    const pass = await hashPassword(input.password);
    await this.site.db.transaction().execute(async (trx) => {
      await adminUsersRepository.update(trx, target.id, { pass, updated_at: nowSeconds() });
      await sessionsRepository.deleteAllForUser(trx, target.id);
    });
  }

  /** Edit profile: names and email must be free; an email set by an admin counts as verified. */
  async editProfile(actor: Actor, input: AdminUserProfileInput): Promise<AdminUserItem> {
    const target = await this.loadOther(actor, input.user_id);
    const issues: FieldIssue[] = [];
    if (await accountsRepository.usernameTaken(this.site.db, input.username, target.id)) {
      issues.push({ field: 'username', key: 'form.username.taken' });
    }
    if (input.email !== target.e_mail && (await accountsRepository.emailTaken(this.site.db, input.email))) {
      issues.push({ field: 'email', key: 'form.e_mail.taken' });
    }
    if (issues.length) throw AppError.fields(issues);
    const values = {
      display_name: input.display_name,
      username: input.username,
      e_mail: input.email,
      mail_status: MAIL_STATUS.activated,
      updated_at: nowSeconds(),
    };
    try {
      await adminUsersRepository.update(this.site.db, target.id, values);
    } catch (error) {
      // Another request took the name or address between the check and the write.
      const column = takenUserColumn(error);
      if (column === 'username') throw AppError.fields([{ field: 'username', key: 'form.username.taken' }]);
      if (column === 'e_mail') throw AppError.fields([{ field: 'email', key: 'form.e_mail.taken' }]);
      throw error;
    }
    return await this.detail(target.id);
  }

  /**
   * Bulk add: the text's first bad line is the answer (its number in the message), checked
   * before anything is written; then every member is created in one transaction.
   */
  async bulkAdd(input: AdminBulkUsersInput): Promise<{ count: number }> {
    const parsed = parseBulkUsers(input.users);
    if ('key' in parsed) throw lineError(parsed.line, parsed.key);
    const taken = new Set(
      await adminUsersRepository.takenEmails(
        this.site.db,
        parsed.users.map((u) => u.email),
      ),
    );
    const index = parsed.users.findIndex((user) => taken.has(user.email));
    if (index >= 0) throw lineError(parsed.lines[index] ?? 1, 'form.users.line_email_taken');
    const members = await hashAll(parsed.users);
    try {
      const ids = await this.accounts.addVerifiedMembers(members);
      return { count: ids.length };
    } catch (error) {
      // An address registered between the check and the write: nothing was added.
      if (takenUserColumn(error) === 'e_mail')
        throw AppError.fields([{ field: 'users', key: 'form.users.email_taken_meanwhile' }]);
      throw error;
    }
  }

  /** `GET user/activation`: a fresh 10-minute activation link, shown to the admin, no mail sent. */
  async activationLink(actor: Actor, userId: string): Promise<{ activation_url: string }> {
    const target = await this.loadOther(actor, userId);
    return { activation_url: await this.accounts.activationLink(target) };
  }

  /** `POST user/activation`: emails the member a fresh activation link (through the outbox). */
  async sendActivation(actor: Actor, userId: string, lang: Language): Promise<void> {
    const target = await this.loadOther(actor, userId);
    await this.accounts.sendActivationFor(target, lang);
  }

  /** Deleted (status 10): the address is freed for a new account, every session ends and every external login goes. */
  private async delete(trx: Db, target: UserRow, now: number, removeContent: boolean) {
    await adminUsersRepository.update(trx, target.id, {
      ...NOT_SUSPENDED,
      status: USER_STATUS.deleted,
      e_mail: `${target.e_mail}.${now}`,
      deleted_at: now,
      updated_at: now,
    });
    await sessionsRepository.deleteAllForUser(trx, target.id);
    // Its external logins go too: the provider's account may sign up afresh (peer facts 8.2).
    await connectorsRepository.deleteAllOf(trx, target.id);
    if (removeContent) await this.removeContent(trx, target.id, now);
  }

  /**
   * "Remove all their content": each post deleted as the delete operation does (counts, tags,
   * vote reputation, search index), then the comments.
   */
  private async removeContent(trx: Db, userId: string, now: number): Promise<void> {
    const { questions, answers } = await adminUsersRepository.livePostsOf(trx, userId);
    for (const answer of answers) await postDeletion.answer(trx, answer, now);
    for (const question of questions) await postDeletion.question(trx, question, now);
    await adminUsersRepository.softDeleteComments(trx, userId, now);
  }

  private async load(userId: string): Promise<UserRow> {
    const row = await usersRepository.findById(this.site.db, userId);
    if (!row) throw AppError.notFound(REASONS.userNotFound);
    return row;
  }

  /** Every action: never on one's own account, never on a deleted one (a toast, as the spec's). */
  private async loadOther(actor: Actor, userId: string): Promise<UserRow> {
    if (userId === actor.user.id) throw AppError.display(ADMIN_USER_REASONS.cannotModifySelf, 'toast');
    const row = await this.load(userId);
    if (row.status === USER_STATUS.deleted) throw AppError.display(ADMIN_USER_REASONS.userDeleted, 'toast');
    return row;
  }
}

/** Hashes run on the thread pool: a few at once use every core, in the users' order. */
const HASHES_AT_ONCE = 4;

async function hashAll(users: { name: string; email: string; password: string }[]) {
  const members: { name: string; email: string; pass: string }[] = [];
  for (let start = 0; start < users.length; start += HASHES_AT_ONCE) {
    const batch = users.slice(start, start + HASHES_AT_ONCE);
    const hashes = await Promise.all(batch.map((user) => hashPassword(user.password)));
    batch.forEach((user, i) => members.push({ name: user.name, email: user.email, pass: hashes[i]! }));
  }
  return members;
}

/** A bulk-add error on the `users` field whose message names the line. */
function lineError(line: number, key: string): AppError {
  return AppError.fields([{ field: 'users', key, vars: { line } }]);
}

const NOT_SUSPENDED = { suspended_at: 0, suspended_until: 0, suspended_reason: '' } as const;
