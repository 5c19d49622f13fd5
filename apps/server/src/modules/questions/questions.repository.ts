import type { Insertable, Selectable } from 'kysely';
import type { QuestionsTable } from '../../db/database.js';
import type { Db } from '../../infra/db.js';

export type QuestionRow = Selectable<QuestionsTable>;

export const questionsRepository = {
  async insert(db: Db, row: Insertable<QuestionsTable>): Promise<void> {
    await db.insertInto('questions').values(row).execute();
  },

  async linkTag(db: Db, questionId: string, tagId: string, now: number): Promise<void> {
    await db
      .insertInto('tag_relations')
      .values({ object_id: questionId, tag_id: tagId, status: 1, created_at: now })
      .execute();
  },
};
