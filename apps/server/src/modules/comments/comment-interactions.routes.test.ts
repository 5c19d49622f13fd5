import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommentItem, Paged } from '@inquire/shared';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';

type Fields = { error_field: string; error_msg: string }[];

describe('comment votes and mentions', () => {
  let t: TestApp;
  let author: { id: string; token: string; username: string };
  let voter: { id: string; token: string; username: string };
  let questionId: string;

  beforeEach(async () => {
    t = await buildTestApp();
    const make = async (overrides = {}) => {
      const user = await buildUser(t.app, overrides);
      return { id: user.id, username: user.username, token: await loginAs(t.app, user.id) };
    };
    author = await make();
    voter = await make({ username: 'voter.one' });
    questionId = (await t.app.site.db.selectFrom('questions').select('id').executeTakeFirstOrThrow()).id;
  });
  afterEach(async () => t.close());

  const comment = async (text: string, token = author.token) =>
    (
      await call<{ comment_id: string }>(
        t.app,
        'POST',
        '/answer/api/v1/comment',
        { object_id: questionId, original_text: text },
        { token },
      )
    ).body.data.comment_id;
  const list = async (token?: string) =>
    (
      await call<Paged<CommentItem>>(
        t.app,
        'GET',
        `/answer/api/v1/comment/page?object_id=${questionId}`,
        undefined,
        token ? { token } : {},
      )
    ).body.data.list;

  it('links mentions of real members to their profiles in the stored HTML, escaped, and on edit too', async () => {
    await comment('Ask @voter.one. or @ghost, mail a@b.co, `@voter.one` <img src=x onerror=alert(1)>');
    const [c] = await list();
    expect(c?.parsed_text).toBe(
      'Ask <a href="/users/voter.one" rel="nofollow ugc noopener">@voter.one</a>. or @ghost, mail <a href="mailto:a@b.co" rel="nofollow ugc noopener">a@b.co</a>, <code>@voter.one</code> &lt;img src=x onerror=alert(1)&gt;',
    );
    await call(
      t.app,
      'PUT',
      '/answer/api/v1/comment',
      { comment_id: c?.comment_id, original_text: 'Thanks [@voter.one](/users/voter.one)!' },
      { token: author.token },
    );
    expect((await list())[0]?.parsed_text).toBe(
      'Thanks <a href="/users/voter.one" rel="nofollow ugc noopener">@voter.one</a>!',
    );
  });

  it('upvotes a comment once, takes it back, and gives nobody reputation', async () => {
    const id = await comment('A helpful comment');
    expect((await list(voter.token))[0]).toMatchObject({ is_vote: false, actions: { vote_up: true } });
    expect((await list(author.token))[0]?.actions.vote_up).toBe(false);
    const rank = async (userId: string) =>
      (await t.app.site.db.selectFrom('users').select('rank').where('id', '=', userId).executeTakeFirstOrThrow()).rank;
    const up = await call<{ votes: number; vote_status: string }>(
      t.app,
      'POST',
      '/answer/api/v1/vote/up',
      { object_id: id },
      { token: voter.token },
    );
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ votes: 1, vote_status: 'vote_up' });
    await call(t.app, 'POST', '/answer/api/v1/vote/up', { object_id: id }, { token: voter.token });
    expect((await list(voter.token))[0]).toMatchObject({ vote_count: 1, is_vote: true });
    expect(await rank(author.id)).toBe(1);
    expect(await rank(voter.id)).toBe(1);
    const undo = await call<{ votes: number }>(
      t.app,
      'POST',
      '/answer/api/v1/vote/up',
      { object_id: id, is_cancel: true },
      { token: voter.token },
    );
    expect(undo.body.data.votes).toBe(0);
    expect((await list(voter.token))[0]).toMatchObject({ vote_count: 0, is_vote: false });
  });

  it('refuses one’s own comment, downvotes, guests, bad input and deleted comments', async () => {
    const id = await comment('My own comment');
    const own = await call(t.app, 'POST', '/answer/api/v1/vote/up', { object_id: id }, { token: author.token });
    expect(own.status).toBe(400);
    expect(own.body.msg).toBe("You can't vote for your own post");
    expect(
      (await call(t.app, 'POST', '/answer/api/v1/vote/down', { object_id: id }, { token: voter.token })).status,
    ).toBe(400);
    expect((await call(t.app, 'POST', '/answer/api/v1/vote/up', { object_id: id })).status).toBe(401);
    await t.app.site.db.updateTable('users').set({ mail_status: 2 }).where('id', '=', voter.id).execute();
    expect(
      (await call(t.app, 'POST', '/answer/api/v1/vote/up', { object_id: id }, { token: voter.token })).status,
    ).toBe(403);
    await t.app.site.db.updateTable('users').set({ mail_status: 1 }).where('id', '=', voter.id).execute();
    const bad = await call<Fields>(t.app, 'POST', '/answer/api/v1/vote/up', {}, { token: voter.token });
    expect(bad.body.data[0]?.error_field).toBe('object_id');
    await call(t.app, 'DELETE', '/answer/api/v1/comment', { comment_id: id }, { token: author.token });
    expect(
      (await call(t.app, 'POST', '/answer/api/v1/vote/up', { object_id: id }, { token: voter.token })).status,
    ).toBe(404);
  });
});
