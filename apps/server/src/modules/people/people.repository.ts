import { PUBLIC_QUESTION_STATUSES } from '../posts/public-questions.js';
import { ANSWER_STATUS, QUESTION_SHOW, ROLE, USER_STATUS } from '@inquire/shared';
import { sql } from 'kysely';
import type { Db } from '../../infra/db.js';

/** A prefix test without LIKE, so `_` and `%` in names stay literal on both engines. */
function startsWith(column: string, text: string) {
  return sql<boolean>`substr(${sql.raw(column)}, 1, ${text.length}) = ${text}`;
}

const CARD = [
  'users.id',
  'users.username',
  'users.display_name',
  'users.avatar',
  'users.e_mail',
  'users.status',
  'users.rank',
] as const;

export const peopleRepository = {
  findByUsername(db: Db, username: string) {
    return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  },

  /** Top reputation gained since `since`: positive activity rows only. */
  mostReputation(db: Db, since: number, limit: number) {
    return db
      .selectFrom('activities')
      .innerJoin('users', 'users.id', 'activities.user_id')
      .select([...CARD, sql<number>`sum(activities.rank)`.as('gained')])
      .where('activities.has_rank', '=', 1)
      .where('activities.cancelled', '=', 0)
      .where('activities.created_at', '>=', since)
      .where('users.status', '!=', USER_STATUS.deleted)
      .groupBy(CARD)
      .having(sql`sum(activities.rank)`, '>', 0)
      .orderBy(sql`sum(activities.rank)`, 'desc')
      .orderBy('users.id')
      .limit(limit)
      .execute();
  },

  /** Most votes cast and received since `since`. */
  mostVotes(db: Db, since: number, limit: number) {
    const involved = db
      .selectFrom('votes')
      .select('user_id as uid')
      .where('updated_at', '>=', since)
      .unionAll(db.selectFrom('votes').select('object_user_id as uid').where('updated_at', '>=', since));
    return db
      .selectFrom(involved.as('v'))
      .innerJoin('users', 'users.id', 'v.uid')
      .select([...CARD, sql<number>`count(*)`.as('vote_count')])
      .where('users.status', '!=', USER_STATUS.deleted)
      .groupBy(CARD)
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('users.id')
      .limit(limit)
      .execute();
  },

  staff(db: Db, prefix = '', limit = 1000) {
    return db
      .selectFrom('users')
      .select(CARD)
      .where('role_id', 'in', [ROLE.admin, ROLE.moderator])
      .where('status', '!=', USER_STATUS.deleted)
      .$if(prefix !== '', (q) => q.where(startsWith('username', prefix.toLowerCase())))
      .limit(limit)
      .orderBy('rank', 'desc')
      .orderBy('id')
      .execute();
  },

  /** Members whose username or display name starts with the text (mentions, invitations). */
  search(db: Db, text: string, exceptId: string, limit: number) {
    const prefix = text.toLowerCase();
    return db
      .selectFrom('users')
      .select(CARD)
      .where('users.id', '!=', exceptId)
      .where('users.status', '!=', USER_STATUS.deleted)
      .where((eb) => eb.or([startsWith('username', prefix), startsWith('lower(display_name)', prefix)]))
      .orderBy('rank', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  topQuestions(db: Db, userId: string, limit: number) {
    return db
      .selectFrom('questions')
      .select(['id', 'title', 'vote_count', 'answer_count', 'accepted_answer_id', 'created_at'])
      .where('user_id', '=', userId)
      .where('status', 'in', PUBLIC_QUESTION_STATUSES)
      .where('show', '=', QUESTION_SHOW.shown)
      .orderBy('vote_count', 'desc')
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  },

  topAnswers(db: Db, userId: string, limit: number) {
    return db
      .selectFrom('answers')
      .innerJoin('questions', 'questions.id', 'answers.question_id')
      .select([
        'answers.id',
        'answers.question_id',
        'answers.vote_count',
        'answers.accepted',
        'answers.created_at',
        'questions.title',
      ])
      .where('answers.user_id', '=', userId)
      .where('answers.status', '=', ANSWER_STATUS.normal)
      .where('questions.status', 'in', PUBLIC_QUESTION_STATUSES)
      .where('questions.show', '=', QUESTION_SHOW.shown)
      .orderBy('answers.vote_count', 'desc')
      .orderBy('answers.created_at', 'desc')
      .limit(limit)
      .execute();
  },
};
