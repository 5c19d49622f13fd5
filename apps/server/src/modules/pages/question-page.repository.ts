import { sql } from 'kysely';
import { USER_STATUS } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { jsonArray, jsonObject, parsedJson } from '../../infra/json-columns.js';
import { preparedQuery } from '../../infra/prepared-query.js';
import { inviteeColumns, type InviteeRow } from '../invites/invites.repository.js';
import type { AuthorRow, QuestionParts } from '../posts/post.presenter.js';
import { listedTagsOf, type QuestionRow } from '../posts/questions.repository.js';
import { authorOf } from '../users/users.repository.js';

/**
 * A question's row with what its page shows of it besides: its author, its listed tags, the
 * reader's bookmark, follow and vote, and who is invited to answer it.
 */
export interface QuestionPageRow extends QuestionParts {
  question: QuestionRow;
  invitees: InviteeRow[];
}

/**
 * One round trip for what were five (the row, its author, its tags, the reader's engagement,
 * its invitees): on PostgreSQL each read of a member's question page cost ~0.4 ms of its render
 * on a 2-core machine, parallel or not (measured at 1M questions). The row comes back whatever
 * the reader may see: the caller applies the one visibility rule to it before using any part.
 */
const questionPageRow = preparedQuery((db, v: { id: string; viewerId: string }) => {
  const invitees = jsonArray(
    db,
    jsonObject(db, inviteeColumns('u')),
    // The order of invitesRepository.listFor.
    'i.created_at, u.username',
    sql`from question_invites i inner join users u on u.id = i.user_id where i.question_id = questions.id and u.status <> ${USER_STATUS.deleted}`,
  );
  return db
    .selectFrom('questions')
    .selectAll('questions')
    .select([
      authorOf(db, 'questions.user_id').as('page_author'),
      listedTagsOf(db, 'questions.id').as('page_tags'),
      sql`exists (select 1 from collections c where c.user_id = ${v.viewerId} and c.object_id = questions.id)`.as(
        'page_collected',
      ),
      sql`exists (select 1 from follows f where f.user_id = ${v.viewerId} and f.object_id = questions.id)`.as(
        'page_followed',
      ),
      sql`(select vo.vote from votes vo where vo.user_id = ${v.viewerId} and vo.object_id = questions.id)`.as(
        'page_vote',
      ),
      invitees.as('page_invitees'),
    ])
    .where('questions.id', '=', v.id);
});

export const questionPageRepository = {
  /** The question and its page's parts (see QuestionPageRow); undefined when there is no such question. */
  async find(db: Db, id: string, viewerId: string): Promise<QuestionPageRow | undefined> {
    const [row] = await questionPageRow(db, { id, viewerId });
    if (!row) return undefined;
    const { page_author, page_tags, page_collected, page_followed, page_vote, page_invitees, ...question } = row;
    return {
      question: question as QuestionRow,
      author: parsedJson<AuthorRow>(page_author),
      tags: parsedJson<QuestionParts['tags']>(page_tags) ?? [],
      // PostgreSQL answers booleans, SQLite 0 and 1; a guest (no id) has none of them.
      engagement: {
        collected: viewerId !== '' && Boolean(page_collected),
        followed: viewerId !== '' && Boolean(page_followed),
        vote: viewerId === '' ? undefined : ((page_vote as number | null) ?? undefined),
      },
      invitees: parsedJson<InviteeRow[]>(page_invitees) ?? [],
    };
  },
};
