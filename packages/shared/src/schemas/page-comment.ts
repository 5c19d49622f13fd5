import type { CommentCompat, CommentItem, CommentView } from './post.js';

// A question page's comments as the browser reads them. Kept apart from interactions.ts, whose
// zod schemas a page that only shows comments should not download.

/** What a comment holds when nothing sets it: no source, no votes, no reply, no avatar, no actions. */
export const COMMENT_DEFAULTS = {
  original_text: '',
  vote_count: 0,
  user_id: '',
  user_avatar: '',
  reply_comment_id: '',
  reply_username: '',
  reply_user_display_name: '',
  is_vote: false,
  actions: { edit: false, delete: false, vote_up: false },
} as const satisfies Partial<CommentItem>;

export type CommentDefaults = keyof typeof COMMENT_DEFAULTS;

/**
 * A comment as a page carries it: its post is the key it is filed under, and the fields that
 * hold their default are left out. A question page has dozens of comments, most with no
 * votes, reply or actions, and each full item repeats about 250 bytes of empty fields.
 */
export type PageComment = Omit<CommentItem, 'object_id' | CommentDefaults | keyof CommentCompat> &
  Partial<Pick<CommentItem, CommentDefaults>>;

/** The full comment again, on the post `objectId` it was filed under. */
export function fullComment(comment: PageComment, objectId: string): CommentView {
  return { ...COMMENT_DEFAULTS, actions: { ...COMMENT_DEFAULTS.actions }, ...comment, object_id: objectId };
}
