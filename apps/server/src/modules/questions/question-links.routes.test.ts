import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Paged, QuestionListItem } from '@inquire/shared';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';

const API = '/answer/api/v1';
const SITE = 'http://localhost:9080';

/** Issue 14 item 5: linked questions, fed by links in bodies and by close-as-duplicate. */
describe('GET question/link', () => {
  let t: TestApp;
  let asker: { id: string; token: string };
  let answerer: { id: string; token: string };
  let staff: { id: string; token: string };

  beforeEach(async () => {
    t = await buildTestApp({ app: { writeLimits: false } });
    const make = async (overrides = {}) => {
      const user = await buildUser(t.app, overrides);
      return { id: user.id, token: await loginAs(t.app, user.id) };
    };
    asker = await make();
    answerer = await make();
    staff = await make({ role_id: 2 });
  });
  afterEach(async () => t.close());

  async function ask(n: number, body = '') {
    const res = await call<{ id: string }>(
      t.app,
      'POST',
      `${API}/question`,
      {
        title: `Question ${n} about linking questions`,
        content: `Body of question ${n}, long enough to pass. ${body}`,
        tags: [{ slug_name: 'support' }],
      },
      { token: asker.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  }

  async function linked(questionId: string, token?: string, extra = '') {
    return call<Paged<QuestionListItem>>(
      t.app,
      'GET',
      `${API}/question/link?question_id=${questionId}${extra}`,
      undefined,
      { token },
    );
  }
  const ids = async (questionId: string, token?: string) => {
    const res = await linked(questionId, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.count).toBe(res.body.data.list.length);
    return res.body.data.list.map((q) => q.id).sort();
  };

  it('[C-5] lists the questions whose body or live answer links to a question (address or #id), and an edit removes the link', async () => {
    const original = await ask(1);
    const byAddress = await ask(2, `See ${SITE}/questions/${original}/some-title for more.`);
    const byHash = await ask(3, `Same as #${original} really.`);
    const missing = `1001${'9'.repeat(13)}`;
    const selfAndUnknown = await ask(4, `Nothing: /questions/${missing} and later itself.`);
    const viaAnswer = await ask(5);
    const answer = await call<{ info: { id: string } }>(
      t.app,
      'POST',
      `${API}/answer`,
      { question_id: viaAnswer, content: `Answered in [the other one](/questions/${original}).` },
      { token: answerer.token },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);

    expect(await ids(original)).toEqual([byAddress, byHash, viaAnswer].sort());
    expect(await ids(selfAndUnknown)).toEqual([]);
    const item = (await linked(original)).body.data.list.find((q) => q.id === byAddress);
    expect(item).toMatchObject({ title: 'Question 2 about linking questions', operation_type: 'asked' });

    // Editing the link out of the question and of the answer removes both rows.
    const edit = await call(
      t.app,
      'PUT',
      `${API}/question`,
      {
        id: byAddress,
        title: 'Question 2 about linking questions',
        content: 'Body of question 2, now without any link at all.',
        tags: [{ slug_name: 'support' }],
        edit_summary: 'drop the link',
      },
      { token: asker.token },
    );
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const answerEdit = await call(
      t.app,
      'PUT',
      `${API}/answer`,
      { id: answer.body.data.info.id, content: 'Answered here instead, in full.', edit_summary: 'inline it' },
      { token: answerer.token },
    );
    expect(answerEdit.status, JSON.stringify(answerEdit.body)).toBe(200);
    expect(await ids(original)).toEqual([byHash]);
    const rows = await t.app.site.db.selectFrom('question_links').selectAll().execute();
    expect(rows.map((r) => r.from_question_id)).toEqual([byHash]);
  });

  it('[C-5] closing as a duplicate links the duplicate to its original until it is reopened', async () => {
    const original = await ask(1);
    const duplicate = await ask(2);
    const close = await call(
      t.app,
      'PUT',
      `${API}/question/status`,
      { id: duplicate, close_type: 60, close_msg: `${SITE}/questions/${original}` },
      { token: staff.token },
    );
    expect(close.status, JSON.stringify(close.body)).toBe(200);
    expect(await ids(original)).toEqual([duplicate]);

    const reopen = await call(
      t.app,
      'PUT',
      `${API}/question/reopen`,
      { question_id: duplicate },
      { token: staff.token },
    );
    expect(reopen.status, JSON.stringify(reopen.body)).toBe(200);
    expect(await ids(original)).toEqual([]);
  });

  it('[C-5] follows the visibility rule: unlisted or deleted linking questions and deleted answers drop out; a hidden question answers 404 to others', async () => {
    const original = await ask(1);
    const unlisted = await ask(2, `/questions/${original}`);
    const deleted = await ask(3, `/questions/${original}`);
    const viaAnswer = await ask(4);
    const answer = await call<{ info: { id: string } }>(
      t.app,
      'POST',
      `${API}/answer`,
      { question_id: viaAnswer, content: `See /questions/${original} please.` },
      { token: answerer.token },
    );
    expect(await ids(original)).toEqual([unlisted, deleted, viaAnswer].sort());

    await call(t.app, 'PUT', `${API}/question/operation`, { id: unlisted, operation: 'hide' }, { token: staff.token });
    await call(t.app, 'DELETE', `${API}/question`, { id: deleted }, { token: staff.token });
    await call(t.app, 'DELETE', `${API}/answer`, { id: answer.body.data.info.id }, { token: staff.token });
    expect(await ids(original)).toEqual([]);
    expect(await ids(original, staff.token)).toEqual([]);

    // The target itself: unlisted, only its author and staff may read its links.
    await call(t.app, 'PUT', `${API}/question/operation`, { id: original, operation: 'hide' }, { token: staff.token });
    expect((await linked(original)).status).toBe(404);
    expect((await linked(original, answerer.token)).status).toBe(404);
    expect((await linked(original, asker.token)).status).toBe(200);

    // Bad input names the field and changes nothing.
    const bad = await call(t.app, 'GET', `${API}/question/link`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ data: [{ error_field: 'question_id' }] });
  });
});
