import type { Insertable } from 'kysely';
import type { TagsTable } from '../../db/database.js';
import type { Db } from '../../infra/db.js';
import { nextId } from '../../lib/ids.js';
import { activitiesRepository } from '../activity/activities.repository.js';
import { revisionsRepository } from './revisions.repository.js';
import { tagsRepository } from './tags.repository.js';

/** Object type code of tags in revisions (peer facts 0.1). */
const TAG_OBJECT_TYPE = 3;

export interface NewTag {
  slug_name: string;
  display_name: string;
  original_text: string;
  parsed_text: string;
  main_tag_id?: string;
  main_tag_slug_name?: string;
}

/**
 * The tag as a revision stores it: the peer's tag entity as JSON, so a timeline can show
 * and diff it (slug_name, display_name, original_text, main_tag_slug_name …).
 */
export function tagSnapshot(row: Insertable<TagsTable> & { main_tag_slug_name: string }): string {
  return JSON.stringify({
    id: row.id,
    created_at: row.created_at ?? 0,
    updated_at: row.updated_at ?? 0,
    main_tag_id: row.main_tag_id || '0',
    main_tag_slug_name: row.main_tag_slug_name,
    slug_name: row.slug_name,
    display_name: row.display_name ?? '',
    original_text: row.original_text ?? '',
    parsed_text: row.parsed_text ?? '',
    follow_count: 0,
    question_count: 0,
    status: 1,
    recommend: false,
    reserved: false,
    revision_id: row.revision_id || '0',
  });
}

/**
 * Creates a tag with its history: the tag row, its first revision and a "created" activity
 * (peer facts 3.2: directly, through a synonym, or by a question). Run inside a transaction.
 */
export async function insertTagWithHistory(db: Db, tag: NewTag, userId: string, now: number): Promise<string> {
  const id = await nextId(db, 'tag');
  const revisionId = await nextId(db, 'revision');
  const row = {
    id,
    slug_name: tag.slug_name,
    display_name: tag.display_name,
    original_text: tag.original_text,
    parsed_text: tag.parsed_text,
    main_tag_id: tag.main_tag_id ?? '',
    revision_id: revisionId,
    created_at: now,
    updated_at: now,
  };
  // Two questions may bring the same new tag at once: the second one uses the tag the first made
  // (on PostgreSQL a unique violation would abort its whole transaction).
  if (!(await tagsRepository.insertIfSlugFree(db, row))) {
    const existing = await tagsRepository.findBySlugs(db, [tag.slug_name]);
    const found = existing[0];
    if (!found) throw new Error(`tag ${tag.slug_name} was neither inserted nor found`);
    return found.id;
  }
  await revisionsRepository.insert(db, {
    id: revisionId,
    user_id: userId,
    object_type: TAG_OBJECT_TYPE,
    object_id: id,
    title: tag.display_name,
    content: tagSnapshot({ ...row, main_tag_slug_name: tag.main_tag_slug_name ?? '' }),
    created_at: now,
    updated_at: now,
  });
  await recordTagActivity(db, id, 'tag.created', userId, now);
  return id;
}

/** A tag's timeline entry: created, deleted, undeleted. */
export async function recordTagActivity(
  db: Db,
  tagId: string,
  type: 'tag.created' | 'tag.deleted' | 'tag.undeleted',
  userId: string,
  now: number,
): Promise<void> {
  await activitiesRepository.insert(db, {
    id: await nextId(db, 'activity'),
    user_id: userId,
    object_id: tagId,
    original_object_id: tagId,
    activity_type: type,
    created_at: now,
    updated_at: now,
  });
}
