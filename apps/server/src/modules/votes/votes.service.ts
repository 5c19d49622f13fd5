import { hasPrivilege, objectTypeOf, REASONS, type Privilege } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { memberOf } from '../auth/actor.js';
import type { Actor } from '../auth/auth.service.js';
import { commentsRepository } from '../posts/comments.repository.js';
import { loadLivePost } from '../posts/visibility.js';
import { reputation, type ReputationKey } from '../reputation/reputation.service.js';
import { votesRepository, type VoteTable } from '../posts/votes.repository.js';
import { notifyInbox, type InboxAction } from '../notifications/notify.js';

export type VoteDirection = 'up' | 'down';

export interface VoteResult {
  up_votes: number;
  down_votes: number;
  votes: number;
  vote_status: 'vote_up' | 'vote_down' | '';
}

interface Target {
  id: string;
  kind: 'question' | 'answer' | 'comment';
  table: VoteTable;
  authorId: string;
  questionId: string;
}

export class VotesService {
  constructor(private readonly site: SiteRuntime) {}

  /**
   * Casts, switches or cancels a vote (peer facts 6.5): load → authorize → one transaction
   * that changes the vote row, the score and the reputation it carries.
   */
  async vote(objectId: string, direction: VoteDirection, cancel: boolean, actor: Actor): Promise<VoteResult> {
    const db = this.site.db;
    const target = await this.load(objectId, actor);
    if (target.authorId === actor.user.id) throw AppError.display(REASONS.voteOwnPost, 'toast');
    // Comments take upvotes only (the peer records a comment downvote as an upvote; we refuse it).
    if (target.kind === 'comment' && direction === 'down') throw AppError.badRequest(REASONS.commentVoteDown);
    const privilege = `${target.kind}.vote_${direction}` as Privilege;
    if (!cancel && !hasPrivilege(memberOf(actor), privilege)) {
      throw AppError.display(REASONS.rankTooLow, 'toast');
    }
    const wanted: 1 | -1 = direction === 'up' ? 1 : -1;
    const now = nowSeconds();
    await db.transaction().execute(async (trx) => {
      if (cancel) {
        await this.retract(trx, target, actor, wanted);
        return;
      }
      await this.retract(trx, target, actor, wanted === 1 ? -1 : 1);
      const inserted = await votesRepository.insert(trx, {
        objectId: target.id,
        userId: actor.user.id,
        objectUserId: target.authorId,
        vote: wanted,
        now,
      });
      if (!inserted) return;
      await votesRepository.bumpScore(trx, target.table, target.id, wanted);
      for (const key of reputationKeys(target, actor, wanted)) await reputation.grant(trx, key);
      await notifyInbox(trx, {
        action: `${direction}_voted_${target.kind}` as InboxAction,
        actorId: actor.user.id,
        receivers: [target.authorId],
        questionId: target.questionId,
        answerId: target.kind === 'answer' ? target.id : undefined,
        commentId: target.kind === 'comment' ? target.id : undefined,
        // A vote taken back and cast again tells the author once (the peer's re-activated row).
        onceKey: `v:${target.id}:${actor.user.id}:${direction}`,
        now,
      });
    });
    return this.result(target.id, actor.user.id);
  }

  private async retract(db: Db, target: Target, actor: Actor, vote: 1 | -1): Promise<void> {
    if (!(await votesRepository.delete(db, target.id, actor.user.id, vote))) return;
    await votesRepository.bumpScore(db, target.table, target.id, -vote);
    for (const key of reputationKeys(target, actor, vote)) await reputation.revoke(db, key);
  }

  private async result(objectId: string, userId: string): Promise<VoteResult> {
    const db = this.site.db;
    const [{ up, down }, mine] = await Promise.all([
      votesRepository.tally(db, objectId),
      votesRepository.find(db, objectId, userId),
    ]);
    const status = mine?.vote === 1 ? 'vote_up' : mine?.vote === -1 ? 'vote_down' : '';
    return { up_votes: up, down_votes: down, votes: up - down, vote_status: status };
  }

  /** Questions, answers and comments (on posts) the caller may see; anything else is not found. */
  private async load(objectId: string, actor: Actor): Promise<Target> {
    const db = this.site.db;
    if (objectTypeOf(objectId) === 'comment') {
      const comment = await commentsRepository.findLive(db, objectId);
      if (!comment) throw AppError.notFound(REASONS.commentNotFound);
      const post = await loadLivePost(db, comment.object_id, actor);
      return {
        id: comment.id,
        kind: 'comment',
        table: 'comments',
        authorId: comment.user_id,
        questionId: post.questionId,
      };
    }
    const post = await loadLivePost(db, objectId, actor);
    return { ...post, table: post.kind === 'question' ? 'questions' : 'answers' };
  }
}

/**
 * The reputation a vote carries: the author's gain or loss, and the voter's cost of an answer
 * downvote. Comment votes carry none (peer facts 1.1: comment authors gain nothing).
 */
export function reputationKeys(target: Target, actor: Actor, vote: 1 | -1): ReputationKey[] {
  if (target.kind === 'comment') return [];
  const base = { triggerUserId: actor.user.id, objectId: target.id, originalObjectId: target.questionId };
  const received = `${target.kind}.voted_${vote === 1 ? 'up' : 'down'}` as const;
  const keys: ReputationKey[] = [{ ...base, userId: target.authorId, event: received }];
  if (vote === -1 && target.kind === 'answer') keys.push({ ...base, userId: actor.user.id, event: 'answer.vote_down' });
  return keys;
}
