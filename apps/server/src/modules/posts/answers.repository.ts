import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import { ANSWER_STATUS } from '@inquire/shared';
import type { AnswersTable } from '../../db/database.js';
import { plansAlike, type Db } from '../../infra/db.js';
import { parsedJson } from '../../infra/json-columns.js';
import { preparedQuery } from '../../infra/prepared-query.js';
import { nowSeconds } from '../../lib/clock.js';
import { searchFeedQueue } from './search-feed-queue.js';
import { searchIndex } from './search-index.js';
import { LINK_KIND, replaceLinks } from './question-links.js';
import { authorOf } from '../users/users.repository.js';
import type { AuthorRow } from './post.presenter.js';

export type AnswerRow = Selectable<AnswersTable>;

type VisibleTo = { userId: string; seesOthersRestricted: boolean };

/** A question's answers that `visibleTo` may see: live ones, and their own pending ones (staff: all). */
function visibleAnswers(db: Db, questionId: string, visibleTo: VisibleTo) {
  const base = db.selectFrom('answers').where('question_id', '=', questionId);
  return visibleTo.seesOthersRestricted
    ? base
    : base.where((eb) =>
        eb.or([
          eb('status', '=', ANSWER_STATUS.normal),
          eb.and([eb('user_id', '=', visibleTo.userId), eb('status', '=', ANSWER_STATUS.pending)]),
        ]),
      );
}

type AnswersPage = { questionId: string; userId: string; offset: number };

/**
 * One page of a question's answers as a reader sees them (prepared, per kind of reader and page
 * size: every question page). The size is written into the text: SQLite sorts a page whose
 * LIMIT is a parameter in about twice the time (75 against 37 µs for a page of 5 answers),
 * and page sizes are 1 to 100.
 */
const answersPage = (seesOthersRestricted: boolean, limit: number) =>
  preparedQuery((db, v: AnswersPage) =>
    visibleAnswers(db, v.questionId, { userId: v.userId, seesOthersRestricted })
      .selectAll()
      // The reader's own vote comes with each answer: a round trip less on every question page.
      .select((eb) =>
        eb
          .selectFrom('votes')
          .select('votes.vote')
          .whereRef('votes.object_id', '=', 'answers.id')
          .where('votes.user_id', '=', v.userId)
          .as('viewer_vote'),
      )
      // And its author and last editor, as the page shows them: a round trip less again.
      .select([
        authorOf(db, 'answers.user_id').as('page_author'),
        authorOf(db, 'answers.last_edit_user_id').as('page_editor'),
      ])
      .orderBy('accepted', 'desc')
      .orderBy('vote_count', 'desc')
      .orderBy('created_at', 'asc')
      .limit(sql.lit(limit))
      .offset(v.offset)
      // Always one question's answers, through its index, then sorted.
      .modifyEnd(plansAlike),
  );
const answersPages = new Map<string, ReturnType<typeof answersPage>>();

function answersPageOf(seesOthersRestricted: boolean, limit: number) {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`answers page: bad size ${limit}`);
  const key = `${seesOthersRestricted} ${limit}`;
  let read = answersPages.get(key);
  if (!read) answersPages.set(key, (read = answersPage(seesOthersRestricted, limit)));
  return read;
}

export const answersRepository = {
  /**
   * A new answer, with its search document and the questions it links to (on the same
   * connection: the caller's transaction).
   */
  async insert(db: Db, row: Insertable<AnswersTable>): Promise<void> {
    await db.insertInto('answers').values(row).execute();
    await searchIndex.syncAnswer(db, row.id);
    const from = { questionId: row.question_id, answerId: row.id, kind: LINK_KIND.body };
    await replaceLinks(db, from, row.original_text ?? '', row.created_at ?? 0);
  },

  findById(db: Db, id: string): Promise<AnswerRow | undefined> {
    return db.selectFrom('answers').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async findByIds(db: Db, ids: string[]): Promise<AnswerRow[]> {
    if (ids.length === 0) return [];
    return db.selectFrom('answers').selectAll().where('id', 'in', ids).execute();
  },

  /** The id of this user's first live answer to this question ('' when none). */
  async firstIdByAuthor(db: Db, questionId: string, userId: string): Promise<string> {
    const row = await db
      .selectFrom('answers')
      .select('id')
      .where('question_id', '=', questionId)
      .where('user_id', '=', userId)
      .where('status', '!=', ANSWER_STATUS.deleted)
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirst();
    return row?.id ?? '';
  },

  /** A live answer of this user to this question (restrict_answer). */
  findByAuthor(db: Db, questionId: string, userId: string): Promise<AnswerRow | undefined> {
    return db
      .selectFrom('answers')
      .selectAll()
      .where('question_id', '=', questionId)
      .where('user_id', '=', userId)
      .where('status', '!=', ANSWER_STATUS.deleted)
      .executeTakeFirst();
  },

  /** The same member's same answer posted since `since` (a double submit). */
  findDuplicate(db: Db, questionId: string, userId: string, content: string, since: number) {
    return db
      .selectFrom('answers')
      .select('id')
      .where('question_id', '=', questionId)
      .where('user_id', '=', userId)
      .where('original_text', '=', content)
      .where('created_at', '>=', since)
      .executeTakeFirst();
  },

  /** Answers of a question, the accepted one first, then by score and age. */
  async listForQuestion(db: Db, questionId: string, visibleTo: VisibleTo, page: number, pageSize: number) {
    const read = answersPageOf(visibleTo.seesOthersRestricted, pageSize);
    const rows = await read(db, { questionId, userId: visibleTo.userId, offset: (page - 1) * pageSize });
    const votes = new Map(rows.map((row) => [row.id, row.viewer_vote ?? 0]));
    // Authors and editors by id (an editor without a row, '0' or gone, is none).
    const people = new Map<string, AuthorRow>();
    for (const row of rows) {
      for (const json of [row.page_author, row.page_editor]) {
        const person = parsedJson<AuthorRow>(json);
        if (person) people.set(person.id, person);
      }
    }
    const list: AnswerRow[] = rows.map(
      ({ viewer_vote: _vote, page_author: _author, page_editor: _editor, ...answer }) => answer,
    );
    // A first page that is not full holds them all: no count to read.
    if (page === 1 && list.length < pageSize) return { count: list.length, list, votes, people };
    const total = await visibleAnswers(db, questionId, visibleTo)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return { count: Number(total.count), list, votes, people };
  },

  /** Marks one answer accepted and every other answer of the question not accepted. */
  async setAccepted(db: Db, questionId: string, answerId: string): Promise<void> {
    await db
      .updateTable('answers')
      .set({ accepted: sql<number>`case when id = ${answerId} then 2 else 1 end` })
      .where('question_id', '=', questionId)
      .execute();
    // A search plugin's documents carry "accepted" (the question's and each answer's).
    await searchFeedQueue.enqueueThread(db, questionId, nowSeconds());
  },
};
