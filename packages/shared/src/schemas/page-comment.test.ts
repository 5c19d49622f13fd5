import { describe, expect, it } from 'vitest';
import { compactComment, fullComment } from './interactions.js';
import type { CommentView } from './post.js';

const plain: CommentView = {
  comment_id: '10070000000000001',
  object_id: '10010000000000001',
  created_at: 1_700_000_000,
  original_text: '',
  parsed_text: 'Did you check the logs?',
  vote_count: 0,
  user_id: '',
  username: 'ann',
  user_display_name: 'Ann',
  user_avatar: '',
  reply_comment_id: '',
  reply_username: '',
  reply_user_display_name: '',
  is_vote: false,
  actions: { edit: false, delete: false, vote_up: false },
};

describe('comments as a page carries them', () => {
  it('[P-4] leave out the post they are filed under and every field that holds its default', () => {
    expect(compactComment(plain)).toEqual({
      comment_id: plain.comment_id,
      created_at: plain.created_at,
      parsed_text: plain.parsed_text,
      username: 'ann',
      user_display_name: 'Ann',
    });
  });

  it('[P-4] come back whole, defaults or not', () => {
    expect(fullComment(compactComment(plain), plain.object_id)).toEqual(plain);
    const busy: CommentView = {
      ...plain,
      original_text: 'Did you check the logs?',
      vote_count: 3,
      user_id: '10040000000000002',
      user_avatar: 'https://example.com/a.png',
      reply_comment_id: '10070000000000000',
      reply_username: 'ben',
      reply_user_display_name: 'Ben',
      is_vote: true,
      actions: { edit: true, delete: false, vote_up: true },
    };
    expect(compactComment(busy)).toMatchObject({ vote_count: 3, is_vote: true, actions: busy.actions });
    expect(fullComment(compactComment(busy), busy.object_id)).toEqual(busy);
  });
});
