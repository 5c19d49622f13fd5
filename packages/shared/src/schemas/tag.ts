import type { MemberAction } from './answer-contract.js';
import { z } from 'zod';
import { LIMITS } from '../limits.js';

/**
 * Tag slugs: letters and digits of any script, and + # . - _ (so "c++", "c#", "node.js"
 * work). The peer has no whitelist (peer facts 7); spaces typed in a slug become "-".
 */
export const TAG_SLUG_PATTERN = /^[\p{L}\p{N}+#._-]+$/u;

/** What the server stores for a typed slug: trimmed, lowercased, spaces as "-". */
export function normalizeTagSlug(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, '-');
}

export const TAG_ORDERS = ['popular', 'name', 'newest'] as const;
export type TagOrder = (typeof TAG_ORDERS)[number];

/** Reason keys of the tag calls (peer facts 7); their texts live in the tags catalog. */
export const TAG_REASONS = {
  notFound: 'error.tag.not_found',
  alreadyExist: 'error.tag.already_exist',
  isUsedCannotDelete: 'error.tag.is_used_cannot_delete',
  notDeleted: 'error.tag.not_deleted',
  synonymOfItself: 'error.tag.cannot_set_synonym_as_itself',
  synonymHasSynonyms: 'error.tag.synonym_has_synonyms',
  deleted: 'error.tag.deleted',
} as const;

const slugField = z
  .string()
  .trim()
  .min(1, 'form.tag_slug.empty')
  .max(LIMITS.tagNameMax, 'form.tag_slug.range')
  .refine((text) => TAG_SLUG_PATTERN.test(normalizeTagSlug(text)), 'form.tag_slug.character')
  .transform(normalizeTagSlug);

/** POST tag (spec section 5: the tag modal's rules and messages). */
export const createTagSchema = z.object({
  display_name: z
    .string()
    .trim()
    .min(1, 'form.tag_display_name.empty')
    .max(LIMITS.tagNameMax, 'form.tag_display_name.range'),
  slug_name: slugField,
  original_text: z.string().max(65_536, 'form.tag_description.too_long').default(''),
});
export type CreateTagInput = z.input<typeof createTagSchema>;

export const tagPageQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).catch(20).default(20),
  slug_name: z.string().trim().max(LIMITS.tagNameMax, 'form.tag_slug.range').default(''),
  query_cond: z.enum(TAG_ORDERS).catch('popular').default('popular'),
});
export type TagPageQuery = z.infer<typeof tagPageQuery>;

/** GET tag: by id or by name (a slug); one of them is needed. */
export const tagInfoQuery = z
  .object({ id: z.string().trim().default(''), name: z.string().trim().max(200).default('') })
  .refine((q) => q.id !== '' || q.name !== '', { message: 'form.invalid_value', path: ['name'] });

export const tagIdQuery = z.object({ tag_id: z.string().trim().min(1, 'form.invalid_value') });
export const tagIdBody = tagIdQuery;

/** PUT tag/synonym: the full synonym set of a main tag. */
export const tagSynonymsSchema = z.object({
  tag_id: z.string().trim().min(1, 'form.invalid_value'),
  synonym_tag_list: z
    .array(
      z.object({
        slug_name: slugField,
        display_name: z.string().trim().max(LIMITS.tagNameMax, 'form.tag_display_name.range').default(''),
        original_text: z.string().max(65_536, 'form.tag_description.too_long').default(''),
      }),
    )
    .max(50, 'form.invalid_value'),
});
export type TagSynonymsInput = z.input<typeof tagSynonymsSchema>;

/** PUT follow/tags: the caller's whole set of followed tags. */
export const followTagsSchema = z.object({
  slug_name_list: z.array(z.string().trim().min(1).max(LIMITS.tagNameMax)).max(500, 'form.invalid_value'),
});

export const tagsBySlugQuery = z.object({ tags: z.string().max(2000).default('') });

/** What the caller may do with a tag: computed by the server, read by the UI. */
export interface TagActions {
  edit: boolean;
  delete: boolean;
  undelete: boolean;
  synonym: boolean;
}

/** A tag as lists show it (peer facts 12, tags/page item). */
export interface TagListItem {
  tag_id: string;
  slug_name: string;
  display_name: string;
  excerpt: string;
  /** Answer's name for the same plain-text excerpt. */
  description: string;
  original_text: string;
  parsed_text: string;
  follow_count: number;
  question_count: number;
  is_follower: boolean;
  created_at: number;
  updated_at: number;
  recommend: boolean;
  reserved: boolean;
}

/** GET tag: a synonym answers with its main tag and `main_tag_slug_name` set. */
export interface TagDetail extends TagListItem {
  status: number;
  main_tag_slug_name: string;
  /** What the caller may do, as flags (the web app) and as Answer's menu (`member_actions`). */
  actions: TagActions;
  member_actions: MemberAction[];
}

/** A short tag reference: tags/following, tags?tags=, tag/synonyms. */
export interface TagBrief {
  tag_id: string;
  slug_name: string;
  display_name: string;
  main_tag_slug_name: string;
  recommend: boolean;
  reserved: boolean;
}

export interface TagSynonyms {
  synonyms: TagBrief[];
  actions: { synonym: boolean };
  member_actions: MemberAction[];
}
