import { MAIL_STATUS, USER_STATUS } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { preparedQuery } from '../../infra/prepared-query.js';
import type { UserRow } from '../users/users.repository.js';

const INVITEE = [
  'users.id',
  'users.username',
  'users.display_name',
  'users.avatar',
  'users.e_mail',
  'users.status',
] as const;

/** An invitee as read (`listFor`), to show as `question/invite` does. */
export type InviteeRow = Pick<UserRow, 'id' | 'username' | 'display_name' | 'avatar' | 'e_mail' | 'status'>;

/** The invitee's columns of the users row aliased `alias`, by name (for infra/json-columns.ts). */
export const inviteeColumns = (alias: string): Record<string, string> =>
  Object.fromEntries(
    INVITEE.map((column) => column.replace('users.', '')).map((field) => [field, `${alias}.${field}`]),
  );

/** Prepared (infra/prepared-query.ts): every question page shows who was invited. */
const inviteesOf = preparedQuery((db, v: { questionId: string }) =>
  db
    .selectFrom('question_invites')
    .innerJoin('users', 'users.id', 'question_invites.user_id')
    .select(INVITEE)
    .where('question_invites.question_id', '=', v.questionId)
    .where('users.status', '!=', USER_STATUS.deleted)
    .orderBy('question_invites.created_at', 'asc')
    .orderBy('users.username', 'asc'),
);

export const invitesRepository = {
  /** The people invited to answer a question, in the order they were invited. */
  listFor(db: Db, questionId: string) {
    return inviteesOf(db, { questionId });
  },

  async invitedIds(db: Db, questionId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('question_invites')
      .select('user_id')
      .where('question_id', '=', questionId)
      .execute();
    return rows.map((r) => r.user_id);
  },

  /** Activated, not suspended or deleted members with these usernames. */
  activeByUsernames(db: Db, usernames: string[]) {
    if (usernames.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('users')
      .select(INVITEE)
      .where('username', 'in', usernames)
      .where('mail_status', '=', MAIL_STATUS.activated)
      .where('status', '=', USER_STATUS.normal)
      .execute();
  },

  /** Replaces the invite list: removes who is no longer on it, adds who is new (kept as invited before). */
  async replace(db: Db, questionId: string, inviterId: string, userIds: string[], now: number): Promise<void> {
    let removal = db.deleteFrom('question_invites').where('question_id', '=', questionId);
    if (userIds.length) removal = removal.where('user_id', 'not in', userIds);
    await removal.execute();
    if (userIds.length === 0) return;
    await db
      .insertInto('question_invites')
      .values(
        userIds.map((userId) => ({ question_id: questionId, user_id: userId, inviter_id: inviterId, created_at: now })),
      )
      .onConflict((oc) => oc.columns(['question_id', 'user_id']).doNothing())
      .execute();
  },
};
