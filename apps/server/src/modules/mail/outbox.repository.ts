import type { Db } from '../../infra/db.js';

export const OUTBOX_STATUS = { pending: 1, sent: 2, logged: 3 } as const;

export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (a notification's List-Unsubscribe); none for account emails. */
  headers?: Record<string, string>;
}

export const outboxRepository = {
  async insert(db: Db, id: string, email: OutgoingEmail, now: number): Promise<void> {
    await db
      .insertInto('email_outbox')
      .values({
        id,
        to_address: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        headers: email.headers ? JSON.stringify(email.headers) : '',
        status: OUTBOX_STATUS.pending,
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
      })
      .execute();
  },

  due(db: Db, now: number, limit: number) {
    return db
      .selectFrom('email_outbox')
      .selectAll()
      .where('status', '=', OUTBOX_STATUS.pending)
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
  },

  /**
   * Claims a row for one sending attempt: pushes its next attempt past the lease, only if no
   * other process did first. True when this process owns the attempt.
   */
  async claim(db: Db, id: string, seenNextAttempt: number, leaseUntil: number): Promise<boolean> {
    const result = await db
      .updateTable('email_outbox')
      .set({ next_attempt_at: leaseUntil })
      .where('id', '=', id)
      .where('status', '=', OUTBOX_STATUS.pending)
      .where('next_attempt_at', '=', seenNextAttempt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async markDone(db: Db, id: string, status: number, now: number): Promise<void> {
    await db.updateTable('email_outbox').set({ status, sent_at: now, last_error: '' }).where('id', '=', id).execute();
  },

  async markFailed(db: Db, id: string, attempts: number, nextAttemptAt: number, error: string): Promise<void> {
    await db
      .updateTable('email_outbox')
      .set({ attempts, next_attempt_at: nextAttemptAt, last_error: error.slice(0, 1000) })
      .where('id', '=', id)
      .execute();
  },
};
