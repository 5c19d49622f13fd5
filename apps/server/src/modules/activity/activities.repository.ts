import type { Insertable } from 'kysely';
import type { ActivitiesTable } from '../../db/database.js';
import type { Db } from '../../infra/db.js';

export const activitiesRepository = {
  async insert(db: Db, row: Insertable<ActivitiesTable>): Promise<void> {
    await db.insertInto('activities').values(row).execute();
  },
};
