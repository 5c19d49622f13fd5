import type { Language } from '@inquire/shared';
import type { ReadTable } from './infra/reads.js';
import type { SiteRuntime } from './infra/site.js';
import type { Actor } from './modules/auth/auth.service.js';
import type { Services } from './services.js';

/** One method and path as registered, with its route config. */
export interface RegisteredRoute {
  method: string;
  url: string;
  config: { changesState?: boolean; eventStream?: boolean; oauthCallback?: boolean };
}

declare module 'fastify' {
  interface FastifyInstance {
    site: SiteRuntime;
    services: Services;
    routeTable: readonly RegisteredRoute[];
    /** The GET reads by path, for the server render to call in-process. */
    reads: ReadTable;
  }
  interface FastifyContextConfig {
    /**
     * A GET that changes state (only `user/logout`, whose method the peer's clients fix):
     * the session cookie does not authenticate it, only the Authorization header.
     */
    changesState?: boolean;
    /**
     * A text/event-stream that stays open until the client leaves (`notification/stream`):
     * sweeps that call every route in-process, waiting for the end of each answer, skip it.
     */
    eventStream?: boolean;
    /**
     * The OAuth callback (`connector/redirect/:name`): a GET that writes because the protocol
     * sends the browser back with one, and only once its state cookie matched. It reads the
     * session cookie (a member linking a provider arrives by top-level navigation).
     */
    oauthCallback?: boolean;
  }
  interface FastifyRequest {
    /** Language for `msg` texts: an explicit switch, else the account's, else Accept-Language. */
    lang: Language;
    /** The caller, when a live session token came with the request. */
    actor: Actor | null;
    /** The raw token the caller presented, kept for logout. */
    token: string | null;
  }
}
