import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Db } from '../../infra/db.js';

export const uploadsRepository = {
  async insert(db: Db, row: Insertable<Database['uploads']>): Promise<void> {
    await db.insertInto('uploads').values(row).execute();
  },

  /** The recorded upload at this stored path (old sequential names and new random ones alike). */
  findByPath(db: Db, path: string) {
    return db.selectFrom('uploads').select(['id', 'path', 'mime']).where('path', '=', path).executeTakeFirst();
  },
};
