import type { Db } from '../../infra/db.js';

export const timelineRepository = {
  /** Activities on an object, or shown on its timeline (an answer posted to a question). */
  activitiesOf(db: Db, objectId: string) {
    return db
      .selectFrom('activities')
      .select([
        'id',
        'user_id',
        'trigger_user_id',
        'object_id',
        'original_object_id',
        'activity_type',
        'revision_id',
        'comment',
        'cancelled',
        'created_at',
        'updated_at',
      ])
      .where((eb) => eb.or([eb('object_id', '=', objectId), eb('original_object_id', '=', objectId)]))
      .execute();
  },

  /** Live comments on a post ("commented" entries). */
  commentsOn(db: Db, objectId: string) {
    return db
      .selectFrom('comments')
      .select(['id', 'user_id', 'object_id', 'parsed_text', 'created_at'])
      .where('object_id', '=', objectId)
      .where('status', '=', 1)
      .execute();
  },
};

export type ActivityRow = Awaited<ReturnType<typeof timelineRepository.activitiesOf>>[number];
