import pg from 'pg';
import type { SiteRuntime } from '../../infra/site.js';
import { LIVE_CHANNEL } from '../../db/migrations/0019-live-events.js';
import { liveEventsRepository, type LiveEventRow } from './live-events.repository.js';

/** One open stream, as the hub sees it: whose it is, which question page, where events go. */
export interface LiveSubscriber {
  readonly userId: string;
  readonly questionId: string;
  deliver(event: LiveEventRow): void;
  /**
   * For a reader who works review queues: sends the red dots again if they changed. The queues
   * have no events of their own; any change to the site (the content generation) may move them.
   */
  refreshStatus?(): void;
  /** Ends the stream (the process is closing). */
  end(): void;
}

/** Reviewers' red dots are looked at again at most this often, however busy the site. */
const REVIEW_REFRESH_MS = 1000;

/** Events read per query when the hub catches up (it reads on until it has them all). */
const READ_BATCH = 500;
/** The pause before the LISTEN connection is opened again after it broke. */
const RELISTEN_MS = 1000;

/**
 * The live events of this process: one reader of `live_events` for all open streams. Woken
 * when something may have been written (PostgreSQL: LISTEN on one connection per process, woken
 * by the table's trigger on commit; SQLite: after this process's writes, by its workers' relay
 * and by the content generation poll for other processes), it reads the events after the last
 * one it handed out, in id order, and gives each to the streams it concerns (its receiver's,
 * or the pages of its question). Streams decide per reader what they may see.
 */
export class LiveHub {
  private readonly byUser = new Map<string, Set<LiveSubscriber>>();
  private readonly byQuestion = new Map<string, Set<LiveSubscriber>>();
  private subscribers = 0;
  /** Streams accepted but not joined yet (they join after their first reads), by member. */
  private readonly opening = new Map<string, number>();
  private openingTotal = 0;
  /** The last event handed out; undefined while nobody listens (nothing is read then). */
  private cursor: string | undefined;
  private starting: Promise<string> | undefined;
  private reading = false;
  private readAgain = false;
  private listener: pg.Client | undefined;
  private relisten: NodeJS.Timeout | undefined;
  private closed = false;
  private reviewRefresh: NodeJS.Timeout | undefined;

  constructor(
    private readonly site: SiteRuntime,
    private readonly onError: (error: unknown) => void,
  ) {}

  get size(): number {
    return this.subscribers;
  }

  /** Streams of one member in this process. */
  countOf(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** What the limits count: streams joined and streams still opening, in all or of one member. */
  heldStreams(userId?: string): number {
    if (userId === undefined) return this.subscribers + this.openingTotal;
    return this.countOf(userId) + (this.opening.get(userId) ?? 0);
  }

  /**
   * Counts a stream from the moment it is accepted, before it joins: otherwise streams opened
   * at once would all pass the limits while none has joined yet. Answers the release, to call
   * once it has joined or ended (again is harmless).
   */
  reserve(userId: string): () => void {
    this.opening.set(userId, (this.opening.get(userId) ?? 0) + 1);
    this.openingTotal += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const left = (this.opening.get(userId) ?? 1) - 1;
      if (left > 0) this.opening.set(userId, left);
      else this.opening.delete(userId);
      this.openingTotal -= 1;
    };
  }

  /**
   * Adds a stream; answers the last event id the hub had read when it joined: every later event
   * reaches it through `deliver`, so a stream that replays older ones stops at this id.
   */
  async subscribe(subscriber: LiveSubscriber): Promise<string> {
    const floor = await this.start();
    add(this.byUser, subscriber.userId, subscriber);
    if (subscriber.questionId) add(this.byQuestion, subscriber.questionId, subscriber);
    this.subscribers += 1;
    return this.cursor ?? floor;
  }

  unsubscribe(subscriber: LiveSubscriber): void {
    const had = remove(this.byUser, subscriber.userId, subscriber);
    if (subscriber.questionId) remove(this.byQuestion, subscriber.questionId, subscriber);
    if (had) this.subscribers -= 1;
    // Nobody listens: stop reading, and start again from the newest event when someone does.
    if (this.subscribers === 0) this.cursor = undefined;
  }

  /** Something may have been committed: read what is new, once at a time, again if woken meanwhile. */
  wake(): void {
    if (this.cursor === undefined || this.closed) return;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = true;
    this.readNew()
      .catch(this.onError)
      .finally(() => {
        this.reading = false;
        if (this.readAgain) {
          this.readAgain = false;
          this.wake();
        }
      });
  }

  /**
   * The site changed (here or in another process): the review to-do of the open streams of
   * reviewers may have moved. Coalesced: one look per REVIEW_REFRESH_MS at the most.
   */
  siteChanged(): void {
    if (this.closed || this.reviewRefresh) return;
    this.reviewRefresh = setTimeout(() => {
      this.reviewRefresh = undefined;
      for (const subscribers of this.byUser.values())
        for (const subscriber of subscribers) subscriber.refreshStatus?.();
    }, REVIEW_REFRESH_MS);
    this.reviewRefresh.unref();
  }

  /** Ends every stream (a server closes only once its responses have ended) and the LISTEN connection. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reviewRefresh);
    for (const subscribers of [...this.byUser.values()]) for (const subscriber of [...subscribers]) subscriber.end();
    clearTimeout(this.relisten);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  private async start(): Promise<string> {
    if (this.cursor !== undefined) return this.cursor;
    this.starting ??= (async () => {
      try {
        if (this.site.driver === 'postgres') await this.listen();
        const latest = await liveEventsRepository.latestId(this.site.db);
        this.cursor ??= latest;
        // An event committed while we were starting woke nobody: look once more.
        this.wake();
        return latest;
      } finally {
        this.starting = undefined;
      }
    })();
    return this.starting;
  }

  private async readNew(): Promise<void> {
    for (;;) {
      if (this.cursor === undefined) return;
      const events = await liveEventsRepository.after(this.site.db, this.cursor, READ_BATCH);
      for (const event of events) {
        if (this.cursor === undefined) return;
        this.cursor = event.id;
        const to = event.user_id ? this.byUser.get(event.user_id) : this.byQuestion.get(event.question_id);
        for (const subscriber of to ?? []) subscriber.deliver(event);
      }
      if (events.length < READ_BATCH) return;
    }
  }

  /**
   * One LISTEN connection per process, opened with the first stream and kept; reopened when it
   * breaks. Never throws.
   */
  private async listen(): Promise<void> {
    const config = this.site.siteConfig?.db;
    if (this.listener || this.closed || config?.driver !== 'postgres') return;
    const client = new pg.Client({ connectionString: config.url });
    this.listener = client;
    const broke = (error?: unknown) => {
      if (this.listener !== client) return;
      this.listener = undefined;
      if (error) this.onError(error);
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.relisten = setTimeout(() => {
        // Events committed while the connection was down are read as soon as it is back.
        void this.listen().then(() => this.wake());
      }, RELISTEN_MS);
      this.relisten.unref();
    };
    client.on('notification', () => this.wake());
    client.on('error', broke);
    client.on('end', () => broke());
    try {
      await client.connect();
      await client.query(`listen ${LIVE_CHANNEL}`);
    } catch (error) {
      // Streams still open and replay; live events flow once the connection is back.
      broke(error);
    }
  }
}

function add(index: Map<string, Set<LiveSubscriber>>, key: string, subscriber: LiveSubscriber): void {
  const set = index.get(key) ?? new Set();
  set.add(subscriber);
  index.set(key, set);
}

function remove(index: Map<string, Set<LiveSubscriber>>, key: string, subscriber: LiveSubscriber): boolean {
  const set = index.get(key);
  if (!set?.delete(subscriber)) return false;
  if (set.size === 0) index.delete(key);
  return true;
}
