import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { TagsTable } from '../../db/database.js';
import type { Db } from '../../infra/db.js';

export const tagsRepository = {
  async insert(db: Db, row: Insertable<TagsTable>): Promise<void> {
    await db.insertInto('tags').values(row).execute();
  },

  async bumpQuestionCount(db: Db, tagId: string, by: number): Promise<void> {
    await db
      .updateTable('tags')
      .set({ question_count: sql`question_count + ${by}` })
      .where('id', '=', tagId)
      .execute();
  },
};
