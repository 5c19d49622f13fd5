import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contentGenerationRepository } from './content-generation.repository.js';
import type { SiteRuntime } from './site.js';

/** How often each process looks whether another process changed the site. */
export const GENERATION_POLL_MS = 250;

declare module 'fastify' {
  interface FastifyInstance {
    /** The site-wide content generation: what drops the per-process caches (guest pages, settings). */
    contentGeneration: ContentGeneration;
  }
  interface FastifyContextConfig {
    /**
     * A write that changes nothing any page shows (the editor's preview, called on every pause
     * in typing): it does not clear every process's page cache.
     */
    keepsPages?: boolean;
  }
}

/**
 * The site's content generation as this process knows it. Every write that changes what a
 * page shows moves it forward in the database (`bump`); each process polls it and, when it
 * moved, tells its listeners to drop what they cached. The process that wrote drops its own
 * caches at once, before the writer gets its answer.
 */
export class ContentGeneration {
  private known = -1;
  private readonly listeners = new Set<() => void>();
  private timer: NodeJS.Timeout | undefined;
  private polling = false;

  constructor(
    private readonly site: SiteRuntime,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Called whenever the site may have changed (here or in another process). */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  /**
   * Records a change: drops this process's caches, moves the shared number forward, and drops
   * them again once it moved, because a render that started before another process's write
   * could otherwise be stored after our first drop and never be noticed (we skip its number).
   */
  async bump(): Promise<void> {
    this.notify();
    if (!this.site.hasDatabase) return;
    try {
      this.seen(await contentGenerationRepository.bump(this.site.db));
    } catch (error) {
      this.onError(error);
    }
    this.notify();
  }

  /** Reads the shared number once; a number beyond the last one seen drops the caches. */
  async poll(): Promise<void> {
    if (!this.site.hasDatabase) return;
    const value = await contentGenerationRepository.read(this.site.db);
    if (this.seen(value)) this.notify();
  }

  /** Polls every `intervalMs` until `stop` (never keeping the process alive by itself). */
  start(intervalMs = GENERATION_POLL_MS): void {
    if (this.polling) return;
    this.polling = true;
    // A database that is down fails every poll: say so once, and again after it recovered.
    let failing = false;
    const tick = () => {
      this.poll()
        .then(
          () => (failing = false),
          (error: unknown) => {
            if (!failing) this.onError(error);
            failing = true;
          },
        )
        .finally(() => {
          if (!this.polling) return;
          this.timer = setTimeout(tick, intervalMs);
          this.timer.unref();
        });
    };
    tick();
  }

  stop(): void {
    this.polling = false;
    clearTimeout(this.timer);
  }

  /** True when `value` is news; reads that overtook a newer bump are ignored. */
  private seen(value: number): boolean {
    if (value <= this.known) return false;
    const first = this.known < 0;
    this.known = value;
    return !first;
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

/**
 * Whether a request may have changed what pages show: every method but GET, HEAD and OPTIONS,
 * and the GETs that say they change state (`user/logout`), unless the route says it keeps
 * pages as they are.
 */
export function changesState(request: FastifyRequest): boolean {
  const { config } = request.routeOptions;
  if (config.keepsPages === true) return false;
  const safe = request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS';
  return !safe || config.changesState === true;
}

/**
 * Decorates the app with its content generation: every state-changing request that succeeded
 * (2xx) bumps it before its answer leaves, the site settings, related-question, window-list
 * and search caches follow it, and the poll runs while the app is up.
 */
export function registerContentGeneration(app: FastifyInstance): void {
  const generation = new ContentGeneration(app.site, (error) => app.log.warn({ err: error }, 'content generation'));
  app.decorate('contentGeneration', generation);
  generation.onChange(() => app.services.siteinfo.invalidate());
  generation.onChange(() => app.services.related.forget());
  generation.onChange(() => app.services.questions.forget());
  generation.onChange(() => app.services.search.forget());
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 200 && reply.statusCode < 300 && changesState(request)) await generation.bump();
    return payload;
  });
  app.addHook('onReady', async () => generation.start());
  app.addHook('onClose', async () => generation.stop());
}
