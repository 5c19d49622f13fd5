import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReactionSummary } from '@inquire/shared';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';

type Fields = { error_field: string; error_msg: string }[];
const URL = '/answer/api/v1/meta/reaction';

describe('reactions', () => {
  let t: TestApp;
  let member: { id: string; token: string };
  let other: { id: string; token: string };
  let inactive: { id: string; token: string };
  let questionId: string;

  beforeEach(async () => {
    t = await buildTestApp();
    const make = async (overrides = {}) => {
      const user = await buildUser(t.app, overrides);
      return { id: user.id, token: await loginAs(t.app, user.id) };
    };
    member = await make({ display_name: 'Mia' });
    other = await make({ display_name: 'Olle' });
    inactive = await make({ mail_status: 2 });
    questionId = (await t.app.site.db.selectFrom('questions').select('id').executeTakeFirstOrThrow()).id;
  });
  afterEach(async () => t.close());

  const summary = async (token?: string) =>
    (await call<ReactionSummary>(t.app, 'GET', `${URL}?object_id=${questionId}`, undefined, token ? { token } : {}))
      .body.data.reaction_summary;

  it('[S2-019][S7-083][S7-084][S3-027] counts heart, smile and frown, marks the caller’s own, and takes them back', async () => {
    expect((await summary()).map((r) => r.emoji)).toEqual(['heart', 'smile', 'frown']);
    const put = (token: string, emoji: string, reaction: string) =>
      call<ReactionSummary>(t.app, 'PUT', URL, { object_id: questionId, emoji, reaction }, { token });
    expect((await put(member.token, 'heart', 'activate')).status).toBe(200);
    await put(member.token, 'heart', 'activate');
    const after = await put(other.token, 'heart', 'activate');
    expect(after.body.data.reaction_summary[0]).toEqual({
      emoji: 'heart',
      is_active: true,
      count: 2,
      tooltip: 'Mia, Olle',
    });
    expect((await summary(member.token))[0]).toMatchObject({ count: 2, is_active: true });
    expect((await summary())[0]).toMatchObject({ count: 2, is_active: false });
    await put(member.token, 'heart', 'deactivate');
    expect((await summary(member.token))[0]).toMatchObject({ count: 1, is_active: false, tooltip: 'Olle' });
  });

  it('refuses guests (401), inactive members (403), bad input (400 naming the fields) and hidden posts (404)', async () => {
    const body = { object_id: questionId, emoji: 'heart', reaction: 'activate' };
    expect((await call(t.app, 'PUT', URL, body)).status).toBe(401);
    expect((await call(t.app, 'PUT', URL, body, { token: inactive.token })).status).toBe(403);
    const bad = await call<Fields>(
      t.app,
      'PUT',
      URL,
      { object_id: questionId, emoji: 'thumbs', reaction: 'on' },
      { token: member.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.data.map((f) => f.error_field)).toEqual(['emoji', 'reaction']);
    const missing = await call<Fields>(t.app, 'GET', URL);
    expect(missing.status).toBe(400);
    expect(missing.body.data[0]?.error_field).toBe('object_id');
    expect(
      (await call(t.app, 'PUT', URL, { ...body, object_id: '10010000009999999' }, { token: member.token })).status,
    ).toBe(404);
    await t.app.site.db.updateTable('questions').set({ status: 10 }).where('id', '=', questionId).execute();
    expect((await call(t.app, 'PUT', URL, body, { token: member.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `${URL}?object_id=${questionId}`)).status).toBe(404);
  });
});
