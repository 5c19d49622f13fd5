import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QuestionDetail } from '@inquire/shared';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';

describe('bookmarks, follows and permissions', () => {
  let t: TestApp;
  let token: string;
  let questionId: string;

  beforeEach(async () => {
    t = await buildTestApp();
    const user = await buildUser(t.app);
    token = await loginAs(t.app, user.id);
    const question = await t.app.site.db.selectFrom('questions').select('id').executeTakeFirstOrThrow();
    questionId = question.id;
  });
  afterEach(async () => t.close());

  const info = async () =>
    (await call<QuestionDetail>(t.app, 'GET', `/answer/api/v1/question/info?id=${questionId}`, undefined, { token }))
      .body.data;

  it('[S1-011] [S7-097] bookmarks a question idempotently and takes the bookmark back', async () => {
    const path = '/answer/api/v1/collection/switch';
    expect((await call(t.app, 'POST', path, { object_id: questionId, bookmark: true })).status).toBe(401);
    const first = await call<{ object_collection_count: number }>(
      t.app,
      'POST',
      path,
      { object_id: questionId, bookmark: true },
      { token },
    );
    expect(first.body.data.object_collection_count).toBe(1);
    const again = await call<{ object_collection_count: number }>(
      t.app,
      'POST',
      path,
      { object_id: questionId, bookmark: true },
      { token },
    );
    expect(again.body.data.object_collection_count).toBe(1);
    expect(await info()).toMatchObject({ collected: true, collection_count: 1 });
    await call(t.app, 'POST', path, { object_id: questionId, bookmark: false }, { token });
    expect(await info()).toMatchObject({ collected: false, collection_count: 0 });
    expect(
      (await call(t.app, 'POST', path, { object_id: '10020000000009999', bookmark: true }, { token })).status,
    ).toBe(404);
  });

  it('[S1-012][S1-013][S7-096] follows a question and a tag, and unfollows', async () => {
    const follow = await call<{ follows: number; is_followed: boolean }>(
      t.app,
      'POST',
      '/answer/api/v1/follow',
      { object_id: questionId },
      { token },
    );
    expect(follow.body.data).toEqual({ follows: 1, is_followed: true });
    expect(await info()).toMatchObject({ followed: true, follow_count: 1 });
    const undo = await call<{ follows: number }>(
      t.app,
      'POST',
      '/answer/api/v1/follow',
      { object_id: questionId, is_cancel: true },
      { token },
    );
    expect(undo.body.data.follows).toBe(0);
    const tag = await t.app.site.db.selectFrom('tags').select('id').executeTakeFirstOrThrow();
    const tagFollow = await call<{ follows: number }>(
      t.app,
      'POST',
      '/answer/api/v1/follow',
      { object_id: tag.id },
      { token },
    );
    expect(tagFollow.body.data.follows).toBe(1);
  });

  it('answers the permission query from the same privilege rules', async () => {
    const res = await call<Record<string, { has_permission: boolean; no_permission_tip: string }>>(
      t.app,
      'GET',
      '/answer/api/v1/permission?action=question.add,tag.add,question.close,nonsense',
      undefined,
      { token },
    );
    expect(res.body.data).toEqual({
      'question.add': { has_permission: true, no_permission_tip: '' },
      'tag.add': { has_permission: false, no_permission_tip: 'You need at least 750 reputation to do this.' },
      'question.close': { has_permission: false, no_permission_tip: 'You do not meet the conditions to do this.' },
    });
  });
});
