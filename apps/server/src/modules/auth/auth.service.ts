import {
  privilegeThresholds,
  REASONS,
  TIMING,
  USER_STATUS,
  type LoginInput,
  type LoginResult,
  type Privilege,
} from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import { verifyPassword } from '../../infra/passwords.js';
import { hashToken, newToken } from '../../infra/tokens.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { presentUser } from '../users/users.presenter.js';
import { usersRepository, type UserRow } from '../users/users.repository.js';
import { sessionsRepository } from './sessions.repository.js';

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

/** Who is calling: the user row behind a live session, and that session's token hash. */
export interface Actor {
  user: UserRow;
  tokenHash: string;
  /**
   * The site's privilege thresholds when the request began (the admin's privilege level); an
   * actor built outside a request (a notification's receiver) goes by level 2's.
   */
  thresholds?: Record<Privilege, number>;
}

export class AuthService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
  ) {}

  /** Email and password sign-in (peer facts 8.4). Wrong email and wrong password look alike. */
  async loginWithEmail(input: LoginInput, client: ClientMeta): Promise<LoginResult> {
    const settings = await this.siteinfo.settings();
    if (!settings.login.allow_password_login) {
      throw AppError.display(REASONS.passwordLoginDisabled, 'toast');
    }
    const user = await usersRepository.findByEmail(this.site.db, input.e_mail);
    const live = user && user.status !== USER_STATUS.deleted ? user : undefined;
    const matches = await verifyPassword(live?.pass || undefined, input.pass);
    if (!live || !matches) {
      throw AppError.fields(
        [{ field: 'e_mail', key: REASONS.emailOrPasswordIncorrect }],
        REASONS.emailOrPasswordIncorrect,
      );
    }
    // Unlike the peer, a suspended member may sign in: they can still read, the app shows them
    // the suspended page with its end date, and every write answers 403 suspended.
    const now = nowSeconds();
    const token = await this.openSession(live.id, client, now);
    await usersRepository.touchLogin(this.site.db, live.id, now);
    const fresh = { ...live, last_login_date: now };
    return { ...presentUser(fresh, settings.site_users, now), access_token: token };
  }

  async openSession(userId: string, client: ClientMeta, now = nowSeconds()): Promise<string> {
    const token = newToken();
    await sessionsRepository.insert(this.site.db, {
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      expires_at: now + TIMING.tokenTtlSeconds,
      ip: client.ip,
      user_agent: client.userAgent.slice(0, 512),
    });
    return token;
  }

  async logout(token: string | null): Promise<void> {
    if (!token || !this.site.hasDatabase) return;
    await sessionsRepository.delete(this.site.db, hashToken(token));
  }

  /** Resolves a bearer token to its actor; deleted users and expired sessions resolve to null. */
  async resolve(token: string | null): Promise<Actor | null> {
    if (!token || !this.site.hasDatabase) return null;
    const tokenHash = hashToken(token);
    const user = await sessionsRepository.liveSessionUser(this.site.db, tokenHash, nowSeconds());
    if (!user || user.status === USER_STATUS.deleted) return null;
    const { privileges } = await this.siteinfo.settings();
    return { user, tokenHash, thresholds: privilegeThresholds(privileges) };
  }
}
