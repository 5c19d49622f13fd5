import { objectTypeOf, REASONS } from '@inquire/shared';
import { sql } from 'kysely';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../auth/auth.service.js';
import { canSeePost } from '../posts/visibility.js';
import { questionsRepository } from '../posts/questions.repository.js';

/** Following questions and tags (peer facts 6.8); the follower count lives on the object. */
export class FollowsService {
  constructor(private readonly site: SiteRuntime) {}

  async follow(objectId: string, cancel: boolean, actor: Actor): Promise<{ follows: number; is_followed: boolean }> {
    const db = this.site.db;
    const table = await this.tableOf(objectId, actor);
    await db.transaction().execute(async (trx) => {
      const changed = cancel
        ? Number(
            (
              await trx
                .deleteFrom('follows')
                .where('user_id', '=', actor.user.id)
                .where('object_id', '=', objectId)
                .executeTakeFirst()
            ).numDeletedRows,
          )
        : Number(
            (
              await trx
                .insertInto('follows')
                .values({ user_id: actor.user.id, object_id: objectId, created_at: nowSeconds() })
                .onConflict((oc) => oc.columns(['user_id', 'object_id']).doNothing())
                .executeTakeFirst()
            ).numInsertedOrUpdatedRows ?? 0,
          );
      if (changed === 0) return;
      await trx
        .updateTable(table)
        .set({ follow_count: sql`follow_count + ${cancel ? -1 : 1}` })
        .where('id', '=', objectId)
        .execute();
    });
    const row = await db.selectFrom(table).select('follow_count').where('id', '=', objectId).executeTakeFirst();
    return { follows: row?.follow_count ?? 0, is_followed: !cancel };
  }

  private async tableOf(objectId: string, actor: Actor): Promise<'questions' | 'tags'> {
    const type = objectTypeOf(objectId);
    if (type === 'question') {
      const question = await questionsRepository.findById(this.site.db, objectId);
      if (question && question.status !== 10 && canSeePost(actor, question)) return 'questions';
    }
    if (type === 'tag') {
      const tag = await this.site.db.selectFrom('tags').select('status').where('id', '=', objectId).executeTakeFirst();
      if (tag && tag.status === 1) return 'tags';
    }
    throw AppError.notFound(REASONS.objectNotFound);
  }
}
