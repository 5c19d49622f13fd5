import type { Language } from '@inquire/shared';
import type { SiteRuntime } from './infra/site.js';
import type { Actor } from './modules/auth/auth.service.js';
import type { Services } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    site: SiteRuntime;
    services: Services;
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
