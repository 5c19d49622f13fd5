import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import { TAG_STATUS, type TagPageQuery } from '@inquire/shared';
import type { TagsTable } from '../../db/database.js';
import type { Db } from '../../infra/db.js';

export type TagRow = Selectable<TagsTable>;

/** `main_tag_id` of a main tag (the column's default; the peer's 0). */
export const NO_MAIN_TAG = '';

const likePrefix = (text: string) => `${text.toLowerCase().replace(/[%_\\]/g, '')}%`;

export const tagsRepository = {
  async insert(db: Db, row: Insertable<TagsTable>): Promise<void> {
    await db.insertInto('tags').values(row).execute();
  },

  /** Inserts unless a tag with this slug exists; says whether it did. */
  async insertIfSlugFree(db: Db, row: Insertable<TagsTable>): Promise<boolean> {
    const result = await db
      .insertInto('tags')
      .values(row)
      .onConflict((oc) => oc.column('slug_name').doNothing())
      .returning('id')
      .executeTakeFirst();
    return result !== undefined;
  },

  findBySlugs(db: Db, slugs: string[]) {
    if (slugs.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('tags')
      .select(['id', 'slug_name', 'display_name', 'reserved', 'status', 'main_tag_id'])
      .where('slug_name', 'in', slugs)
      .execute();
  },

  findById(db: Db, id: string): Promise<TagRow | undefined> {
    return db.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findBySlug(db: Db, slug: string): Promise<TagRow | undefined> {
    return db.selectFrom('tags').selectAll().where('slug_name', '=', slug).executeTakeFirst();
  },

  findByIds(db: Db, ids: string[]): Promise<TagRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('tags').selectAll().where('id', 'in', ids).execute();
  },

  /**
   * Tags whose slug or name starts with what was typed, most used first (question/tags?tag=).
   * A synonym that matches brings its main tag (`main_*`), so the picker offers the main tag.
   */
  search(db: Db, text: string, limit: number) {
    const prefix = likePrefix(text);
    return db
      .selectFrom('tags as t')
      .leftJoin('tags as m', (join) => join.onRef('m.id', '=', 't.main_tag_id').on('m.status', '=', TAG_STATUS.normal))
      .select([
        't.slug_name',
        't.display_name',
        't.recommend',
        't.reserved',
        't.main_tag_id',
        'm.slug_name as main_slug_name',
        'm.display_name as main_display_name',
        'm.recommend as main_recommend',
        'm.reserved as main_reserved',
      ])
      .where('t.status', '=', TAG_STATUS.normal)
      .where((eb) => eb.or([eb('t.slug_name', 'like', prefix), eb(eb.fn('lower', ['t.display_name']), 'like', prefix)]))
      .orderBy('t.question_count', 'desc')
      .orderBy('t.slug_name')
      .limit(limit)
      .execute();
  },

  /** Available main tags by slug (the picker's recommended tags, GET tags?tags=). */
  availableBySlugs(db: Db, slugs: string[]): Promise<TagRow[]> {
    if (slugs.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('tags')
      .selectAll()
      .where('slug_name', 'in', slugs)
      .where('status', '=', TAG_STATUS.normal)
      .orderBy('slug_name')
      .execute();
  },

  /**
   * A page of available main tags. A search matches a slug or name prefix, or the exact slug
   * of a synonym (whose main tag is then listed).
   */
  async listPage(db: Db, query: TagPageQuery) {
    let base = db
      .selectFrom('tags')
      .where('tags.status', '=', TAG_STATUS.normal)
      .where('tags.main_tag_id', '=', NO_MAIN_TAG);
    const text = query.slug_name.toLowerCase();
    if (text) {
      const prefix = likePrefix(text);
      base = base.where((eb) =>
        eb.or([
          eb('tags.slug_name', 'like', prefix),
          eb(eb.fn('lower', ['tags.display_name']), 'like', prefix),
          eb(
            'tags.id',
            'in',
            eb
              .selectFrom('tags as s')
              .select('s.main_tag_id')
              .where('s.slug_name', '=', text)
              .where('s.status', '=', TAG_STATUS.normal),
          ),
        ]),
      );
    }
    const total = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    let rows = base.selectAll('tags');
    if (query.query_cond === 'popular') rows = rows.orderBy('tags.question_count', 'desc').orderBy('tags.slug_name');
    else if (query.query_cond === 'name') rows = rows.orderBy('tags.slug_name');
    else rows = rows.orderBy('tags.created_at', 'desc').orderBy('tags.id', 'desc');
    const list = await rows
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute();
    return { count: Number(total.count), list };
  },

  /** The synonyms of a main tag, available or not (a deleted synonym still points at it). */
  synonymsOf(db: Db, mainId: string): Promise<TagRow[]> {
    return db.selectFrom('tags').selectAll().where('main_tag_id', '=', mainId).orderBy('slug_name').execute();
  },

  /** How many questions use a tag: relations that are not deleted (hidden ones count). */
  async usedBy(db: Db, tagId: string): Promise<number> {
    const row = await db
      .selectFrom('tag_relations')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('tag_id', '=', tagId)
      .where('status', '!=', 10)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  async setStatus(db: Db, id: string, status: number, now: number): Promise<void> {
    await db.updateTable('tags').set({ status, updated_at: now }).where('id', '=', id).execute();
  },

  /** Makes tags synonyms of `mainId`. */
  async attachSynonyms(db: Db, ids: string[], mainId: string, now: number): Promise<void> {
    if (ids.length === 0) return;
    await db.updateTable('tags').set({ main_tag_id: mainId, updated_at: now }).where('id', 'in', ids).execute();
  },

  /** Turns synonyms back into main tags. */
  async detachSynonyms(db: Db, ids: string[], now: number): Promise<void> {
    if (ids.length === 0) return;
    await db.updateTable('tags').set({ main_tag_id: NO_MAIN_TAG, updated_at: now }).where('id', 'in', ids).execute();
  },

  async bumpQuestionCount(db: Db, tagId: string, by: number): Promise<void> {
    await db
      .updateTable('tags')
      .set({ question_count: sql`question_count + ${by}` })
      .where('id', '=', tagId)
      .execute();
  },

  /** Which of these tags a member follows. */
  async followedAmong(db: Db, userId: string, tagIds: string[]): Promise<Set<string>> {
    if (!userId || tagIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('follows')
      .select('object_id')
      .where('user_id', '=', userId)
      .where('object_id', 'in', tagIds)
      .execute();
    return new Set(rows.map((r) => r.object_id));
  },

  /** The available tags a member follows, by slug. */
  followedBy(db: Db, userId: string): Promise<TagRow[]> {
    return db
      .selectFrom('follows')
      .innerJoin('tags', 'tags.id', 'follows.object_id')
      .selectAll('tags')
      .where('follows.user_id', '=', userId)
      .where('tags.status', '=', TAG_STATUS.normal)
      .orderBy('tags.slug_name')
      .execute();
  },

  /** Every tag id a member follows, whatever its state. */
  async followedIds(db: Db, userId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('follows')
      .select('object_id')
      .where('user_id', '=', userId)
      .where('object_id', 'like', '1003%')
      .execute();
    return rows.map((r) => r.object_id);
  },

  async follow(db: Db, userId: string, tagId: string, now: number): Promise<void> {
    const result = await db
      .insertInto('follows')
      .values({ user_id: userId, object_id: tagId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'object_id']).doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return;
    await db
      .updateTable('tags')
      .set({ follow_count: sql`follow_count + 1` })
      .where('id', '=', tagId)
      .execute();
  },

  async unfollow(db: Db, userId: string, tagId: string): Promise<void> {
    const result = await db
      .deleteFrom('follows')
      .where('user_id', '=', userId)
      .where('object_id', '=', tagId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return;
    await db
      .updateTable('tags')
      .set({ follow_count: sql`follow_count - 1` })
      .where('id', '=', tagId)
      .execute();
  },
};
