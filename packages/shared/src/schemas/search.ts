import { z } from 'zod';
import { SEARCH_LIMITS, SEARCH_ORDERS } from '../search-limits.js';
import type { PostAuthor } from './post.js';

/**
 * `GET search`: the query string and paging, shared by the route and the search form. The
 * query's syntax (`[tag]`, `is:answer`, …) is parsed by the server, which names `q` when it
 * cannot be read.
 */
export const searchQuerySchema = z.object({
  q: z
    .string('form.search.q.required')
    .trim()
    .min(1, 'form.search.q.required')
    .max(SEARCH_LIMITS.queryMax, 'form.search.q.too_long'),
  order: z.enum(SEARCH_ORDERS).catch('relevance').default('relevance'),
  page: z.coerce.number().int().min(1).catch(1).default(1),
  size: z.coerce.number().int().min(1).max(SEARCH_LIMITS.sizeMax).catch(SEARCH_LIMITS.size).default(SEARCH_LIMITS.size),
  captcha_id: z.string().max(200).optional(),
  captcha_code: z.string().max(200).optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** One result of `GET search` (peer facts 10). `excerpt` is escaped HTML whose only tags are `<em>` marks. */
export interface SearchResultObject {
  id: string;
  question_id: string;
  title: string;
  url_title: string;
  excerpt: string;
  created_at: number;
  vote_count: number;
  accepted: boolean;
  answer_count: number;
  /** The author, with Answer's status word (`normal`, `suspended`, `deleted`, `inactive`). */
  user_info: PostAuthor;
  tags: { slug_name: string; display_name: string }[];
  status: number;
}

export interface SearchResultItem {
  object_type: 'question' | 'answer';
  object: SearchResultObject;
}

export interface SearchResults {
  count: number;
  list: SearchResultItem[];
}

/** `GET search/desc`: a search plugin's attribution; empty without one. */
export interface SearchDescription {
  name: string;
  icon: string;
  link: string;
}
