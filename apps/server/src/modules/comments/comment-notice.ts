import type { Db } from '../../infra/db.js';
import { recordLiveEvent } from '../notifications/live-events.js';
import { notifyInbox, type InboxEvent } from '../notifications/notify.js';
import { mentionedMemberIds } from './mentions.js';

/** A comment that goes public: at once, or when staff approve it from the queue. */
export interface PublicComment {
  id: string;
  authorId: string;
  questionId: string;
  /** The question or answer it hangs off, and who wrote that post. */
  post: { kind: 'question' | 'answer'; id: string; authorId: string };
  /** The author of the comment it replies to ('' when it replies to none). */
  replyUserId: string;
  /** Its text with members' mentions linked (`linkMentions`), as it was rendered. */
  linkedText: string;
}

/**
 * Tells the people a new comment concerns (peer facts 4.1): a reply tells the replied-to
 * author only; else mentions tell the mentioned members only; else the post's author; and open
 * pages of the question (the live stream). The one rule for a comment posted directly and for a
 * held one approved later.
 */
export async function tellOfComment(trx: Db, comment: PublicComment, now: number): Promise<void> {
  const told = await whoIsTold(trx, comment);
  await notifyInbox(trx, {
    ...told,
    actorId: comment.authorId,
    questionId: comment.questionId,
    answerId: comment.post.kind === 'answer' ? comment.post.id : undefined,
    commentId: comment.id,
    now,
  });
  // Each reader's view is checked when the event is sent.
  await recordLiveEvent(trx, { kind: 'comment', questionId: comment.questionId, commentId: comment.id, now });
}

async function whoIsTold(trx: Db, comment: PublicComment): Promise<Pick<InboxEvent, 'action' | 'receivers'>> {
  if (comment.replyUserId) return { action: 'reply_to_you', receivers: [comment.replyUserId] };
  const mentioned = await mentionedMemberIds(trx, comment.linkedText);
  if (mentioned.length) return { action: 'mention_you', receivers: mentioned };
  const action = comment.post.kind === 'question' ? 'comment_question' : 'comment_answer';
  return { action, receivers: [comment.post.authorId] };
}
