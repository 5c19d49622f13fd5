import {
  slugify,
  type AdminAnswerItem,
  type AdminPostStatus,
  type AdminQuestionItem,
  type PostAuthor,
  type SiteSettings,
} from '@inquire/shared';
import { plainText } from '../../lib/markdown.js';
import { isNoId, presentAuthor } from '../posts/post.presenter.js';

/** The author's columns a list row carries (a left join: null when the account row is gone). */
interface AuthorColumns {
  author_id: string | null;
  username: string | null;
  display_name: string | null;
  avatar: string | null;
  e_mail: string | null;
  rank: number | null;
  user_status: number | null;
  suspended_until: number | null;
  mail_status: number | null;
}

type Users = SiteSettings['site_users'];

const authorOf = (row: AuthorColumns) =>
  row.author_id ? { user_id: row.author_id, username: row.username ?? '', display_name: row.display_name ?? '' } : null;

/** Answer's `user_info` (UserBasicInfo), from the same presenter as the posts' authors. */
function userInfoOf(row: AuthorColumns, users: Users): PostAuthor | null {
  if (!row.author_id) return null;
  return presentAuthor(
    {
      id: row.author_id,
      username: row.username ?? '',
      display_name: row.display_name ?? '',
      avatar: row.avatar ?? '',
      e_mail: row.e_mail ?? '',
      rank: row.rank ?? 0,
      status: row.user_status ?? 1,
      suspended_until: row.suspended_until ?? 0,
      mail_status: row.mail_status ?? 1,
    },
    users,
  );
}

/** A row's badge: its status, with "unlisted" for a live question hidden from the lists. */
export function adminStatusOf(status: number, show = 1): AdminPostStatus {
  if (status === 10) return 'deleted';
  if (status === 11) return 'pending';
  if (show === 2) return 'unlisted';
  return status === 2 ? 'closed' : 'normal';
}

/** A question of the admin list: Inquire's fields for its page, and Answer's AdminQuestionInfo. */
export function presentAdminQuestion(
  row: AuthorColumns & {
    id: string;
    title: string;
    status: number;
    show: number;
    pin: number;
    vote_count: number;
    answer_count: number;
    view_count: number;
    accepted_answer_id: string;
    created_at: number;
    post_update_time: number;
    updated_at: number;
    last_edit_user_id: string;
  },
  users: Users,
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
    accepted_answer_id: row.accepted_answer_id || '0',
    create_time: row.created_at,
    update_time: row.post_update_time,
    edit_time: isNoId(row.last_edit_user_id) ? 0 : row.updated_at,
    show: row.show,
    pin: row.pin,
    user_info: userInfoOf(row, users),
  };
}

/** An answer of the admin list: Inquire's fields for its page, and Answer's AdminAnswerInfo. */
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
    updated_at: number;
  },
  users: Users,
): AdminAnswerItem {
  const excerpt = plainText(row.parsed_text, 140);
  return {
    id: row.id,
    question_id: row.question_id,
    question_title: row.question_title,
    url_title: slugify(row.question_title),
    excerpt,
    status: adminStatusOf(row.status),
    accepted: row.accepted === 2 ? 2 : 1,
    vote_count: row.vote_count,
    created_at: row.created_at,
    author: authorOf(row),
    description: excerpt,
    create_time: row.created_at,
    update_time: row.updated_at,
    user_info: userInfoOf(row, users),
    question_info: { title: row.question_title },
  };
}
