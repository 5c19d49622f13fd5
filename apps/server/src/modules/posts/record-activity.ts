import type { Db } from '../../infra/db.js';
import { nextId } from '../../lib/ids.js';

/** One timeline entry: who did what to which object, shown on `originalObjectId`'s timeline. */
export interface ActivityEntry {
  userId: string;
  objectId: string;
  originalObjectId: string;
  type: string;
  now: number;
  triggerUserId?: string;
  revisionId?: string;
  comment?: string;
}

export async function recordActivity(db: Db, entry: ActivityEntry): Promise<void> {
  await db
    .insertInto('activities')
    .values({
      id: await nextId(db, 'activity'),
      user_id: entry.userId,
      trigger_user_id: entry.triggerUserId ?? entry.userId,
      object_id: entry.objectId,
      original_object_id: entry.originalObjectId,
      activity_type: entry.type,
      revision_id: entry.revisionId ?? '',
      comment: entry.comment ?? '',
      created_at: entry.now,
      updated_at: entry.now,
    })
    .execute();
}
