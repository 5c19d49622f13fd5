import type { QuestionTag, SiteSettings, TagBrief, TagDetail, TagListItem } from '@inquire/shared';
import { plainText } from '../../lib/markdown.js';
import type { Actor } from '../auth/auth.service.js';
import { tagMemberActions } from './member-actions.js';
import { tagActions } from './tag-policy.js';
import { NO_MAIN_TAG, type tagsRepository, type TagRow } from './tags.repository.js';

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

/** A tag as a question carries it (question/info, the personal lists): Answer's TagResp. */
export function presentQuestionTag(
  tag: { slug_name: string; display_name: string; reserved: number; recommend: number },
  marks: TagMarks,
): QuestionTag {
  return {
    slug_name: tag.slug_name,
    display_name: tag.display_name || tag.slug_name,
    main_tag_slug_name: '',
    ...marksOf(tag, marks),
  };
}

export function presentTagItem(tag: TagRow, marks: TagMarks, following: boolean): TagListItem {
  return {
    tag_id: tag.id,
    slug_name: tag.slug_name,
    display_name: tag.display_name || tag.slug_name,
    excerpt: plainText(tag.parsed_text, 240),
    description: plainText(tag.parsed_text, 240),
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
  const actions = tagActions(actor, tag);
  return {
    ...presentTagItem(tag, marks, following),
    status: tag.status,
    main_tag_slug_name: mainSlug,
    actions,
    member_actions: tagMemberActions(actions),
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

export interface TagSuggestion {
  slug_name: string;
  display_name: string;
  recommend: boolean;
  reserved: boolean;
}

type SearchRow = Awaited<ReturnType<typeof tagsRepository.search>>[number];

/** Picker suggestions: main tags once each (a synonym brings its main tag), recommended, then reserved. */
export function presentSuggestions(rows: SearchRow[], marks: TagMarks): TagSuggestion[] {
  const tags = new Map<string, TagSuggestion>();
  for (const row of rows) {
    const main =
      row.main_tag_id === NO_MAIN_TAG
        ? row
        : row.main_slug_name
          ? {
              slug_name: row.main_slug_name,
              display_name: row.main_display_name ?? row.main_slug_name,
              recommend: row.main_recommend ?? 0,
              reserved: row.main_reserved ?? 0,
            }
          : undefined;
    if (main && !tags.has(main.slug_name)) {
      tags.set(main.slug_name, { slug_name: main.slug_name, display_name: main.display_name, ...marksOf(main, marks) });
    }
  }
  const rank = (t: TagSuggestion) => (t.recommend ? 0 : t.reserved ? 1 : 2);
  return [...tags.values()].sort((a, b) => rank(a) - rank(b));
}

/** What the picker offers before anything is typed: the recommended main tags. */
export function presentRecommended(rows: TagRow[], marks: TagMarks): TagSuggestion[] {
  return rows
    .filter((row) => row.main_tag_id === NO_MAIN_TAG)
    .map((row) => ({ slug_name: row.slug_name, display_name: row.display_name, ...marksOf(row, marks) }))
    .filter((tag) => tag.recommend);
}
