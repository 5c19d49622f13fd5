import { EDIT_REVIEW_TYPES, OBJECT_TYPES, type ReviewType } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { holds, isActiveStaff } from '../auth/actor.js';
import type { Actor } from '../auth/auth.service.js';
import { revisionsRepository } from '../posts/revisions.repository.js';
import { staffQueueCounts } from './moderation.repository.js';

/** Flags on posts, and flags on members: two queues. */
export const FLAGGED_POST_TYPES = [OBJECT_TYPES.question, OBJECT_TYPES.answer, OBJECT_TYPES.comment];
export const FLAGGED_USER_TYPES = [OBJECT_TYPES.user];

/** The suggested-edit review types and the privilege that audits each one's object type. */
const EDIT_QUEUES = [
  { name: 'question_edit', privilege: 'question.audit' },
  { name: 'answer_edit', privilege: 'answer.audit' },
  { name: 'tag_edit', privilege: 'tag.audit' },
] as const;

/** A queue a member may work: one of the review types, or the staff's appeals (ours, not a review type). */
export type ReviewQueueName = ReviewType | 'appeal';

/**
 * The queues a member may work and what is left in each, in the review screen's order: the
 * question, answer and tag edits of the types they may audit; for staff in good standing also
 * flagged posts, flagged members, queued posts, queued members (always none: this site holds no
 * accounts for review) and appeals. The one rule behind the review types (`reviewing/type`, which
 * leaves out appeals) and the header's to-do count (`notification/status`, peer facts 4.3).
 */
export async function reviewQueues(db: Db, actor: Actor): Promise<{ name: ReviewQueueName; todo: number }[]> {
  const editQueues = EDIT_QUEUES.filter((queue) => holds(actor, queue.privilege));
  const objectTypeOf = (name: (typeof EDIT_QUEUES)[number]['name']) => OBJECT_TYPES[EDIT_REVIEW_TYPES[name]];
  // Independent counts: read together (on PostgreSQL each is a round trip of its own).
  const [edits, staff] = await Promise.all([
    revisionsRepository.unreviewedCounts(
      db,
      editQueues.map((queue) => objectTypeOf(queue.name)),
      actor.user.id,
    ),
    isActiveStaff(actor) ? staffQueueCounts(db, FLAGGED_POST_TYPES, FLAGGED_USER_TYPES) : null,
  ]);
  const queues: { name: ReviewQueueName; todo: number }[] = editQueues.map((queue) => ({
    name: queue.name,
    todo: edits.get(objectTypeOf(queue.name)) ?? 0,
  }));
  if (staff === null) return queues;
  const { flaggedPosts, flaggedUsers, queued, appeals } = staff;
  queues.push(
    { name: 'flagged_post', todo: flaggedPosts },
    { name: 'flagged_user', todo: flaggedUsers },
    { name: 'queued_post', todo: queued },
    { name: 'queued_user', todo: 0 },
    { name: 'appeal', todo: appeals },
  );
  return queues;
}
