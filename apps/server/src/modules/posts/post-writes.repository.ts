import { sql } from 'kysely';
import type { Db } from '../../infra/db.js';
import { searchIndex } from './search-index.js';
import { nowSeconds } from '../../lib/clock.js';
import { DUPLICATE_REASON } from '@inquire/shared';
import { LINK_KIND, replaceLinks } from './question-links.js';

/**
 * Writes that edits, reviews, rollbacks and post operations make on questions, answers, tags
 * and tag links. Tag links: 1 counted (listed question), 2 hidden (unlisted), 10 deleted with
 * the question; a tag's question_count counts status 1 only.
 *
 * Every writer here that changes a post's text, tags, status or visibility updates the search
 * index itself, on the same connection (the caller's transaction), so no caller can forget it;
 * one that changes a post's text or a question's close reason replaces its question links too.
 */
export const postWrites = {
  async updateQuestion(
    db: Db,
    id: string,
    values: { title: string; original_text: string; parsed_text: string; revision_id: string; editor: string },
    now: number,
  ): Promise<void> {
    const { editor, ...rest } = values;
    await db
      .updateTable('questions')
      .set({ ...rest, last_edit_user_id: editor, updated_at: now, post_update_time: now })
      .where('id', '=', id)
      .execute();
    await searchIndex.syncQuestion(db, id);
    await replaceLinks(db, { questionId: id, kind: LINK_KIND.body }, values.original_text, now);
  },

  async updateAnswer(
    db: Db,
    id: string,
    values: { original_text: string; parsed_text: string; revision_id: string; editor: string },
    now: number,
  ): Promise<void> {
    const { editor, ...rest } = values;
    await db
      .updateTable('answers')
      .set({ ...rest, last_edit_user_id: editor, updated_at: now })
      .where('id', '=', id)
      .execute();
    await searchIndex.syncAnswer(db, id);
    const answer = await db.selectFrom('answers').select('question_id').where('id', '=', id).executeTakeFirst();
    if (answer) {
      const from = { questionId: answer.question_id, answerId: id, kind: LINK_KIND.body };
      await replaceLinks(db, from, values.original_text, now);
    }
  },

  async touchQuestion(db: Db, id: string, now: number): Promise<void> {
    await db.updateTable('questions').set({ post_update_time: now }).where('id', '=', id).execute();
  },

  async updateTag(
    db: Db,
    id: string,
    values: {
      slug_name: string;
      display_name: string;
      original_text: string;
      parsed_text: string;
      revision_id: string;
    },
    now: number,
  ): Promise<void> {
    await db
      .updateTable('tags')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .execute();
    // Questions carry their tags' names in their search documents.
    await searchIndex.syncTag(db, id);
  },

  findTag(db: Db, id: string) {
    return db.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findTagBySlug(db: Db, slug: string) {
    return db.selectFrom('tags').select(['id']).where('slug_name', '=', slug).executeTakeFirst();
  },

  tagsByIds(db: Db, ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('tags')
      .select(['id', 'slug_name', 'display_name', 'reserved', 'status', 'main_tag_id'])
      .where('id', 'in', ids)
      .execute();
  },

  /** Live tag links of a question (listed or hidden). */
  linkedTagIds(db: Db, questionId: string) {
    return db
      .selectFrom('tag_relations')
      .select(['tag_id', 'status'])
      .where('object_id', '=', questionId)
      .where('status', 'in', [1, 2])
      .execute();
  },

  /**
   * Makes a question's tags exactly `tagIds`: links removed by the edit are deleted, new ones
   * added with `status` (1 listed, 2 unlisted), and counts follow.
   */
  async relinkTags(db: Db, questionId: string, tagIds: string[], status: 1 | 2, now: number): Promise<void> {
    const current = await postWrites.linkedTagIds(db, questionId);
    for (const link of current) {
      if (tagIds.includes(link.tag_id)) continue;
      await db
        .deleteFrom('tag_relations')
        .where('object_id', '=', questionId)
        .where('tag_id', '=', link.tag_id)
        .execute();
      if (link.status === 1) await bumpTag(db, link.tag_id, -1);
    }
    for (const tagId of tagIds) {
      if (current.some((link) => link.tag_id === tagId)) continue;
      await db
        .insertInto('tag_relations')
        .values({ object_id: questionId, tag_id: tagId, status, created_at: now })
        .onConflict((oc) => oc.columns(['object_id', 'tag_id']).doUpdateSet({ status }))
        .execute();
      if (status === 1) await bumpTag(db, tagId, 1);
    }
    await searchIndex.syncQuestion(db, questionId);
  },

  /** Moves a question's tag links from one status to another, keeping tag counts right. */
  async moveTagLinks(db: Db, questionId: string, from: number[], to: number): Promise<void> {
    const links = await db
      .selectFrom('tag_relations')
      .select(['tag_id', 'status'])
      .where('object_id', '=', questionId)
      .where('status', 'in', from)
      .execute();
    for (const link of links) {
      if (link.status === to) continue;
      await db
        .updateTable('tag_relations')
        .set({ status: to })
        .where('object_id', '=', questionId)
        .where('tag_id', '=', link.tag_id)
        .execute();
      if (link.status === 1) await bumpTag(db, link.tag_id, -1);
      if (to === 1) await bumpTag(db, link.tag_id, 1);
    }
    // The document's tag text holds listed links only.
    if (links.some((link) => link.status !== to)) await searchIndex.syncQuestion(db, questionId);
  },

  async setQuestionState(
    db: Db,
    id: string,
    values: Partial<{
      status: number;
      show: number;
      pin: number;
      close_type: number;
      close_msg: string;
      closed_at: number;
      deleted_at: number;
    }>,
  ): Promise<void> {
    await db.updateTable('questions').set(values).where('id', '=', id).execute();
    // Its answers follow the question's status and visibility.
    if (values.status !== undefined || values.show !== undefined) await searchIndex.syncQuestion(db, id);
    // Closed as a duplicate, it links to the original its reason names; reopened, no longer.
    if (values.close_type !== undefined) {
      const original = values.close_type === DUPLICATE_REASON ? (values.close_msg ?? '') : '';
      await replaceLinks(db, { questionId: id, kind: LINK_KIND.duplicate }, original, values.closed_at || nowSeconds());
    }
  },

  async setAnswerStatus(db: Db, id: string, status: number, now: number): Promise<void> {
    await db.updateTable('answers').set({ status, updated_at: now }).where('id', '=', id).execute();
    await searchIndex.syncAnswer(db, id);
  },

  /**
   * Delete and undelete as compare-and-set updates: the row changes only while it still has
   * the status the caller read. Of several parallel calls exactly one sees a row updated
   * (PostgreSQL re-checks the condition after the winner commits; SQLite runs one writer at a
   * time), so only that call moves counters and reputation.
   */
  async swapQuestionStatus(
    db: Db,
    id: string,
    from: number,
    to: { status: number; deleted_at: number },
  ): Promise<boolean> {
    const result = await db
      .updateTable('questions')
      .set(to)
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    const changed = Number(result.numUpdatedRows) === 1;
    if (changed) await searchIndex.syncQuestion(db, id);
    return changed;
  },

  async swapAnswerStatus(db: Db, id: string, from: number, to: number, now: number): Promise<boolean> {
    const result = await db
      .updateTable('answers')
      .set({ status: to, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    const changed = Number(result.numUpdatedRows) === 1;
    if (changed) await searchIndex.syncAnswer(db, id);
    return changed;
  },

  async bumpAnswerCount(db: Db, questionId: string, by: number): Promise<void> {
    await db
      .updateTable('questions')
      .set({ answer_count: sql`answer_count + ${by}` })
      .where('id', '=', questionId)
      .execute();
  },

  /** Live answers of a question with their scores (the author's delete rule). */
  liveAnswers(db: Db, questionId: string) {
    return db
      .selectFrom('answers')
      .select(['id', 'vote_count', 'accepted'])
      .where('question_id', '=', questionId)
      .where('status', '=', 1)
      .execute();
  },
};

async function bumpTag(db: Db, tagId: string, by: number): Promise<void> {
  await db
    .updateTable('tags')
    .set({ question_count: sql`question_count + ${by}` })
    .where('id', '=', tagId)
    .execute();
}
