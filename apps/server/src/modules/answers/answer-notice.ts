import type { Db } from '../../infra/db.js';
import { recordLiveEvent } from '../notifications/live-events.js';
import { followersOf, notifyInbox } from '../notifications/notify.js';

/** An answer that goes public: at once, or when staff approve it from the queue. */
export interface PublicAnswer {
  id: string;
  authorId: string;
  questionId: string;
  /** Who asked the question. */
  askerId: string;
}

/**
 * Tells the people a new answer concerns (peer facts 4.1): the asker and the question's
 * followers (never the answerer), and open pages of the question (the live stream). The one
 * rule for an answer posted directly and for a held one approved later.
 */
export async function tellOfAnswer(trx: Db, answer: PublicAnswer, now: number): Promise<void> {
  await notifyInbox(trx, {
    action: 'answer_the_question',
    actorId: answer.authorId,
    receivers: [answer.askerId, ...(await followersOf(trx, answer.questionId))],
    questionId: answer.questionId,
    answerId: answer.id,
    now,
  });
  // Each reader's view is checked when the event is sent.
  await recordLiveEvent(trx, { kind: 'answer', questionId: answer.questionId, answerId: answer.id, now });
}
