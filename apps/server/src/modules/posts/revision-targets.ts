import { isActiveStaff } from '../auth/actor.js';
import { objectTypeOf, QUESTION_SHOW, REASONS, TAG_STATUS, CURATION_REASONS } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { AppError } from '../../lib/errors.js';
import { renderMarkdown } from '../../lib/markdown.js';
import { answersRepository, type AnswerRow } from './answers.repository.js';
import type { Actor } from '../auth/auth.service.js';
import { canSeePost } from './visibility.js';
import { questionsRepository, type QuestionRow } from './questions.repository.js';
import { postWrites } from './post-writes.repository.js';
import { answerSnapshot, questionSnapshot, tagSnapshot } from './snapshots.js';

export type TagRow = NonNullable<Awaited<ReturnType<typeof postWrites.findTag>>>;

/** An object that has revisions and a timeline, loaded with what its visibility depends on. */
export type Target =
  | { kind: 'question'; id: string; objectType: 1; row: QuestionRow; questionId: string }
  | { kind: 'answer'; id: string; objectType: 2; row: AnswerRow; question: QuestionRow; questionId: string }
  | { kind: 'tag'; id: string; objectType: 3; row: TagRow; questionId: '' };

/**
 * Loads a question, answer or tag the caller may see: deleted, pending and unlisted posts
 * (and answers of such questions) only for their author and staff, deleted tags only for
 * staff. Anything else is not found.
 */
export async function loadTarget(db: Db, id: string, actor: Actor | null): Promise<Target> {
  const type = objectTypeOf(id);
  if (type === 'question') {
    const row = await questionsRepository.findById(db, id);
    if (row && canSeePost(actor, row)) return { kind: 'question', id, objectType: 1, row, questionId: id };
  }
  if (type === 'answer') {
    const row = await answersRepository.findById(db, id);
    const question = row ? await questionsRepository.findById(db, row.question_id) : undefined;
    if (row && question && canSeePost(actor, row) && canSeePost(actor, question)) {
      return { kind: 'answer', id, objectType: 2, row, question, questionId: question.id };
    }
  }
  if (type === 'tag') {
    const row = await postWrites.findTag(db, id);
    if (row && (row.status !== TAG_STATUS.deleted || isActiveStaff(actor))) {
      return { kind: 'tag', id, objectType: 3, row, questionId: '' };
    }
  }
  throw AppError.notFound(REASONS.objectNotFound);
}

/** The author of a post; tags have none. */
export function authorOf(target: Target): string {
  return target.kind === 'tag' ? '' : target.row.user_id;
}

/** The current revision of an object, as a JSON snapshot, to compare an edit with. */
export async function currentSnapshot(db: Db, target: Target): Promise<string> {
  if (target.kind === 'question') {
    const tags = (await postWrites.linkedTagIds(db, target.id)).map((l) => l.tag_id).sort();
    return JSON.stringify({ title: target.row.title, content: target.row.original_text, tags });
  }
  if (target.kind === 'answer') return JSON.stringify({ content: target.row.original_text });
  const { slug_name, display_name, original_text } = target.row;
  return JSON.stringify({ slug_name, display_name, original_text });
}

/** A slug another tag already uses cannot be taken by an edit. */
export async function assertSlugFree(db: Db, target: Target, content: string): Promise<void> {
  if (target.kind !== 'tag') return;
  const { slug_name } = tagSnapshot(content);
  const other = await postWrites.findTagBySlug(db, slug_name);
  if (other && other.id !== target.id) {
    throw AppError.fields([{ field: 'slug_name', key: CURATION_REASONS.tagSlugTaken }], CURATION_REASONS.tagSlugTaken);
  }
}

/** Applies a revision's snapshot to its object (edit, approval, rollback alike), search index included. */
export async function applyRevision(
  db: Db,
  target: Target,
  revision: { id: string; content: string },
  editorId: string,
  now: number,
): Promise<void> {
  if (target.kind === 'question') {
    const q = questionSnapshot(revision.content);
    await postWrites.updateQuestion(
      db,
      target.id,
      {
        title: q.title,
        original_text: q.content,
        parsed_text: renderMarkdown(q.content),
        revision_id: revision.id,
        editor: editorId,
      },
      now,
    );
    const status = target.row.show === QUESTION_SHOW.hidden ? 2 : 1;
    if (target.row.status !== 10) await postWrites.relinkTags(db, target.id, q.tags, status, now);
    return;
  }
  if (target.kind === 'answer') {
    const a = answerSnapshot(revision.content);
    await postWrites.updateAnswer(
      db,
      target.id,
      { original_text: a.content, parsed_text: renderMarkdown(a.content), revision_id: revision.id, editor: editorId },
      now,
    );
    await postWrites.touchQuestion(db, target.questionId, now);
    return;
  }
  const t = tagSnapshot(revision.content);
  await postWrites.updateTag(
    db,
    target.id,
    { ...t, parsed_text: renderMarkdown(t.original_text), revision_id: revision.id },
    now,
  );
}
