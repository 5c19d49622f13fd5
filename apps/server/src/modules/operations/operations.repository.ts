import type { Db } from '../../infra/db.js';

/**
 * Status changes of delete and undelete as compare-and-set updates: the row changes only while
 * it still has the status the caller read. Of several parallel calls exactly one sees a row
 * updated (PostgreSQL re-checks the condition after the winner commits; SQLite runs one writer
 * at a time), so only that call moves counters and reputation.
 */
export const operationsRepository = {
  async swapQuestionStatus(
    db: Db,
    id: string,
    from: number,
    to: { status: number; deleted_at: number },
  ): Promise<boolean> {
    const result = await db
      .updateTable('questions')
      .set(to)
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async swapAnswerStatus(db: Db, id: string, from: number, to: number, now: number): Promise<boolean> {
    const result = await db
      .updateTable('answers')
      .set({ status: to, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
};
