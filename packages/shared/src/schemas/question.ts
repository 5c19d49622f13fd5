import { z } from 'zod';
import { QUESTION_ORDERS } from '../question-orders.js';

export const questionPageQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).catch(20).default(20),
  order: z.enum(QUESTION_ORDERS).catch('newest').default('newest'),
  in_days: z.coerce.number().int().min(0).max(3650).catch(0).default(0),
  /** A tag's slug: its questions, synonyms included (peer facts 6). */
  tag: z.string().trim().max(35).catch('').default(''),
});
export type QuestionPageQuery = z.infer<typeof questionPageQuery>;

/** `question/link`: the questions linking to `question_id`, in a list order (peer facts 6.1). */
export const questionLinkQuery = questionPageQuery.extend({
  question_id: z.string().trim().min(1, 'form.invalid_value').max(24, 'form.invalid_value'),
});

/** One row of a question list. */
export interface QuestionListItem {
  id: string;
  title: string;
  url_title: string;
  excerpt: string;
  status: number;
  pin: number;
  vote_count: number;
  answer_count: number;
  view_count: number;
  accepted_answer_id: string;
  created_at: number;
  updated_at: number;
  tags: { slug_name: string; display_name: string }[];
  operator: ListOperator;
  /** Answer's fields (peer facts 6.2 and 12.3). */
  description: string;
  unique_view_count: number;
  collection_count: number;
  follow_count: number;
  last_answer_id: string;
  show: number;
  operated_at: number;
  operation_type: 'asked' | 'answered' | 'modified';
  user_info: ListOperator;
}

export interface ListOperator {
  id: string;
  username: string;
  display_name: string;
  avatar: string;
  rank: number;
  status: 'normal' | 'inactive' | 'suspended' | 'deleted';
}
