import { sql } from 'kysely';
import type { Db } from './db.js';

/**
 * Whether a query is the generation poll: it runs on a timer, for no request, so the query
 * observers (tests that count what a request costs) never see it.
 */
export function isGenerationPoll(sqlText: string): boolean {
  return sqlText.startsWith('select "generation" from "content_generation"');
}

/** The one row of `content_generation` (migration 0007). */
export const contentGenerationRepository = {
  /** One primary-key read: what every process polls. */
  async read(db: Db): Promise<number> {
    const row = await db.selectFrom('content_generation').select('generation').where('id', '=', 1).executeTakeFirst();
    return Number(row?.generation ?? 0);
  },

  /** Moves the generation forward (one atomic update) and answers the new value. */
  async bump(db: Db): Promise<number> {
    const row = await db
      .updateTable('content_generation')
      .set({ generation: sql`generation + 1` })
      .where('id', '=', 1)
      .returning('generation')
      .executeTakeFirst();
    return Number(row?.generation ?? 0);
  },
};
