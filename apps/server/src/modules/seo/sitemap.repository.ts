import type { Db } from '../../infra/db.js';
import { listedQuestionSql } from '../posts/public-questions.js';

/** The sitemap's reads: listed questions only, always a bounded range of the primary key. */
export const sitemapRepository = {
  /** Up to `limit` listed question ids after `afterId` (keyset paging: never an offset scan). */
  async listedIdsAfter(db: Db, afterId: string, limit: number): Promise<string[]> {
    const rows = await db
      .selectFrom('questions')
      .select('id')
      .where(listedQuestionSql())
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  },

  /** One file's questions: listed, from `fromId` on, at most `limit`. */
  listedFrom(db: Db, fromId: string, limit: number) {
    return db
      .selectFrom('questions')
      .select(['id', 'title', 'updated_at', 'created_at'])
      .where(listedQuestionSql())
      .where('id', '>=', fromId)
      .orderBy('id')
      .limit(limit)
      .execute();
  },
};
