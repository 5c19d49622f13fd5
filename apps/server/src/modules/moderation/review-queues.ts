import { OBJECT_TYPES, type ReviewType } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { holds, isActiveStaff } from '../auth/actor.js';
import type { Actor } from '../auth/auth.service.js';
import { revisionsRepository } from '../posts/revisions.repository.js';
import { staffQueueCounts } from './moderation.repository.js';

/** Flags on posts, and flags on members: two queues. */
export const FLAGGED_POST_TYPES = [OBJECT_TYPES.question, OBJECT_TYPES.answer, OBJECT_TYPES.comment];
export const FLAGGED_USER_TYPES = [OBJECT_TYPES.user];

/** Object types (question 1, answer 2, tag 3) and the privilege that audits their suggested edits. */
const AUDIT = { 1: 'question.audit', 2: 'answer.audit', 3: 'tag.audit' } as const;

/**
 * The queues a member may work and what is left in each, in the review screen's order: the
 * suggested edits of the types they may audit; for staff in good standing also flagged posts,
 * flagged members, queued posts and appeals. The one rule behind the review tabs
 * (`reviewing/type`) and the header's to-do count (`notification/status`, peer facts 4.3).
 */
export async function reviewQueues(db: Db, actor: Actor): Promise<{ name: ReviewType; todo: number }[]> {
  const auditTypes = ([1, 2, 3] as const).filter((type) => holds(actor, AUDIT[type]));
  // Independent counts: read together (on PostgreSQL each is a round trip of its own).
  const [edits, staff] = await Promise.all([
    auditTypes.length > 0 ? revisionsRepository.unreviewedCount(db, [...auditTypes], actor.user.id) : null,
    isActiveStaff(actor) ? staffQueueCounts(db, FLAGGED_POST_TYPES, FLAGGED_USER_TYPES) : null,
  ]);
  const queues: { name: ReviewType; todo: number }[] = [];
  if (edits !== null) queues.push({ name: 'suggested_post_edit', todo: edits });
  if (staff === null) return queues;
  const { flaggedPosts, flaggedUsers, queued, appeals } = staff;
  queues.push(
    { name: 'flagged_post', todo: flaggedPosts },
    { name: 'flagged_user', todo: flaggedUsers },
    { name: 'queued_post', todo: queued },
    { name: 'appeal', todo: appeals },
  );
  return queues;
}
