import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommentItem, Paged } from '@inquire/shared';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';

type Fields = { error_field: string; error_msg: string }[];

describe('comments', () => {
  let t: TestApp;
  let author: { id: string; token: string };
  let other: { id: string; token: string };
  let moderator: { id: string; token: string };
  let questionId: string;

  beforeEach(async () => {
    t = await buildTestApp();
    const make = async (overrides = {}) => {
      const user = await buildUser(t.app, overrides);
      return { id: user.id, token: await loginAs(t.app, user.id) };
    };
    author = await make();
    other = await make();
    moderator = await make({ role_id: 3 });
    questionId = (await t.app.site.db.selectFrom('questions').select('id').executeTakeFirstOrThrow()).id;
  });
  afterEach(async () => t.close());

  const page = async (token?: string) =>
    (
      await call<Paged<CommentItem>>(
        t.app,
        'GET',
        `/answer/api/v1/comment/page?object_id=${questionId}`,
        undefined,
        token ? { token } : {},
      )
    ).body.data;

  it('[S1-009][S7-080][S7-079] adds a comment with inline markdown, shown to everyone with the right actions', async () => {
    expect(
      (await call(t.app, 'POST', '/answer/api/v1/comment', { object_id: questionId, original_text: 'Nice' })).status,
    ).toBe(401);
    const short = await call<Fields>(
      t.app,
      'POST',
      '/answer/api/v1/comment',
      { object_id: questionId, original_text: 'x' },
      { token: author.token },
    );
    expect(short.body.data).toEqual([
      { error_field: 'original_text', error_msg: 'Comment must be 2 to 600 characters.' },
    ]);
    const res = await call<{ comment_id: string }>(
      t.app,
      'POST',
      '/answer/api/v1/comment',
      { object_id: questionId, original_text: 'Try **streams** <script>x</script>' },
      { token: author.token },
    );
    expect(res.status).toBe(200);
    const guestView = await page();
    expect(guestView.count).toBe(1);
    expect(guestView.list[0]).toMatchObject({
      comment_id: res.body.data.comment_id,
      actions: { edit: false, delete: false },
    });
    expect(guestView.list[0]?.parsed_text).toBe('Try <strong>streams</strong> &lt;script&gt;x&lt;/script&gt;');
    expect((await page(author.token)).list[0]?.actions).toEqual({ edit: true, delete: true, vote_up: false });
  });

  it('replies name the member replied to', async () => {
    const first = await call<{ comment_id: string }>(
      t.app,
      'POST',
      '/answer/api/v1/comment',
      { object_id: questionId, original_text: 'First comment' },
      { token: author.token },
    );
    await call(
      t.app,
      'POST',
      '/answer/api/v1/comment',
      { object_id: questionId, original_text: 'A reply here', reply_comment_id: first.body.data.comment_id },
      { token: other.token },
    );
    const list = (await page()).list;
    expect(list[1]).toMatchObject({ reply_comment_id: first.body.data.comment_id, reply_username: list[0]?.username });
  });

  it('[S7-081][S7-082] lets the author edit within 5 minutes and staff any time, and the author or staff delete', async () => {
    const created = await call<{ comment_id: string }>(
      t.app,
      'POST',
      '/answer/api/v1/comment',
      { object_id: questionId, original_text: 'Original text' },
      { token: author.token },
    );
    const id = created.body.data.comment_id;
    expect(
      (
        await call(
          t.app,
          'PUT',
          '/answer/api/v1/comment',
          { comment_id: id, original_text: 'Changed text' },
          { token: other.token },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await call(
          t.app,
          'PUT',
          '/answer/api/v1/comment',
          { comment_id: id, original_text: 'Changed text' },
          { token: author.token },
        )
      ).status,
    ).toBe(200);
    await t.app.site.db.updateTable('comments').set({ created_at: 1 }).where('id', '=', id).execute();
    const late = await call(
      t.app,
      'PUT',
      '/answer/api/v1/comment',
      { comment_id: id, original_text: 'Too late now' },
      { token: author.token },
    );
    expect(late.status).toBe(403);
    expect(late.body.reason).toBe('error.comment.edit_window_passed');
    expect(
      (
        await call(
          t.app,
          'PUT',
          '/answer/api/v1/comment',
          { comment_id: id, original_text: 'Moderated text' },
          { token: moderator.token },
        )
      ).status,
    ).toBe(200);
    expect((await page()).list[0]?.original_text).toBe('Moderated text');
    expect(
      (await call(t.app, 'DELETE', '/answer/api/v1/comment', { comment_id: id }, { token: other.token })).status,
    ).toBe(403);
    expect(
      (await call(t.app, 'DELETE', '/answer/api/v1/comment', { comment_id: id }, { token: author.token })).status,
    ).toBe(200);
    expect((await page()).count).toBe(0);
  });

  it('hides the comments of a deleted question', async () => {
    await t.app.site.db.updateTable('questions').set({ status: 10 }).where('id', '=', questionId).execute();
    expect((await call(t.app, 'GET', `/answer/api/v1/comment/page?object_id=${questionId}`)).status).toBe(404);
  });
});
