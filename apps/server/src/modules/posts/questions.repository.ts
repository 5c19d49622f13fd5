import { listedQuestionSql } from './public-questions.js';
import { sql, type ExpressionBuilder, type Insertable, type Selectable, type SelectQueryBuilder } from 'kysely';
import { ANSWER_STATUS, type QuestionPageQuery } from '@inquire/shared';
import { QUESTION_BODY } from './question-links.js';
import type { Database, QuestionsTable } from '../../db/database.js';
import { plansAlike, type Db } from '../../infra/db.js';
import { jsonArray, jsonObject } from '../../infra/json-columns.js';
import { oneOf, preparedQuery } from '../../infra/prepared-query.js';

export type QuestionRow = Selectable<QuestionsTable>;

/** A tag link's status while its question is listed. */
const LINK_LISTED = 1;

/** A page's length in the cost model of listPage's two ways of reading a tag. */
const PAGE_WALK = 20;

/** A question in one of the member's followed tags, or one they follow themselves. */
function followedBy(eb: ExpressionBuilder<Database, 'questions'>, userId: string) {
  const follows = eb.selectFrom('follows').select('follows.object_id').where('follows.user_id', '=', userId);
  return eb.or([
    eb(
      'questions.id',
      'in',
      eb
        .selectFrom('tag_relations')
        .select('tag_relations.object_id')
        .where('tag_relations.status', '=', LINK_LISTED)
        .where('tag_relations.tag_id', 'in', follows),
    ),
    eb('questions.id', 'in', follows),
  ]);
}

/** A question whose body, a live answer or its duplicate close links to `questionId`. */
function linkingTo(eb: ExpressionBuilder<Database, 'questions'>, questionId: string) {
  const links = eb
    .selectFrom('question_links')
    .select('question_links.from_question_id')
    .where('question_links.to_question_id', '=', questionId)
    .where((link) =>
      link.or([
        link('question_links.from_answer_id', '=', QUESTION_BODY),
        link.exists(
          link
            .selectFrom('answers')
            .select('answers.id')
            .whereRef('answers.id', '=', 'question_links.from_answer_id')
            .where('answers.status', '=', ANSWER_STATUS.normal),
        ),
      ]),
    );
  return eb.and([eb('questions.id', 'in', links), eb('questions.id', '<>', questionId)]);
}

/** The site's listed questions, and those of them with no answer. */
export interface ListedCounts {
  listed: number;
  unanswered: number;
}

// Prepared (infra/prepared-query.ts): each is read on every question page.
const questionById = preparedQuery((db, v: { id: string }) =>
  db.selectFrom('questions').selectAll().where('id', '=', v.id),
);

const engagementOf = preparedQuery((db, v: { userId: string; objectId: string }) =>
  db.selectNoFrom((eb) => [
    eb
      .exists(
        eb.selectFrom('collections').select('id').where('user_id', '=', v.userId).where('object_id', '=', v.objectId),
      )
      .as('collected'),
    eb
      .exists(
        eb.selectFrom('follows').select('user_id').where('user_id', '=', v.userId).where('object_id', '=', v.objectId),
      )
      .as('followed'),
    eb
      .selectFrom('votes')
      .select('vote')
      .where('user_id', '=', v.userId)
      .where('object_id', '=', v.objectId)
      .as('vote'),
  ]),
);

/**
 * The listed tags of the question whose id is in the column `questionId` (e.g. `questions.id`),
 * in slug order as `tagsOf`, as one JSON column of the row that names it (infra/json-columns.ts).
 */
export const listedTagsOf = (db: Db, questionId: string) =>
  jsonArray(
    db,
    jsonObject(db, {
      slug_name: 't.slug_name',
      display_name: 't.display_name',
      recommend: 't.recommend',
      reserved: 't.reserved',
    }),
    't.slug_name',
    sql`from tag_relations r inner join tags t on t.id = r.tag_id
      where r.object_id = ${sql.ref(questionId)} and r.status = ${LINK_LISTED}`,
  );

/** Every list and question page shows its questions' tags. */
const tagsOf = preparedQuery((db, v: { questionIds: readonly string[] }) =>
  db
    .selectFrom('tag_relations')
    .innerJoin('tags', 'tags.id', 'tag_relations.tag_id')
    .select(['tag_relations.object_id', 'tags.slug_name', 'tags.display_name', 'tags.recommend', 'tags.reserved'])
    .where(oneOf(sql.ref('tag_relations.object_id'), v.questionIds))
    .where('tag_relations.status', '=', 1)
    .orderBy('tags.slug_name'),
);

const bodiesOf = preparedQuery((db, v: { questionIds: readonly string[] }) =>
  db
    .selectFrom('questions')
    .select(['id', 'revision_id', 'parsed_text'])
    .where(oneOf(sql.ref('questions.id'), v.questionIds)),
);

/** The column each list order sorts by (newest first), after pinned questions. */
const LIST_ORDER = {
  newest: 'questions.created_at',
  unanswered: 'questions.created_at',
  active: 'questions.post_update_time',
  frequent: 'questions.view_count',
  score: 'questions.vote_count',
  hot: 'questions.hot_score',
  recommend: 'questions.created_at',
} as const;

/** A list's rows (a question with its author), in the list's order. */
function listedRows(base: SelectQueryBuilder<Database, 'questions', object>, order: QuestionPageQuery['order']) {
  return base
    .innerJoin('users', 'users.id', 'questions.user_id')
    .select([
      'questions.id',
      'questions.title',
      // Not the body: a list shows its excerpt, kept by revision (questions/question-excerpts.ts).
      'questions.revision_id',
      'questions.status',
      'questions.pin',
      'questions.vote_count',
      'questions.answer_count',
      'questions.view_count',
      'questions.accepted_answer_id',
      'questions.created_at',
      'questions.updated_at',
      'questions.unique_view_count',
      'questions.collection_count',
      'questions.follow_count',
      'questions.last_answer_id',
      'questions.show',
      'questions.post_update_time',
      'questions.last_edit_user_id',
      'users.id as user_id',
      'users.username',
      'users.display_name',
      'users.avatar',
      'users.e_mail',
      'users.rank',
      'users.status as user_status',
      'users.suspended_until',
      'users.mail_status',
    ])
    .orderBy('questions.pin', 'desc')
    .orderBy(LIST_ORDER[order], 'desc')
    .orderBy('questions.id', 'desc');
}

/** The first page of a whole list (`unanswered` or not) of each order and size, prepared. */
const firstPages = new Map<string, (db: Db, values: Record<string, never>) => Promise<ListedRow[]>>();

type ListedRow = Awaited<ReturnType<ReturnType<typeof listedRows>['execute']>>[number];

/**
 * The first page of a whole list (the home page, the list API's default), read the same way for
 * everyone: its size is written into the text, so PostgreSQL keeps one plan for it instead of
 * planning the walk on every read; and it is built once per order and size (prepared).
 */
function firstPageOf(order: QuestionPageQuery['order'], pageSize: number) {
  const key = `${order} ${pageSize}`;
  let read = firstPages.get(key);
  if (!read) {
    read = preparedQuery((db) =>
      listedRows(wholeListBase(db, order === 'unanswered'), order)
        .limit(sql.lit(pageSize))
        .modifyEnd(plansAlike),
    );
    firstPages.set(key, read);
  }
  return read;
}

/** Every listed question, or the unanswered ones: what each list narrows (`listPage`). */
function wholeListBase(db: Db, unanswered: boolean) {
  const base = db.selectFrom('questions').where(listedQuestionSql());
  return unanswered ? base.where(sql<boolean>`questions.answer_count = ${sql.lit(0)}`) : base;
}

export const questionsRepository = {
  async insert(db: Db, row: Insertable<QuestionsTable>): Promise<void> {
    await db.insertInto('questions').values(row).execute();
  },

  async linkTag(db: Db, questionId: string, tagId: string, now: number): Promise<void> {
    await db
      .insertInto('tag_relations')
      .values({ object_id: questionId, tag_id: tagId, status: 1, created_at: now })
      .execute();
  },

  /**
   * A page of listed questions (open or closed, not unlisted), pinned first, with authors;
   * `tagIds` (a tag and its synonyms) keeps the questions carrying any of them.
   *
   * Each order has a partial index over listed questions in its exact sort (migration 0009),
   * which `listedQuestionSql` lets the engines use. The unfiltered lists take the kept count
   * (`question_list_counts`), a tag its listed links (`taggedCount`); a time window or a tag's
   * unanswered questions count their own rows, which the filter bounds.
   *
   * A tag is read one of two ways, by its size. A large tag is found often enough walking the
   * order's index and checking each question's link (a page of 20 from a tag on 1 in 5
   * questions reads about 100 rows); a small one is cheaper read from its links and sorted,
   * where the walk would cross most of the site to fill a page. They cost the same when the
   * walk (20 / share of questions tagged) equals the sort (the tag's size): size² = 20 × listed.
   *
   * `within.followerId` (the recommend order, signed in) keeps the questions in that member's
   * followed tags and the questions they follow, less the member's own; `within.linkedTo` the
   * questions whose body, live answers or duplicate close link to that question
   * (`question/link`). Those filters bound the rows they count.
   */
  async listPage(
    db: Db,
    query: QuestionPageQuery,
    since: number,
    tagIds?: string[],
    within: { followerId?: string; linkedTo?: string } = {},
    counts: () => Promise<ListedCounts> = () => this.listedCounts(db),
  ) {
    const { followerId, linkedTo } = within;
    const unanswered = query.order === 'unanswered';
    const tags = tagIds?.length ? tagIds : tagIds && ['0'];
    const tagSize = tags ? await this.taggedCount(db, tags) : 0;
    let base = wholeListBase(db, unanswered);
    if (tags) {
      const walkTheOrder = tagSize * tagSize > PAGE_WALK * (await counts()).listed;
      const links = (eb: ExpressionBuilder<Database, 'questions'>) =>
        eb
          .selectFrom('tag_relations')
          .where('tag_relations.tag_id', 'in', tags)
          .where('tag_relations.status', '=', LINK_LISTED);
      base = walkTheOrder
        ? base.where((eb) =>
            eb.exists(
              links(eb).select('tag_relations.object_id').whereRef('tag_relations.object_id', '=', 'questions.id'),
            ),
          )
        : base.where('questions.id', 'in', (eb) => links(eb).select('tag_relations.object_id'));
    }
    if (since > 0) base = base.where('questions.created_at', '>=', since);
    // A feed recommends what the reader has not written: their own questions stay out.
    if (followerId) base = base.where((eb) => followedBy(eb, followerId)).where('questions.user_id', '!=', followerId);
    if (linkedTo) base = base.where((eb) => linkingTo(eb, linkedTo));

    const countsItsRows =
      since > 0 || (tags !== undefined && unanswered) || followerId !== undefined || linkedTo !== undefined;
    const count = countsItsRows
      ? Number((await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count)
      : tags
        ? tagSize
        : (await counts())[unanswered ? 'unanswered' : 'listed'];
    const wholeList = !tags && since === 0 && followerId === undefined && linkedTo === undefined;
    const list = await (wholeList && query.page === 1
      ? firstPageOf(query.order, query.page_size)(db, {})
      : listedRows(base, query.order)
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size)
          .execute());
    return { count, list };
  },

  /**
   * How many listed questions carry any of `tagIds`, from the tag links alone (index
   * tag_relations_listed): a link has status 1 exactly while its question is listed (the post
   * core's writers keep it so: 2 unlisted, 10 deleted), and a question with two of the tags
   * counts once.
   */
  async taggedCount(db: Db, tagIds: string[]): Promise<number> {
    const row = await db
      .selectFrom('tag_relations')
      .select((eb) => eb.fn.count<number>('tag_relations.object_id').distinct().as('count'))
      .where('tag_relations.tag_id', 'in', tagIds)
      .where('tag_relations.status', '=', LINK_LISTED)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** How many questions are listed, and listed with no answer, as the triggers keep them. */
  async listedCounts(db: Db): Promise<ListedCounts> {
    const row = await db
      .selectFrom('question_list_counts')
      .select(['listed', 'unanswered'])
      .where('id', '=', 1)
      .executeTakeFirst();
    return { listed: Number(row?.listed ?? 0), unanswered: Number(row?.unanswered ?? 0) };
  },

  async findById(db: Db, id: string): Promise<QuestionRow | undefined> {
    const [row] = await questionById(db, { id });
    return row;
  },

  async findByIds(db: Db, ids: string[]): Promise<QuestionRow[]> {
    if (ids.length === 0) return [];
    return db.selectFrom('questions').selectAll().where('id', 'in', ids).execute();
  },

  async recordAnswer(db: Db, questionId: string, answerId: string, now: number): Promise<void> {
    await db
      .updateTable('questions')
      .set({ answer_count: sql`answer_count + 1`, last_answer_id: answerId, post_update_time: now })
      .where('id', '=', questionId)
      .execute();
  },

  /**
   * The question's newest answer and activity time, moved only when an answer goes public (at
   * once, or on its approval from the queue): a held answer leaves no trace on the question.
   */
  async recordLastAnswer(db: Db, questionId: string, answerId: string, now: number): Promise<void> {
    await db
      .updateTable('questions')
      .set({ last_answer_id: answerId, post_update_time: now })
      .where('id', '=', questionId)
      .execute();
  },

  async setAccepted(db: Db, questionId: string, answerId: string, now: number): Promise<void> {
    await db
      .updateTable('questions')
      .set({ accepted_answer_id: answerId, post_update_time: now })
      .where('id', '=', questionId)
      .execute();
  },

  /** The same member's same question posted since `since` (a double submit). */
  findDuplicate(db: Db, userId: string, title: string, content: string, since: number) {
    return db
      .selectFrom('questions')
      .select('id')
      .where('user_id', '=', userId)
      .where('title', '=', title)
      .where('original_text', '=', content)
      .where('created_at', '>=', since)
      .executeTakeFirst();
  },

  /** Counts a view once per visitor and day; true when this one counted. */
  async recordView(db: Db, questionId: string, visitor: string, day: number): Promise<boolean> {
    const result = await db
      .insertInto('view_records')
      .values({ question_id: questionId, visitor, day })
      .onConflict((oc) => oc.columns(['question_id', 'visitor', 'day']).doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await db
      .updateTable('questions')
      .set({ view_count: sql`view_count + 1`, unique_view_count: sql`unique_view_count + 1` })
      .where('id', '=', questionId)
      .execute();
    return true;
  },

  /** Whether a member bookmarked and follows a question, and their vote on it: one round trip. */
  async engagementOf(db: Db, userId: string, objectId: string) {
    if (!userId) return { collected: false, followed: false, vote: undefined };
    const [row] = await engagementOf(db, { userId, objectId });
    // PostgreSQL answers booleans, SQLite 0 and 1.
    return { collected: Boolean(row?.collected), followed: Boolean(row?.followed), vote: row?.vote ?? undefined };
  },

  /** Tags of many questions in one query. */
  async tagsOf(db: Db, questionIds: string[]) {
    if (questionIds.length === 0) return [];
    return tagsOf(db, { questionIds });
  },

  /** Questions' rendered bodies, with the revision each is of. */
  async bodiesOf(db: Db, questionIds: readonly string[]) {
    if (questionIds.length === 0) return [];
    return bodiesOf(db, { questionIds });
  },
};
