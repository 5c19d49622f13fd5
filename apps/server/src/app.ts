import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import { REASONS } from '@inquire/shared';
import type { SearchContract } from '@inquire/plugin-sdk';
import type { InstalledPlugin } from './modules/plugins/installed-plugin.js';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { RegisteredRoute } from './types.js';
import { registerContentGeneration } from './infra/content-generation.js';
import { registerCompression } from './infra/compression.js';
import { envelope, errorEnvelope } from './infra/envelope.js';
import { registerRequestContext } from './infra/request-context.js';
import { registerRequestDeadline, REQUEST_DEADLINE_MS } from './infra/request-deadline.js';
import { serializeRequest } from './infra/log-redaction.js';
import { registerSecurityHeaders } from './infra/security-headers.js';
import { fastifyTrustProxy, type TrustProxy } from './config/trust-proxy.js';
import { SiteRuntime } from './infra/site.js';
import { AppError } from './lib/errors.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { connectorsRoutes } from './modules/connectors/connectors.routes.js';
import { adminSettingsRoutes } from './modules/admin/admin-settings.routes.js';
import { adminThemeRoutes } from './modules/admin/admin-theme.routes.js';
import { adminUsersRoutes } from './modules/admin/admin-users.routes.js';
import { adminContentRoutes } from './modules/admin/admin-content.routes.js';
import { adminPluginsRoutes } from './modules/admin/admin-plugins.routes.js';
import { answersRoutes } from './modules/answers/answers.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { sessionRoutes } from './modules/session/session.routes.js';
import { commentsRoutes } from './modules/comments/comments.routes.js';
import { engagementRoutes } from './modules/follows/follows.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { installRoutes } from './modules/install/install.routes.js';
import { languageRoutes } from './modules/language/language.routes.js';
import { smtpRoutes } from './modules/mail/smtp.routes.js';
import { peopleRoutes } from './modules/people/people.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { questionsRoutes } from './modules/questions/questions.routes.js';
import { siteFilesRoutes } from './modules/siteinfo/site-files.routes.js';
import { siteinfoRoutes } from './modules/siteinfo/siteinfo.routes.js';
import { tagsRoutes } from './modules/tags/tags.routes.js';
import { votesRoutes } from './modules/votes/votes.routes.js';
import { registerShortIds } from './infra/short-ids.js';
import { invitesRoutes } from './modules/invites/invites.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { liveRoutes, registerLiveWakeups } from './modules/notifications/live.routes.js';
import { reactionsRoutes } from './modules/reactions/reactions.routes.js';
import { relatedRoutes } from './modules/related/related.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { operationsRoutes } from './modules/operations/operations.routes.js';
import { revisionsRoutes } from './modules/revisions/revisions.routes.js';
import { timelineRoutes } from './modules/timeline/timeline.routes.js';
import { moderationRoutes } from './modules/moderation/moderation.routes.js';
import { createServices } from './services.js';
import type { ReadTable } from './infra/reads.js';
import { pageRoutes, type PageOptions } from './ssr/pages.js';

export interface AppOptions {
  dataDir: string;
  logger?: FastifyServerOptions['logger'];
  /** Server rendering of the web app; tests of the API alone leave it out. */
  pages?: PageOptions | false;
  /** Proxies whose X-Forwarded-For is believed; none unless configured (config/trust-proxy.ts). */
  trustProxy?: TrustProxy;
  /**
   * Limits on content writes (modules/captcha/write-limits.ts); on unless a route test that
   * sets up many posts by one member turns them off. The command line has no such switch.
   */
  writeLimits?: boolean;
  /** How long a request may take before it is answered 503 (tests shorten it). */
  requestDeadlineMs?: number;
  /** Between a live stream's heartbeats, which also re-check its reader (tests shorten it). */
  liveHeartbeatMs?: number;
  /**
   * An installed search plugin: listed among the installed plugins, off until an admin switches
   * it on; while on, searches go to it and post changes are pushed to its index.
   */
  searchPlugin?: InstalledPlugin<SearchContract>;
}

/** The largest JSON or form body any route takes; uploads set their own, larger limit. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Builds the whole application: infrastructure, services, API modules, pages, and the one
 * error handler. `inquire start`, the route tests and the e2e harness all call this.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const deadline = options.requestDeadlineMs ?? REQUEST_DEADLINE_MS;
  const app = Fastify({
    logger: withRedactedRequests(options.logger ?? false),
    genReqId: () => randomUUID(),
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    bodyLimit: BODY_LIMIT_BYTES,
    // Receiving a request (headers and body) may take no longer than answering it.
    requestTimeout: deadline,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });
  // Every route as registered, for the security suite's sweeps (never hand-kept lists).
  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.decorate('reads', new Map() as ReadTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      routeTable.push({ method: String(method), url: route.url, config: route.config ?? {} });
  });
  const site = new SiteRuntime(options.dataDir);
  await site.open();
  app.decorate('site', site);
  app.decorate(
    'services',
    createServices(site, { writeLimits: options.writeLimits ?? true, searchPlugin: options.searchPlugin }),
  );
  // The outbox worker sends queued email; housekeeping drops expired codes, counters and
  // pending connector bindings every ten minutes. Both stop before the database closes.
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    app.services.mail.start(app.log);
    app.services.searchFeed.start(app.log);
    sweeper = setInterval(() => {
      const sweeps = [app.services.accounts.sweep(), app.services.connectors.sweep()];
      Promise.all(sweeps).catch((error: unknown) => app.log.warn({ err: error }, 'housekeeping'));
    }, 10 * 60_000);
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await app.services.mail.stop();
    await app.services.searchFeed.stop();
    await site.close();
  });

  registerContentGeneration(app);
  registerLiveWakeups(app);
  await registerSecurityHeaders(app);
  registerCompression(app);
  await app.register(cookie);
  registerRequestContext(app);
  registerRequestDeadline(app, deadline);
  registerErrorHandling(app);
  registerShortIds(app);

  await app.register(healthRoutes);
  await app.register(installRoutes);
  guardUninstalledApi(app);
  await app.register(siteinfoRoutes);
  await app.register(siteFilesRoutes);
  await app.register(languageRoutes);
  await app.register(authRoutes);
  await app.register(sessionRoutes);
  await app.register(accountsRoutes);
  await app.register(connectorsRoutes);
  await app.register(smtpRoutes);
  await app.register(peopleRoutes);
  await app.register(uploadsRoutes);
  await app.register(questionsRoutes);
  await app.register(answersRoutes);
  await app.register(votesRoutes);
  await app.register(engagementRoutes);
  await app.register(commentsRoutes);
  await app.register(reactionsRoutes);
  await app.register(invitesRoutes);
  await app.register(notificationsRoutes);
  await app.register(liveRoutes, { heartbeatMs: options.liveHeartbeatMs });
  await app.register(relatedRoutes);
  await app.register(searchRoutes);
  await app.register(tagsRoutes);
  await app.register(revisionsRoutes);
  await app.register(operationsRoutes);
  await app.register(timelineRoutes);
  await app.register(moderationRoutes);
  await app.register(adminThemeRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(adminUsersRoutes);
  await app.register(adminContentRoutes);
  await app.register(adminPluginsRoutes);
  if (options.pages !== false) await app.register(pageRoutes, options.pages ?? {});
  return app;
}

/** What the install wizard's page itself needs before there is a site: defaults and no user. */
const OPEN_BEFORE_INSTALL = [
  '/answer/installation/',
  '/answer/api/v1/language/',
  '/answer/api/v1/siteinfo',
  '/answer/api/v1/user/info',
];

/** Before installation the rest of the public and admin APIs answer 503 install.not_installed. */
function guardUninstalledApi(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/answer/')) return;
    if (OPEN_BEFORE_INSTALL.some((open) => path === open || (open.endsWith('/') && path.startsWith(open)))) return;
    if (!(await app.site.isInstalled())) throw new AppError(503, REASONS.notInstalled);
  });
}

/** Request log lines never carry email codes or tokens from the query string. */
function withRedactedRequests(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return { ...base, serializers: { ...base.serializers, req: serializeRequest } };
}

function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => reply.code(404).send(envelope(request.lang, 404, REASONS.notFound, null)));
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.code).send(errorEnvelope(request.lang, error));
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, body too large, unsupported media type.
      const reason =
        status === 429
          ? REASONS.tooManyRequests
          : status === 413
            ? REASONS.payloadTooLarge
            : REASONS.requestFormatError;
      return reply.code(status).send(envelope(request.lang, status, reason, null));
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.code(500).send(envelope(request.lang, 500, REASONS.unknown, { request_id: request.id }));
  });
}
