import { ADMIN_COUNT_CAP, type AdminAnswerFilter, type AdminQuestionFilter } from '@inquire/shared';
import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Db } from '../../infra/db.js';
import { listedQuestionSql } from '../posts/public-questions.js';

export interface ContentSearch<F> {
  filter: F;
  /** A title fragment, `<kind>:<id>` or a bare id; empty lists everything of the filter. */
  query: string;
  offset: number;
  limit: number;
}

/** `%` and `_` in a search are literal characters, not patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The id a search names (`question:<id>`, `answer:<id>` or the bare id). */
const idOf = (query: string, prefix: string) =>
  (query.startsWith(`${prefix}:`) ? query.slice(prefix.length + 1) : query).trim();

/**
 * The hidden posts' conditions, as literals: the partial indexes of migration 0017 hold these
 * rows alone, and an engine uses a partial index only when the query states its condition.
 */
const HIDDEN_QUESTION = sql<boolean>`(questions.status not in (1, 2) or questions.show <> 1)`;
const HIDDEN_ANSWER = sql<boolean>`answers.status <> 1`;

/**
 * Each tab is one status. Normal and closed walk the public lists' index (listed questions,
 * pinned first, newest first); the hidden tabs read the index of hidden questions, newest first.
 */
function questionFilter(eb: ExpressionBuilder<Database, 'questions'>, filter: AdminQuestionFilter) {
  switch (filter) {
    case 'normal':
      return eb.and([listedQuestionSql(), eb('questions.status', '=', 1)]);
    case 'closed':
      return eb.and([listedQuestionSql(), eb('questions.status', '=', 2)]);
    case 'deleted':
      return eb.and([HIDDEN_QUESTION, eb('questions.status', '=', 10)]);
    case 'pending':
      return eb.and([HIDDEN_QUESTION, eb('questions.status', '=', 11)]);
    case 'unlisted':
      return eb.and([HIDDEN_QUESTION, eb('questions.status', 'in', [1, 2]), eb('questions.show', '=', 2)]);
  }
}

const LISTED_TABS: ReadonlySet<AdminQuestionFilter> = new Set(['normal', 'closed']);

function titleOrId(
  eb: ExpressionBuilder<Database, 'questions'>,
  query: string,
  prefix: string,
  idColumn: 'questions.id' | 'answers.id',
) {
  const pattern = `%${escapeLike(query.toLowerCase())}%`;
  return eb.or([
    // The id column of the list's own kind: questions.id, or answers.id joined to questions.
    sql<boolean>`${sql.ref(idColumn)} = ${idOf(query, prefix)}`,
    // ESCAPE names the backslash on both engines (SQLite has no default escape character).
    sql<boolean>`lower(questions.title) like ${pattern} escape '\\'`,
  ]);
}

/**
 * How many rows a list has, up to ADMIN_COUNT_CAP + 1: past the cap the list says "10,000+"
 * instead of counting every deleted post of a large site.
 */
async function cappedCount(db: Db, ids: SelectQueryBuilder<Database, never, { id: string }>): Promise<number> {
  const row = await db
    .selectFrom(ids.limit(ADMIN_COUNT_CAP + 1).as('capped'))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The admin content lists: the only SQL of this module. Writes go through the post core's use cases. */
export const adminContentRepository = {
  async questions(db: Db, search: ContentSearch<AdminQuestionFilter>) {
    const filtered = db.selectFrom('questions').where((eb) => {
      const conditions = [questionFilter(eb, search.filter)];
      if (search.query) conditions.push(titleOrId(eb, search.query, 'question', 'questions.id'));
      return eb.and(conditions);
    });
    const [rows, count] = await Promise.all([
      filtered
        .leftJoin('users', 'users.id', 'questions.user_id')
        .select([
          'questions.id',
          'questions.title',
          'questions.status',
          'questions.show',
          'questions.vote_count',
          'questions.answer_count',
          'questions.view_count',
          'questions.created_at',
          'questions.pin',
          'questions.accepted_answer_id',
          'questions.post_update_time',
          'questions.updated_at',
          'questions.last_edit_user_id',
          'users.id as author_id',
          'users.username',
          'users.display_name',
          'users.avatar',
          'users.e_mail',
          'users.rank',
          'users.status as user_status',
          'users.suspended_until',
          'users.mail_status',
        ])
        // The listed tabs in the public index's exact order, so the walk needs no sort.
        .$if(LISTED_TABS.has(search.filter), (q) =>
          q.orderBy('questions.pin', 'desc').orderBy('questions.created_at', 'desc'),
        )
        .orderBy('questions.id', 'desc')
        .limit(search.limit)
        .offset(search.offset)
        .execute(),
      cappedCount(db, filtered.select('questions.id as id') as never),
    ]);
    return { rows, count };
  },

  async answers(db: Db, search: ContentSearch<AdminAnswerFilter> & { questionId: string }) {
    const status = { normal: 1, deleted: 10, pending: 11 }[search.filter];
    const filtered = db
      .selectFrom('answers')
      .innerJoin('questions', 'questions.id', 'answers.question_id')
      .where((eb) => {
        const conditions: Expression<SqlBool>[] = [eb('answers.status', '=', status)];
        if (search.filter !== 'normal') conditions.push(HIDDEN_ANSWER);
        if (search.questionId) conditions.push(eb('answers.question_id', '=', search.questionId));
        if (search.query) conditions.push(titleOrId(eb as never, search.query, 'answer', 'answers.id'));
        return eb.and(conditions);
      });
    const [rows, count] = await Promise.all([
      filtered
        .leftJoin('users', 'users.id', 'answers.user_id')
        .select([
          'answers.id',
          'answers.question_id',
          'questions.title as question_title',
          'answers.parsed_text',
          'answers.status',
          'answers.accepted',
          'answers.vote_count',
          'answers.created_at',
          'answers.updated_at',
          'users.id as author_id',
          'users.username',
          'users.display_name',
          'users.avatar',
          'users.e_mail',
          'users.rank',
          'users.status as user_status',
          'users.suspended_until',
          'users.mail_status',
        ])
        .orderBy('answers.id', 'desc')
        .limit(search.limit)
        .offset(search.offset)
        .execute(),
      cappedCount(db, filtered.select('answers.id as id') as never),
    ]);
    return { rows, count };
  },
};
