import { translate } from '@inquire/i18n';
import type { Language } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { nextId } from '../../lib/ids.js';
import { renderMarkdown } from '../../lib/markdown.js';
import { activitiesRepository } from '../activity/activities.repository.js';
import { questionsRepository } from '../posts/questions.repository.js';
import { revisionsRepository } from '../posts/revisions.repository.js';
import { searchIndex } from '../posts/search-index.js';
import { tagsRepository } from '../posts/tags.repository.js';

interface SeedInput {
  adminId: string;
  lang: Language;
  siteName: string;
  now: number;
}

/** Like the peer, a new site starts with a `support` tag and a welcome question by the admin. */
export async function seedWelcomeContent(db: Db, input: SeedInput): Promise<void> {
  const { adminId, lang, now } = input;
  const tagId = await nextId(db, 'tag');
  const tagText = translate(lang, 'seed.tag_description');
  await tagsRepository.insert(db, {
    id: tagId,
    slug_name: translate(lang, 'seed.tag_name'),
    display_name: translate(lang, 'seed.tag_name'),
    original_text: tagText,
    parsed_text: renderMarkdown(tagText),
    created_at: now,
    updated_at: now,
  });

  const questionId = await nextId(db, 'question');
  const revisionId = await nextId(db, 'revision');
  const title = translate(lang, 'seed.question_title', { site: input.siteName });
  const body = translate(lang, 'seed.question_body');
  await questionsRepository.insert(db, {
    id: questionId,
    user_id: adminId,
    title,
    original_text: body,
    parsed_text: renderMarkdown(body),
    revision_id: revisionId,
    post_update_time: now,
    created_at: now,
    updated_at: now,
  });
  await questionsRepository.linkTag(db, questionId, tagId, now);
  await tagsRepository.bumpQuestionCount(db, tagId, 1);
  // Searchable from the start: similar questions on the ask form offer it on a new site.
  await searchIndex.syncQuestion(db, questionId);
  await revisionsRepository.insert(db, {
    id: revisionId,
    user_id: adminId,
    object_type: 1,
    object_id: questionId,
    title,
    content: JSON.stringify({ title, content: body, tags: [tagId] }),
    created_at: now,
    updated_at: now,
  });
  await activitiesRepository.insert(db, {
    id: await nextId(db, 'activity'),
    user_id: adminId,
    object_id: questionId,
    original_object_id: questionId,
    activity_type: 'question.asked',
    created_at: now,
    updated_at: now,
  });
  await db.updateTable('users').set({ question_count: 1 }).where('id', '=', adminId).execute();
}
