import { COMMENT_STATUS } from '@inquire/shared';
import { sql, type ExpressionBuilder, type Insertable, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { CommentsTable, Database } from '../../db/database.js';
import type { Db } from '../../infra/db.js';
import { oneOf, preparedQuery } from '../../infra/prepared-query.js';

export type CommentRow = Selectable<CommentsTable>;

type FirstPages = { objectIds: readonly string[]; pageSize: number; viewerId: string };

/** The first page of comments of each of several posts (prepared: every question page), for a guest or a member. */
const firstPagesOf = (member: boolean) =>
  preparedQuery((db, v: FirstPages) => {
    const ranked = withAuthors(
      db
        .selectFrom('comments')
        .where(oneOf(sql.ref('comments.object_id'), v.objectIds))
        .where((eb) => visibleTo(eb, member ? v.viewerId : '')),
    ).select((eb) => [
      // The viewer's own vote comes with each comment: a round trip less on every page.
      eb
        .selectFrom('votes')
        .select('votes.vote')
        .whereRef('votes.object_id', '=', 'comments.id')
        .where('votes.user_id', '=', v.viewerId)
        .as('viewer_vote'),
      sql<number>`row_number() over (partition by comments.object_id order by comments.created_at, comments.id)`.as(
        'position',
      ),
      sql<number>`count(*) over (partition by comments.object_id)`.as('post_count'),
    ]);
    return db.selectFrom(ranked.as('ranked')).selectAll().where('position', '<=', v.pageSize).orderBy('position');
  });
const firstPagesForMember = firstPagesOf(true);
const firstPagesForGuest = firstPagesOf(false);

export const commentsRepository = {
  async insert(db: Db, row: Insertable<CommentsTable>): Promise<void> {
    await db.insertInto('comments').values(row).execute();
  },

  /** The same member's same comment on the same post since `since` (a double submit). */
  findDuplicate(db: Db, objectId: string, userId: string, text: string, since: number) {
    return db
      .selectFrom('comments')
      .select('id')
      .where('object_id', '=', objectId)
      .where('user_id', '=', userId)
      .where('original_text', '=', text)
      .where('status', '=', COMMENT_STATUS.normal)
      .where('created_at', '>=', since)
      .executeTakeFirst();
  },

  findLive(db: Db, id: string): Promise<CommentRow | undefined> {
    return db
      .selectFrom('comments')
      .selectAll()
      .where('id', '=', id)
      .where('status', '=', COMMENT_STATUS.normal)
      .executeTakeFirst();
  },

  async update(db: Db, id: string, text: string, html: string, now: number): Promise<void> {
    await db
      .updateTable('comments')
      .set({ original_text: text, parsed_text: html, updated_at: now })
      .where('id', '=', id)
      .execute();
  },

  /** Soft delete, as the peer does: the row stays for audits. */
  async remove(db: Db, id: string, now: number): Promise<void> {
    await db
      .updateTable('comments')
      .set({ status: COMMENT_STATUS.deleted, updated_at: now })
      .where('id', '=', id)
      .execute();
  },

  /** One comment the viewer sees (live, or their own held one) as lists show it, with its author and the member it replies to. */
  withAuthorsById(db: Db, id: string, viewerId: string) {
    return withAuthors(
      db
        .selectFrom('comments')
        .where('comments.id', '=', id)
        .where((eb) => visibleTo(eb, viewerId)),
    ).executeTakeFirst();
  },

  /** A post's comments a reader sees: live ones, and the reader's own held ones (`viewerId`, '' for a guest). */
  async page(db: Db, objectId: string, page: number, pageSize: number, viewerId = '') {
    const base = db
      .selectFrom('comments')
      .where('comments.object_id', '=', objectId)
      .where((eb) => visibleTo(eb, viewerId));
    const total = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    const list = await withAuthors(base)
      .orderBy('comments.created_at', 'asc')
      .orderBy('comments.id', 'asc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { count: Number(total.count), list };
  },

  /**
   * The first page of comments of each of several posts, in one query: each row carries its
   * post's comment count, so a page with many posts costs one round trip, not one per post.
   */
  async firstPages(db: Db, objectIds: readonly string[], pageSize: number, viewerId = '') {
    if (objectIds.length === 0) return [];
    const read = viewerId ? firstPagesForMember : firstPagesForGuest;
    return read(db, { objectIds, pageSize, viewerId });
  },
};

/** Live comments, and the held (pending) ones of the viewer: a held comment is its author's alone until approved. */
function visibleTo(eb: ExpressionBuilder<Database, 'comments'>, viewerId: string) {
  const live = eb('comments.status', '=', COMMENT_STATUS.normal);
  if (!viewerId) return live;
  return eb.or([
    live,
    eb.and([eb('comments.status', '=', COMMENT_STATUS.pending), eb('comments.user_id', '=', viewerId)]),
  ]);
}

/** A comment with what a reader sees of its author and of the member it replies to. */
function withAuthors<O>(query: SelectQueryBuilder<Database, 'comments', O>) {
  return query
    .innerJoin('users as author', 'author.id', 'comments.user_id')
    .leftJoin('users as replied', 'replied.id', 'comments.reply_user_id')
    .select([
      'comments.id',
      'comments.object_id',
      'comments.user_id',
      'comments.original_text',
      'comments.parsed_text',
      'comments.vote_count',
      'comments.reply_comment_id',
      'comments.created_at',
      'comments.status',
      'author.username',
      'author.display_name',
      'author.avatar',
      'author.e_mail',
      'author.status as author_status',
      'author.suspended_until as author_suspended_until',
      'author.mail_status as author_mail_status',
      'comments.reply_user_id',
      'replied.username as reply_username',
      'replied.display_name as reply_display_name',
      'replied.status as reply_status',
      'replied.suspended_until as reply_suspended_until',
      'replied.mail_status as reply_mail_status',
    ]);
}
