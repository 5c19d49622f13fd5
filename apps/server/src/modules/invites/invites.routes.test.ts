import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InvitedUser, QuestionDetail } from '@inquire/shared';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';

type Fields = { error_field: string; error_msg: string }[];
const URL = '/answer/api/v1/question/invite';

describe('invitations to answer', () => {
  let t: TestApp;
  let inviter: { id: string; token: string; username: string };
  let novice: { id: string; token: string; username: string };
  let ann: { id: string; token: string; username: string };
  let bob: { id: string; token: string; username: string };
  let questionId: string;

  beforeEach(async () => {
    t = await buildTestApp();
    const make = async (overrides = {}) => {
      const user = await buildUser(t.app, overrides);
      return { id: user.id, username: user.username, token: await loginAs(t.app, user.id) };
    };
    inviter = await make({ rank: 500 });
    novice = await make({ rank: 499 });
    ann = await make();
    bob = await make();
    questionId = (await t.app.site.db.selectFrom('questions').select('id').executeTakeFirstOrThrow()).id;
  });
  afterEach(async () => t.close());

  const list = async () => (await call<InvitedUser[]>(t.app, 'GET', `${URL}?id=${questionId}`)).body.data;

  it('[S1-015][S2-017][S7-069][S7-070] stores the whole list of invitees and shows it to everyone', async () => {
    const info = await call<QuestionDetail>(t.app, 'GET', `/answer/api/v1/question/info?id=${questionId}`, undefined, {
      token: inviter.token,
    });
    expect(info.body.data.actions.invite).toBe(true);
    const first = await call<InvitedUser[]>(
      t.app,
      'PUT',
      URL,
      { id: questionId, invite_user: [ann.username, bob.username] },
      { token: inviter.token },
    );
    expect(first.status).toBe(200);
    expect(first.body.data.map((u) => u.username).sort()).toEqual([ann.username, bob.username].sort());
    await call(t.app, 'PUT', URL, { id: questionId, invite_user: [bob.username] }, { token: inviter.token });
    expect((await list()).map((u) => u.username)).toEqual([bob.username]);
    expect((await list())[0]).toMatchObject({ display_name: bob.username });
  });

  it('needs the invite privilege (401, 403), valid members (400 naming invite_user) and a visible question (404)', async () => {
    const body = { id: questionId, invite_user: [ann.username] };
    expect((await call(t.app, 'PUT', URL, body)).status).toBe(401);
    const denied = await call(t.app, 'PUT', URL, body, { token: novice.token });
    expect(denied.status).toBe(403);
    expect(denied.body.reason).toBe('error.rank.no_enough_rank_to_operate');
    const info = await call<QuestionDetail>(t.app, 'GET', `/answer/api/v1/question/info?id=${questionId}`, undefined, {
      token: novice.token,
    });
    expect(info.body.data.actions.invite).toBe(false);

    const tooMany = await call<Fields>(
      t.app,
      'PUT',
      URL,
      { id: questionId, invite_user: ['a', 'b', 'c', 'd', 'e', 'f'] },
      { token: inviter.token },
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.data).toEqual([{ error_field: 'invite_user', error_msg: 'Invite up to 5 people.' }]);
    await t.app.site.db.updateTable('users').set({ mail_status: 2 }).where('id', '=', bob.id).execute();
    for (const name of ['nobody-here', bob.username, inviter.username]) {
      const res = await call<Fields>(
        t.app,
        'PUT',
        URL,
        { id: questionId, invite_user: [name] },
        { token: inviter.token },
      );
      expect(res.status, name).toBe(400);
      expect(res.body.data[0]?.error_field).toBe('invite_user');
    }
    expect(await list()).toEqual([]);

    expect((await call(t.app, 'PUT', URL, { ...body, id: '10010000009999999' }, { token: inviter.token })).status).toBe(
      404,
    );
    await t.app.site.db.updateTable('questions').set({ status: 10 }).where('id', '=', questionId).execute();
    expect((await call(t.app, 'GET', `${URL}?id=${questionId}`)).status).toBe(404);
    const missing = await call<Fields>(t.app, 'GET', URL);
    expect(missing.body.data[0]?.error_field).toBe('id');
  });

  it('limits saving invitations to 30 a day per member (429)', async () => {
    const body = { id: questionId, invite_user: [ann.username] };
    for (let i = 0; i < 30; i += 1) {
      expect((await call(t.app, 'PUT', URL, body, { token: inviter.token })).status).toBe(200);
    }
    expect((await call(t.app, 'PUT', URL, body, { token: inviter.token })).status).toBe(429);
  });

  it('does not count refused saves against the daily limit (a 400 changes nothing)', async () => {
    const bad = { id: questionId, invite_user: ['nobody-by-this-name'] };
    for (let i = 0; i < 31; i += 1) {
      expect((await call(t.app, 'PUT', URL, bad, { token: inviter.token })).status).toBe(400);
    }
    const good = { id: questionId, invite_user: [ann.username] };
    expect((await call(t.app, 'PUT', URL, good, { token: inviter.token })).status).toBe(200);
  });
});
