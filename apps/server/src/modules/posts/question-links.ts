import type { Db } from '../../infra/db.js';

/** Why a post points at a question: a link in its body, or the original of a duplicate. */
export const LINK_KIND = { body: 1, duplicate: 2 } as const;

/** The question's own body, as the linking post of a `question_links` row. */
export const QUESTION_BODY = '0';

/**
 * A question of this site named in markdown: its address (`/questions/<id>`, relative or
 * absolute, any permalink form after the id) or `#<id>` (peer facts 6.1). Only question ids
 * (object type 1) are taken, and only those that exist are linked (`replaceLinks`), so a
 * look-alike address elsewhere links nothing unless it names a question of this database.
 */
const ADDRESS = /\/questions\/(1001\d{13})(?!\d)/g;
const HASH = /(?:^|[\s(])#(1001\d{13})(?!\d)/g;

export function linkedQuestionIds(markdown: string): string[] {
  const ids = new Set<string>();
  for (const pattern of [ADDRESS, HASH]) {
    for (const match of markdown.matchAll(pattern)) if (match[1]) ids.add(match[1]);
  }
  return [...ids];
}

/**
 * Replaces what one post links to: the rows of (question, answer, kind) become the questions
 * `markdown` names, other than the post's own question. Runs in the post write's transaction,
 * so an edit that removes a link removes its row with it.
 */
export async function replaceLinks(
  db: Db,
  from: { questionId: string; answerId?: string; kind: number },
  markdown: string,
  now: number,
): Promise<void> {
  const answerId = from.answerId ?? QUESTION_BODY;
  await db
    .deleteFrom('question_links')
    .where('from_question_id', '=', from.questionId)
    .where('from_answer_id', '=', answerId)
    .where('kind', '=', from.kind)
    .execute();
  const named = linkedQuestionIds(markdown).filter((id) => id !== from.questionId);
  if (named.length === 0) return;
  const existing = await db.selectFrom('questions').select('id').where('id', 'in', named).execute();
  if (existing.length === 0) return;
  await db
    .insertInto('question_links')
    .values(
      existing.map((q) => ({
        from_question_id: from.questionId,
        from_answer_id: answerId,
        kind: from.kind,
        to_question_id: q.id,
        created_at: now,
      })),
    )
    .execute();
}
