import {
  DAILY_CAP,
  MIN_REPUTATION,
  REPUTATION,
  startOfDay,
  VOTE_EVENTS,
  type ReputationKey,
} from '../modules/reputation/reputation.service.js';

/**
 * `reputation.grant` decided from memory, for keys nobody holds yet (the seed's new posts):
 * positive vote gains stop at the daily cap, nobody drops below 1. It starts from the members'
 * ranks as the database has them and remembers every change, so it answers as the queries of
 * `grant` would after the same grants.
 */
export class ReputationLedger {
  private readonly ranks = new Map<string, number>();
  /** Vote reputation gained per member and day (`member:dayStart`). */
  private readonly voteGains = new Map<string, number>();

  constructor(ranks: Iterable<[string, number]>) {
    for (const [id, rank] of ranks) this.ranks.set(id, rank);
  }

  /** The rank the grant's activity row records: what the receiver's reputation really moved. */
  grant(key: ReputationKey, at: number, zero = false): number {
    let delta: number = zero ? 0 : REPUTATION[key.event];
    const isVoteGain = VOTE_EVENTS.includes(key.event);
    const day = `${key.userId}:${startOfDay(at)}`;
    if (delta > 0 && isVoteGain && (this.voteGains.get(day) ?? 0) >= DAILY_CAP) delta = 0;
    delta = this.apply(key.userId, delta);
    if (isVoteGain && delta !== 0) this.voteGains.set(day, (this.voteGains.get(day) ?? 0) + delta);
    return delta;
  }

  rankOf(userId: string): number | undefined {
    return this.ranks.get(userId);
  }

  private apply(userId: string, delta: number): number {
    if (delta === 0) return 0;
    const rank = this.ranks.get(userId);
    if (rank === undefined) return 0;
    const applied = Math.max(delta, MIN_REPUTATION - rank);
    if (applied === 0) return 0;
    this.ranks.set(userId, rank + applied);
    return applied;
  }
}
