import type { ConnectorUser } from '@inquire/plugin-sdk';
import {
  ACCOUNT_REASONS,
  CONNECTOR_REASONS,
  USER_STATUS,
  type ConnectorBindingEmailInput,
  type ConnectorInfoItem,
  type ConnectorUnbindingInput,
  type ConnectorUserInfoItem,
  type SiteSettings,
} from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import type { SiteRuntime } from '../../infra/site.js';
import { hashToken, newToken } from '../../infra/tokens.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { takenUserColumn } from '../accounts/accounts.repository.js';
import {
  emailDomainAllowed,
  EMAIL_CODE_TTL_SECONDS,
  type AccountsService,
  type Caller,
} from '../accounts/accounts.service.js';
import { isActive } from '../auth/actor.js';
import type { Actor, AuthService } from '../auth/auth.service.js';
import type { RateLimiter } from '../captcha/rate-limit.js';
import type { PluginsService } from '../plugins/plugins.service.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { usersRepository, type UserRow } from '../users/users.repository.js';
import { CONNECTOR_BASIC_SLUG, connectorBasic } from './connector-basic.js';
import { metaOf, newMemberNames, providerEmail, registrationOpen } from './connector-members.js';
import { connectorsRepository, isExternalIdTaken, type ExternalLoginRow } from './connectors.repository.js';
import {
  presentConnector,
  presentUserConnector,
  redirectUri,
  type ActiveConnector,
  type CallbackOutcome,
} from './connectors.presenter.js';
import type { FlowPurpose, FlowState } from './state-cookie.js';

/** A binding waits for its email address as long as an emailed code lives. */
const BINDING_TTL_SECONDS = EMAIL_CODE_TTL_SECONDS;

const failed = (error: 'login_failed' | 'email_permission' | 'email_exists', cause?: unknown): CallbackOutcome => ({
  kind: 'failed',
  error,
  cause,
});

const bindingExpired = () => AppError.fields([{ field: 'binding_key', key: 'form.binding_key.expired' }]);

/** S8-054/S8-055: the address has an account; `email_exists` lets the page offer to connect to it. */
const emailExists = () =>
  AppError.fields(
    [{ field: 'email', key: CONNECTOR_REASONS.emailExists, extra: { email_exists: true } }],
    CONNECTOR_REASONS.emailExists,
  );

/**
 * External sign-in through connector plugins (S7-160..S7-162): the buttons, the OAuth
 * callback's outcome, the email step for a login that came without an address, and a member's
 * own logins. Members are created through AccountsService (username, activation, mail), sessions
 * through AuthService.
 */
export class ConnectorsService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
    private readonly auth: AuthService,
    private readonly accounts: AccountsService,
    private readonly plugins: PluginsService,
    private readonly limits: RateLimiter,
  ) {}

  /** The connectors that are switched on and configured (only the built-in one for now). */
  async active(): Promise<ActiveConnector[]> {
    if (!(await this.plugins.enabled(CONNECTOR_BASIC_SLUG))) return [];
    const contract = connectorBasic(await this.plugins.settings(CONNECTOR_BASIC_SLUG));
    return contract ? [{ slug: CONNECTOR_BASIC_SLUG, contract }] : [];
  }

  private async find(slug: string): Promise<ActiveConnector | undefined> {
    return (await this.active()).find((connector) => connector.slug === slug);
  }

  /** `GET connector/info` (S7-160, S3-038). */
  async info(): Promise<ConnectorInfoItem[]> {
    const { general } = await this.siteinfo.settings();
    return (await this.active()).map((connector) => presentConnector(connector, general.site_url));
  }

  /** `GET connector/user/info`: every connector, and whether this member is bound to it. */
  async userInfo(actor: Actor): Promise<ConnectorUserInfoItem[]> {
    const { general } = await this.siteinfo.settings();
    const logins = await connectorsRepository.loginsOf(this.site.db, actor.user.id);
    return (await this.active()).map((connector) =>
      presentUserConnector(connector, general.site_url, logins.find((l) => l.provider === connector.slug)?.external_id),
    );
  }

  /** `GET connector/login/:name`: the provider's authorize address for this flow; 404 unless active. */
  async startUrl(slug: string, flow: FlowState): Promise<string> {
    const connector = await this.find(slug);
    if (!connector) throw AppError.notFound(CONNECTOR_REASONS.notFound);
    const { general } = await this.siteinfo.settings();
    return await connector.contract.startUrl({ redirectUri: redirectUri(general.site_url, slug), state: flow.state });
  }

  /**
   * `GET connector/redirect/:name`, after the route matched the state cookie (`flow`, null when
   * it did not): nothing is written before that match. Then the provider's answer, a bind for a
   * member who started signed in, else a known login, a new member, or a binding waiting for
   * an email address.
   */
  async callback(
    slug: string,
    query: Record<string, string>,
    flow: FlowState | null,
    actor: Actor | null,
    caller: Caller,
  ): Promise<CallbackOutcome> {
    if (!flow) return failed('login_failed');
    if (query.error) return failed(query.error === 'access_denied' ? 'email_permission' : 'login_failed');
    const connector = await this.find(slug);
    if (!connector) return failed('login_failed');
    try {
      await this.limits.consume('connectorCallbackPerIp', caller.ip);
    } catch (error) {
      return failed('login_failed', error);
    }
    let user: ConnectorUser;
    try {
      const { general } = await this.siteinfo.settings();
      user = await connector.contract.callback({ query, redirectUri: redirectUri(general.site_url, slug) });
    } catch (error) {
      return failed('login_failed', error);
    }
    if (!user.external_id) return failed('login_failed');
    if (purposeOf(flow, actor) === 'bind' && actor) return await this.bindToMember(actor, slug, user);
    const known = await connectorsRepository.findLogin(this.site.db, slug, user.external_id);
    if (known) return await this.signInKnown(known, user, caller);
    const email = providerEmail(user);
    if (!email) return await this.awaitEmail(slug, user);
    return await this.signUp(slug, user, email, caller);
  }

  /**
   * Links the external login to the signed-in member; refused when it is another member's, or
   * the member already has one of this provider.
   */
  private async bindToMember(actor: Actor, slug: string, user: ConnectorUser): Promise<CallbackOutcome> {
    if (!isActive(actor)) return failed('login_failed');
    const mine = await connectorsRepository.loginsOf(this.site.db, actor.user.id);
    if (mine.some((l) => l.provider === slug && l.external_id === user.external_id)) return { kind: 'bound' };
    if (mine.some((l) => l.provider === slug)) return failed('login_failed');
    try {
      await connectorsRepository.insertLogin(this.site.db, {
        user_id: actor.user.id,
        provider: slug,
        external_id: user.external_id,
        meta_info: metaOf(user),
        created_at: nowSeconds(),
      });
    } catch (error) {
      // Bound to another member (now or by a racing callback).
      if (isExternalIdTaken(error)) return failed('login_failed');
      throw error;
    }
    return { kind: 'bound' };
  }

  private async signInKnown(login: ExternalLoginRow, user: ConnectorUser, caller: Caller): Promise<CallbackOutcome> {
    const member = await usersRepository.findById(this.site.db, login.user_id);
    if (!member || member.status === USER_STATUS.deleted) return failed('login_failed');
    await connectorsRepository.updateMeta(this.site.db, login, metaOf(user));
    return { kind: 'signed_in', token: await this.openSession(member.id, caller) };
  }

  /** A binding row and its key: the confirm-email page asks for the address. */
  private async awaitEmail(slug: string, user: ConnectorUser): Promise<CallbackOutcome> {
    const key = newToken();
    const now = nowSeconds();
    await connectorsRepository.insertBinding(this.site.db, {
      key_hash: hashToken(key),
      provider: slug,
      external_id: user.external_id,
      display_name: user.display_name.slice(0, 256),
      username: (user.username ?? '').slice(0, 256),
      email: '',
      avatar: (user.avatar ?? '').slice(0, 1024),
      created_at: now,
      expires_at: now + BINDING_TTL_SECONDS,
    });
    return { kind: 'needs_email', bindingKey: key };
  }

  /**
   * A new, activated member for an address the provider vouches for. An address that has an
   * account is refused, never linked: that the provider says so is no proof to this site
   * (ASVS 6.8.1); the owner signs in and links the provider from settings.
   */
  private async signUp(slug: string, user: ConnectorUser, email: string, caller: Caller): Promise<CallbackOutcome> {
    if (await usersRepository.findByEmail(this.site.db, email)) return failed('email_exists');
    const settings = await this.siteinfo.settings();
    if (!registrationOpen(settings, email)) return failed('login_failed');
    let userId: string;
    try {
      userId = await this.accounts.createMember(
        settings,
        { ...newMemberNames(user, email), email, pass: '', activated: true, lang: caller.lang },
        (trx, id) => this.insertLogin(trx, id, slug, user),
      );
    } catch (error) {
      if (takenUserColumn(error) === 'e_mail') return failed('email_exists');
      if (isExternalIdTaken(error)) return failed('login_failed');
      throw error;
    }
    return { kind: 'signed_in', token: await this.openSession(userId, caller) };
  }

  /**
   * `POST connector/binding/email` (S7-161). The key is checked first: without a live binding
   * nothing tells whether an address has an account. An address with an account answers
   * "Email already exists" until the member asks (`must`) to connect to it: then its owner is
   * mailed a link that connects and signs in. A free address becomes a new member, bound, with
   * the usual activation email.
   */
  async bindByEmail(input: ConnectorBindingEmailInput, caller: Caller): Promise<'owner_mailed' | 'member_created'> {
    await this.limits.consume('connectorBindingPerIp', caller.ip);
    const keyHash = hashToken(input.binding_key);
    const binding = await connectorsRepository.findBinding(this.site.db, keyHash, nowSeconds());
    const connector = binding && (await this.find(binding.provider));
    if (!binding || !connector) throw bindingExpired();
    const email = input.email.toLowerCase();
    const settings = await this.siteinfo.settings();
    const owner = await usersRepository.findByEmail(this.site.db, email);
    if (owner && owner.status !== USER_STATUS.deleted) {
      if (!input.must) throw emailExists();
      await this.mailOwner(settings, owner, keyHash, connector.contract.button.name, caller);
      return 'owner_mailed';
    }
    if (!settings.login.allow_new_registrations) throw AppError.display(ACCOUNT_REASONS.registrationClosed, 'toast');
    if (!emailDomainAllowed(email, settings.login.allow_email_domains)) {
      throw AppError.fields([{ field: 'email', key: 'form.email.domain_not_allowed' }]);
    }
    const user = {
      external_id: binding.external_id,
      display_name: binding.display_name,
      username: binding.username,
      avatar: binding.avatar,
    };
    try {
      await this.accounts.createMember(
        settings,
        { ...newMemberNames(user, email), email, pass: '', activated: false, lang: caller.lang },
        async (trx, id) => {
          if (!(await connectorsRepository.takeBinding(trx, keyHash))) throw bindingExpired();
          await this.insertLogin(trx, id, binding.provider, user);
        },
      );
    } catch (error) {
      if (takenUserColumn(error) === 'e_mail') throw emailExists();
      if (isExternalIdTaken(error)) throw bindingExpired();
      throw error;
    }
    return 'member_created';
  }

  /** The "connect this login to your account" link, to the owner's address (10 minutes, latest only). */
  private async mailOwner(
    settings: SiteSettings,
    owner: UserRow,
    keyHash: string,
    provider: string,
    caller: Caller,
  ): Promise<void> {
    await this.limits.consume('emailPerAccount', `bind:${owner.id}`);
    const lang = this.accounts.mailLanguage(owner, caller.lang);
    await this.site.db.transaction().execute(async (trx) => {
      await connectorsRepository.extendBinding(trx, keyHash, nowSeconds() + BINDING_TTL_SECONDS);
      await this.accounts.sendCode(trx, settings, lang, owner, owner.e_mail, 'bind_external', keyHash, { provider });
    });
  }

  /**
   * The `bind_external` code followed (inside the activation's transaction): the binding it
   * names becomes a login of the code's account, once. Two proofs: the code went to that
   * account's address (its owner followed it), and `proof`, the binding key the asking browser
   * was given as a cookie, shows the link is opened where the external sign-in began. Without
   * the second, anyone could start a sign-in with their own provider account, ask to connect
   * it to a stranger's address, and own that account once the stranger clicked the link (the
   * peer's flaw). Refused, nothing is used up: the right browser can still follow it.
   */
  async followBindingLink(
    trx: Db,
    used: { user_id: string; content: string },
    now: number,
    proof: string | undefined,
  ): Promise<void> {
    if (proof === undefined || hashToken(proof) !== used.content) {
      throw AppError.forbidden(CONNECTOR_REASONS.bindingOtherBrowser);
    }
    const binding = await connectorsRepository.findBinding(trx, used.content, now);
    if (!binding || !(await connectorsRepository.takeBinding(trx, used.content))) {
      throw AppError.forbidden(ACCOUNT_REASONS.urlExpired, 'url_expired');
    }
    const existing = await connectorsRepository.findLogin(trx, binding.provider, binding.external_id);
    if (existing?.user_id === used.user_id) return;
    if (existing) throw AppError.forbidden(ACCOUNT_REASONS.urlExpired, 'url_expired');
    await this.insertLogin(trx, used.user_id, binding.provider, binding);
  }

  /**
   * `DELETE connector/user/unbinding` (S7-162). An account without a password keeps its last
   * login: without it nobody could sign in to the account (a password reset by email still
   * could, but that is not what the member asked for). The member's row is locked first: two
   * unlinks at once would otherwise each see the other's login still there.
   */
  async unbind(actor: Actor, input: ConnectorUnbindingInput): Promise<void> {
    await this.limits.consume('connectorUnbindPerAccount', actor.user.id);
    await this.site.db.transaction().execute(async (trx) => {
      const password = await usersRepository.lockedPassword(trx, actor.user.id);
      const logins = await connectorsRepository.loginsOf(trx, actor.user.id);
      const removing = logins.filter((l) => l.external_id === input.external_id);
      if (removing.length === 0) throw AppError.notFound(CONNECTOR_REASONS.loginNotFound);
      if (!password && removing.length === logins.length) {
        throw AppError.badRequest(CONNECTOR_REASONS.unbindingLastLogin);
      }
      await connectorsRepository.deleteLogin(trx, actor.user.id, input.external_id);
    });
  }

  /** Housekeeping: bindings whose time ran out. */
  async sweep(): Promise<void> {
    if (!this.site.hasDatabase) return;
    await connectorsRepository.sweepBindings(this.site.db, nowSeconds());
  }

  private async insertLogin(
    trx: Db,
    userId: string,
    provider: string,
    user: Pick<ConnectorUser, 'external_id' | 'display_name' | 'username' | 'email' | 'avatar'>,
  ): Promise<void> {
    await connectorsRepository.insertLogin(trx, {
      user_id: userId,
      provider,
      external_id: user.external_id,
      meta_info: metaOf(user),
      created_at: nowSeconds(),
    });
  }

  private async openSession(userId: string, caller: Caller): Promise<string> {
    const now = nowSeconds();
    const token = await this.auth.openSession(userId, caller, now);
    await usersRepository.touchLogin(this.site.db, userId, now);
    return token;
  }
}

/** A flow started signed in links the account, if the member is still signed in at the callback. */
const purposeOf = (flow: FlowState, actor: Actor | null): FlowPurpose =>
  flow.purpose === 'bind' && actor ? 'bind' : 'login';
