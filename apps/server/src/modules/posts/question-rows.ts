import type { Db } from '../../infra/db.js';
import { nextId } from '../../lib/ids.js';
import { renderMarkdown } from '../../lib/markdown.js';
import { activitiesRepository } from '../activity/activities.repository.js';
import { revisionsRepository } from './revisions.repository.js';
import { questionsRepository } from './questions.repository.js';
import { searchIndex } from './search-index.js';
import { LINK_KIND, replaceLinks } from './question-links.js';

export interface NewQuestion {
  authorId: string;
  title: string;
  content: string;
  /** Existing main tags, in the order the asker gave them. */
  tagIds: string[];
  /** When it was asked: now for the service, the planned past for `inquire seed`. */
  at: number;
}

/**
 * The rows one asked question consists of: the question (with its rendered HTML), its tag
 * links, the questions its body links to, its first revision and the "asked" activity. Counters (tags' and the author's) are
 * the caller's, since a bulk writer moves them once per batch. Runs in the caller's transaction,
 * which also gets the question's search document.
 */
export async function insertQuestionRows(db: Db, question: NewQuestion): Promise<string> {
  const { authorId, title, content, tagIds, at } = question;
  const questionId = await nextId(db, 'question');
  const revisionId = await nextId(db, 'revision');
  await questionsRepository.insert(db, {
    id: questionId,
    user_id: authorId,
    title,
    original_text: content,
    parsed_text: renderMarkdown(content),
    revision_id: revisionId,
    post_update_time: at,
    created_at: at,
    updated_at: at,
  });
  for (const tagId of tagIds) await questionsRepository.linkTag(db, questionId, tagId, at);
  await replaceLinks(db, { questionId, kind: LINK_KIND.body }, content, at);
  await revisionsRepository.insert(db, {
    id: revisionId,
    user_id: authorId,
    object_type: 1,
    object_id: questionId,
    title,
    content: JSON.stringify({ title, content, tags: tagIds }),
    created_at: at,
    updated_at: at,
  });
  await activitiesRepository.insert(db, {
    id: await nextId(db, 'activity'),
    user_id: authorId,
    object_id: questionId,
    original_object_id: questionId,
    activity_type: 'question.asked',
    created_at: at,
    updated_at: at,
  });
  await searchIndex.syncQuestion(db, questionId);
  return questionId;
}
