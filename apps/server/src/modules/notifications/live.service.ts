import {
  USER_STATUS,
  type Language,
  type LiveStreamEventName,
  type LiveStreamEvents,
  type NotificationStatus,
} from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { isActivated, isSuspended } from '../auth/actor.js';
import type { Actor } from '../auth/auth.service.js';
import { sessionsRepository } from '../auth/sessions.repository.js';
import { commentsRepository } from '../posts/comments.repository.js';
import { loadLivePost } from '../posts/visibility.js';
import { AppError } from '../../lib/errors.js';
import { reviewQueues } from '../moderation/review-queues.js';
import { LiveHub } from './live-hub.js';
import { liveEventsRepository, type LiveEventRow } from './live-events.repository.js';
import { usersRepository } from '../users/users.repository.js';
import type { NotificationsService } from './notifications.service.js';

/** One server-sent event for one reader. */
export type LiveMessage = {
  [K in LiveStreamEventName]: { event: K; data: LiveStreamEvents[K] };
}[LiveStreamEventName];

/** How long events are kept for reconnecting tabs. */
const KEEP_SECONDS = 24 * 60 * 60;
/** Missed events read per query when a stream resumes. */
const REPLAY_BATCH = 200;

/**
 * The live stream's use cases: what an event tells one reader (decided when it is sent, with
 * the post core's visibility rule, so a post held, deleted or hidden since it was written is
 * told to nobody who may not see it), what a resuming reader missed, and housekeeping. The
 * process's one hub (live-hub.ts) reads the events and fans them out to the open streams.
 */
export class LiveService {
  readonly hub: LiveHub;
  private log: (error: unknown) => void = () => undefined;

  constructor(
    private readonly site: SiteRuntime,
    private readonly notifications: NotificationsService,
  ) {
    this.hub = new LiveHub(site, (error) => this.log(error));
  }

  /** Where the hub reports a failed read or a broken LISTEN connection. */
  reportErrorsTo(log: (error: unknown) => void): void {
    this.log = log;
  }

  status(actor: Actor): Promise<NotificationStatus> {
    return this.notifications.status(actor);
  }

  /**
   * Whether the stream's reader may still hold it: the session neither signed out nor expired,
   * the member not deleted, deactivated or suspended since, and their role the same (what they
   * may be told follows it; a reconnect starts from the new one). The same conditions as
   * `requireActive` on the stream's route, read again.
   */
  async stillHeld(actor: Actor): Promise<boolean> {
    const db = this.site.db;
    const [session, user] = await Promise.all([
      sessionsRepository.findLive(db, actor.tokenHash, nowSeconds()),
      usersRepository.findById(db, actor.user.id),
    ]);
    if (!session || !user || user.status === USER_STATUS.deleted || user.role_id !== actor.user.role_id) return false;
    const now = { ...actor, user };
    return isActivated(now) && !isSuspended(now);
  }

  /** Whether the reader works any review queue (so their to-do count can move without an event of theirs). */
  async reviews(actor: Actor): Promise<boolean> {
    return (await reviewQueues(this.site.db, actor)).length > 0;
  }

  /** The message an event makes for this reader, or null when it is not theirs to see. */
  async messageFor(actor: Actor, lang: Language, event: LiveEventRow): Promise<LiveMessage | null> {
    if (event.kind === 'notification') {
      if (event.user_id !== actor.user.id) return null;
      const [item, status] = await Promise.all([
        this.notifications.item(actor, event.object_id, lang),
        this.notifications.status(actor),
      ]);
      return { event: 'notification', data: { status, item } };
    }
    if (event.kind === 'answer') {
      const answer = await this.visiblePost(event.object_id, actor);
      if (!answer || answer.authorId === actor.user.id) return null;
      return { event: 'answer', data: { question_id: answer.questionId, answer_id: answer.id } };
    }
    // Only a published comment (not held, not deleted) on a post the reader may see.
    const comment = await commentsRepository.findLive(this.site.db, event.object_id);
    if (!comment || comment.user_id === actor.user.id) return null;
    const post = await this.visiblePost(comment.object_id, actor);
    if (!post) return null;
    return {
      event: 'comment',
      data: { question_id: post.questionId, object_id: comment.object_id, comment_id: comment.id },
    };
  }

  /** A page of the events a resuming reader missed after `afterId`, oldest first. */
  missed(actor: Actor, questionId: string, afterId: string): Promise<LiveEventRow[]> {
    return liveEventsRepository.missedBy(this.site.db, actor.user.id, questionId, afterId, REPLAY_BATCH);
  }

  get replayBatch(): number {
    return REPLAY_BATCH;
  }

  async sweep(): Promise<void> {
    if (!this.site.hasDatabase) return;
    await liveEventsRepository.sweep(this.site.db, nowSeconds() - KEEP_SECONDS);
  }

  /** The question or answer as the reader may see it now (not deleted, not held from them), or null. */
  private async visiblePost(id: string, actor: Actor) {
    try {
      return await loadLivePost(this.site.db, id, actor);
    } catch (error) {
      if (error instanceof AppError && error.code === 404) return null;
      throw error;
    }
  }
}
