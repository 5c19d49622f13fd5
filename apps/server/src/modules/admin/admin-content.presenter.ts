import { slugify, type AdminAnswerItem, type AdminPostStatus, type AdminQuestionItem } from '@inquire/shared';
import { plainText } from '../../lib/markdown.js';

interface AuthorColumns {
  author_id: string | null;
  username: string | null;
  display_name: string | null;
}

const authorOf = (row: AuthorColumns) =>
  row.author_id ? { user_id: row.author_id, username: row.username ?? '', display_name: row.display_name ?? '' } : null;

/** A row's badge: its status, with "unlisted" for a live question hidden from the lists. */
export function adminStatusOf(status: number, show = 1): AdminPostStatus {
  if (status === 10) return 'deleted';
  if (status === 11) return 'pending';
  if (show === 2) return 'unlisted';
  return status === 2 ? 'closed' : 'normal';
}

export function presentAdminQuestion(
  row: AuthorColumns & {
    id: string;
    title: string;
    status: number;
    show: number;
    vote_count: number;
    answer_count: number;
    view_count: number;
    created_at: number;
  },
): AdminQuestionItem {
  return {
    id: row.id,
    title: row.title,
    url_title: slugify(row.title),
    status: adminStatusOf(row.status, row.show),
    vote_count: row.vote_count,
    answer_count: row.answer_count,
    view_count: row.view_count,
    created_at: row.created_at,
    author: authorOf(row),
  };
}

export function presentAdminAnswer(
  row: AuthorColumns & {
    id: string;
    question_id: string;
    question_title: string;
    parsed_text: string;
    status: number;
    accepted: number;
    vote_count: number;
    created_at: number;
  },
): AdminAnswerItem {
  return {
    id: row.id,
    question_id: row.question_id,
    question_title: row.question_title,
    url_title: slugify(row.question_title),
    excerpt: plainText(row.parsed_text, 140),
    status: adminStatusOf(row.status),
    accepted: row.accepted === 2,
    vote_count: row.vote_count,
    created_at: row.created_at,
    author: authorOf(row),
  };
}
