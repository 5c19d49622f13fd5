import type { Insertable } from 'kysely';
import type { RevisionsTable } from '../../db/database.js';
import type { Db } from '../../infra/db.js';

export const revisionsRepository = {
  async insert(db: Db, row: Insertable<RevisionsTable>): Promise<void> {
    await db.insertInto('revisions').values(row).execute();
  },
};
