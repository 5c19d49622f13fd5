import { objectTypeOf, REASONS } from '@inquire/shared';
import { sql } from 'kysely';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { nextId } from '../../lib/ids.js';
import type { Actor } from '../auth/auth.service.js';
import { canSeePost } from '../posts/visibility.js';
import { questionsRepository } from '../posts/questions.repository.js';

/** Bookmarks (collections) of questions: idempotent switch, counted on the question. */
export class BookmarksService {
  constructor(private readonly site: SiteRuntime) {}

  async switch(objectId: string, bookmark: boolean, actor: Actor): Promise<{ object_collection_count: number }> {
    const db = this.site.db;
    const question =
      objectTypeOf(objectId) === 'question' ? await questionsRepository.findById(db, objectId) : undefined;
    if (!question || question.status === 10 || !canSeePost(actor, question))
      throw AppError.notFound(REASONS.objectNotFound);
    await db.transaction().execute(async (trx) => {
      if (bookmark) {
        const inserted = await trx
          .insertInto('collections')
          .values({
            id: await nextId(trx, 'collection'),
            user_id: actor.user.id,
            object_id: objectId,
            created_at: nowSeconds(),
          })
          .onConflict((oc) => oc.columns(['user_id', 'object_id']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
      } else {
        const deleted = await trx
          .deleteFrom('collections')
          .where('user_id', '=', actor.user.id)
          .where('object_id', '=', objectId)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) return;
      }
      await trx
        .updateTable('questions')
        .set({ collection_count: sql`collection_count + ${bookmark ? 1 : -1}` })
        .where('id', '=', objectId)
        .execute();
    });
    const fresh = await questionsRepository.findById(db, objectId);
    return { object_collection_count: fresh?.collection_count ?? 0 };
  }
}
