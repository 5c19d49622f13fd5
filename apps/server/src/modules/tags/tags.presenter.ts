import type { SiteSettings, TagBrief, TagDetail, TagListItem } from '@inquire/shared';
import { plainText } from '../../lib/markdown.js';
import type { Actor } from '../auth/auth.service.js';
import { tagActions } from './tags.policy.js';
import type { TagRow } from './tags.repository.js';

/**
 * Reserved and recommended tags are chosen in the site_write settings (by slug); a flag on
 * the tag row counts too. A tag cannot be both: reserved wins (peer facts 7).
 */
export interface TagMarks {
  reserved: Set<string>;
  recommend: Set<string>;
}

export function tagMarks(write: SiteSettings['site_write']): TagMarks {
  return {
    reserved: new Set(write.reserved_tags.map((t) => t.slug_name)),
    recommend: new Set(write.recommend_tags.map((t) => t.slug_name)),
  };
}

export function marksOf(
  tag: { slug_name: string; reserved: number; recommend: number },
  marks: TagMarks,
): { reserved: boolean; recommend: boolean } {
  const reserved = tag.reserved === 1 || marks.reserved.has(tag.slug_name);
  return { reserved, recommend: !reserved && (tag.recommend === 1 || marks.recommend.has(tag.slug_name)) };
}

export function presentTagItem(tag: TagRow, marks: TagMarks, following: boolean): TagListItem {
  return {
    tag_id: tag.id,
    slug_name: tag.slug_name,
    display_name: tag.display_name || tag.slug_name,
    excerpt: plainText(tag.parsed_text, 240),
    original_text: tag.original_text,
    parsed_text: tag.parsed_text,
    follow_count: tag.follow_count,
    question_count: tag.question_count,
    is_follower: following,
    created_at: tag.created_at,
    updated_at: tag.updated_at,
    ...marksOf(tag, marks),
  };
}

/** `mainSlug` is set when the caller asked for a synonym of this tag, so it can redirect. */
export function presentTagDetail(
  tag: TagRow,
  marks: TagMarks,
  following: boolean,
  actor: Actor | null,
  mainSlug: string,
): TagDetail {
  return {
    ...presentTagItem(tag, marks, following),
    status: tag.status,
    main_tag_slug_name: mainSlug,
    member_actions: tagActions(actor, tag),
  };
}

export function presentTagBrief(tag: TagRow, marks: TagMarks, mainSlug = ''): TagBrief {
  return {
    tag_id: tag.id,
    slug_name: tag.slug_name,
    display_name: tag.display_name || tag.slug_name,
    main_tag_slug_name: mainSlug,
    ...marksOf(tag, marks),
  };
}
