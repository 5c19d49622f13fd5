import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { TagsTable } from '../../db/database.js';
import type { Db } from '../../infra/db.js';

export const tagsRepository = {
  async insert(db: Db, row: Insertable<TagsTable>): Promise<void> {
    await db.insertInto('tags').values(row).execute();
  },

  findBySlugs(db: Db, slugs: string[]) {
    if (slugs.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('tags')
      .select(['id', 'slug_name', 'display_name', 'reserved', 'status'])
      .where('slug_name', 'in', slugs)
      .execute();
  },

  /** Tags whose slug or name starts with what was typed, most used first (question/tags?tag=). */
  search(db: Db, text: string, limit: number) {
    const prefix = `${text.toLowerCase().replace(/[%_\\]/g, '')}%`;
    return db
      .selectFrom('tags')
      .select(['slug_name', 'display_name', 'recommend', 'reserved'])
      .where('status', '=', 1)
      .where((eb) => eb.or([eb('slug_name', 'like', prefix), eb(eb.fn('lower', ['display_name']), 'like', prefix)]))
      .orderBy('question_count', 'desc')
      .orderBy('slug_name')
      .limit(limit)
      .execute();
  },

  async bumpQuestionCount(db: Db, tagId: string, by: number): Promise<void> {
    await db
      .updateTable('tags')
      .set({ question_count: sql`question_count + ${by}` })
      .where('id', '=', tagId)
      .execute();
  },
};
