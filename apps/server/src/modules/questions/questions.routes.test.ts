import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnswerItem, Paged, QuestionDetail, QuestionListItem } from '@inquire/shared';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';

type Fields = { error_field: string; error_msg: string }[];

const ASK = '/answer/api/v1/question';
const good = {
  title: 'How do I read a file line by line?',
  content: 'I have a large file and want one line at a time.',
  tags: [{ slug_name: 'support' }],
};

describe('questions and answers', () => {
  let t: TestApp;
  let member: { id: string; token: string };
  let other: { id: string; token: string };
  let admin: { id: string; token: string };

  beforeEach(async () => {
    // These tests post many things quickly as one member; the limits have their own suite.
    t = await buildTestApp({ app: { writeLimits: false } });
    const make = async (overrides = {}) => {
      const user = await buildUser(t.app, overrides);
      return { id: user.id, token: await loginAs(t.app, user.id) };
    };
    member = await make();
    other = await make();
    admin = await make({ role_id: 2 });
  });
  afterEach(async () => t.close());

  async function ask(token = member.token, body: object = good) {
    return call<{ id: string; url_title: string }>(t.app, 'POST', ASK, body, { token });
  }

  it('[S7-062] refuses guests (401) and members who are not activated (403 inactive)', async () => {
    expect((await call(t.app, 'POST', ASK, good)).status).toBe(401);
    const inactive = await buildUser(t.app, { mail_status: 2 });
    const res = await ask(await loginAs(t.app, inactive.id));
    expect(res.status).toBe(403);
    expect(res.body.data).toEqual({ type: 'inactive' });
  });

  it('[S5-027][S5-029][S5-030] names title, body and tags at once when all are missing', async () => {
    const res = await call<Fields>(t.app, 'POST', ASK, { title: ' ', content: '', tags: [] }, { token: member.token });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual([
      { error_field: 'title', error_msg: 'Title cannot be empty.' },
      { error_field: 'content', error_msg: 'Body cannot be empty.' },
      { error_field: 'tags', error_msg: 'Please add at least one tag.' },
    ]);
    expect(await t.app.site.db.selectFrom('questions').select('id').execute()).toHaveLength(1);
  });

  it('[S5-028][S9-028] refuses a 151-character title and takes 150', async () => {
    const long = await call<Fields>(t.app, 'POST', ASK, { ...good, title: 'x'.repeat(151) }, { token: member.token });
    expect(long.body.data).toEqual([{ error_field: 'title', error_msg: 'Title up to 150 characters.' }]);
    expect((await ask(member.token, { ...good, title: 'x'.repeat(150) })).status).toBe(200);
  });

  it('[S7-062][S7-060] asks a question that the list and its page then show, with a revision and an activity', async () => {
    const res = await ask();
    expect(res.status).toBe(200);
    expect(res.body.data.url_title).toBe('how-do-i-read-a-file-line-by-line');
    const info = await call<QuestionDetail>(t.app, 'GET', `/answer/api/v1/question/info?id=${res.body.data.id}`);
    expect(info.body.data).toMatchObject({
      title: good.title,
      content: good.content,
      tags: [{ slug_name: 'support', display_name: 'support' }],
      answer_count: 0,
    });
    expect(info.body.data.html).toBe('<p>I have a large file and want one line at a time.</p>\n');
    expect(info.body.data.actions).toMatchObject({ edit: false, delete: false, answer: false });
    const list = await call<Paged<QuestionListItem>>(t.app, 'GET', '/answer/api/v1/question/page');
    expect(list.body.data.list[0]?.id).toBe(res.body.data.id);
    const db = t.app.site.db;
    expect(
      await db.selectFrom('revisions').select('object_id').where('object_id', '=', res.body.data.id).execute(),
    ).toHaveLength(1);
    const activity = await db
      .selectFrom('activities')
      .select('activity_type')
      .where('object_id', '=', res.body.data.id)
      .execute();
    expect(activity).toEqual([{ activity_type: 'question.asked' }]);
  });

  it('shows the author what they may do with their own question', async () => {
    const { id } = (await ask()).body.data;
    const info = await call<QuestionDetail>(t.app, 'GET', `/answer/api/v1/question/info?id=${id}`, undefined, {
      token: member.token,
    });
    expect(info.body.data.actions).toEqual({
      edit: true,
      delete: true,
      answer: true,
      invite: false,
      vote_up: false,
      vote_down: false,
      close: false,
      reopen: false,
      pin: false,
      unpin: false,
      hide: false,
      show: false,
      undelete: false,
    });
  });

  it('lets only members with the privilege create new tags, and only staff use reserved ones', async () => {
    const fresh = await ask(member.token, { ...good, tags: [{ slug_name: 'brand-new' }] });
    expect(fresh.status).toBe(400);
    expect(fresh.body.data).toEqual([
      { error_field: 'tags', error_msg: 'You need more reputation to create new tags: choose existing ones.' },
    ]);
    expect(
      (await ask(admin.token, { ...good, tags: [{ slug_name: 'Brand New', display_name: 'Brand New' }] })).status,
    ).toBe(200);
    const tag = await t.app.site.db
      .selectFrom('tags')
      .select(['slug_name', 'display_name'])
      .where('slug_name', '=', 'brand-new')
      .executeTakeFirst();
    expect(tag).toEqual({ slug_name: 'brand-new', display_name: 'Brand New' });
    await t.app.site.db.updateTable('tags').set({ reserved: 1 }).where('slug_name', '=', 'brand-new').execute();
    const reserved = await ask(member.token, { ...good, tags: [{ slug_name: 'brand-new' }] });
    expect(reserved.body.reason).toBe('error.tag.reserved');
    const bad = await ask(admin.token, { ...good, tags: [{ slug_name: 'no/slash' }] });
    expect(bad.body.data).toEqual([
      { error_field: 'tags', error_msg: 'Tags can contain letters, digits and + # . - _ only.' },
    ]);
  });

  it('[S7-059] suggests tags for what was typed', async () => {
    const res = await call<{ slug_name: string }[]>(t.app, 'GET', '/answer/api/v1/question/tags?tag=sup');
    expect(res.body.data.map((x) => x.slug_name)).toEqual(['support']);
    expect((await call<unknown[]>(t.app, 'GET', '/answer/api/v1/question/tags?tag=zzz')).body.data).toEqual([]);
  });

  it('answers 404 for an unknown question, and hides a deleted one from everyone but its author and staff', async () => {
    expect((await call(t.app, 'GET', '/answer/api/v1/question/info?id=10010000000009999')).status).toBe(404);
    const { id } = (await ask()).body.data;
    await t.app.site.db.updateTable('questions').set({ status: 10 }).where('id', '=', id).execute();
    const url = `/answer/api/v1/question/info?id=${id}`;
    expect((await call(t.app, 'GET', url)).status).toBe(404);
    expect((await call(t.app, 'GET', url, undefined, { token: other.token })).status).toBe(404);
    expect((await call(t.app, 'GET', url, undefined, { token: member.token })).status).toBe(200);
    expect((await call(t.app, 'GET', url, undefined, { token: admin.token })).status).toBe(200);
    expect((await call(t.app, 'GET', `/answer/api/v1/answer/page?question_id=${id}`)).status).toBe(404);
  });

  it('[S5-032][S9-029][S7-074][S7-073] takes an answer of 6 characters, refuses 5, and lists it', async () => {
    const { id } = (await ask()).body.data;
    const short = await call<Fields>(
      t.app,
      'POST',
      '/answer/api/v1/answer',
      { question_id: id, content: '12345' },
      { token: other.token },
    );
    expect(short.body.data).toEqual([{ error_field: 'content', error_msg: 'Answer must be at least 6 characters.' }]);
    const res = await call<{ id: string }>(
      t.app,
      'POST',
      '/answer/api/v1/answer',
      { question_id: id, content: '123456' },
      { token: other.token },
    );
    expect(res.status).toBe(200);
    const page = await call<Paged<AnswerItem>>(t.app, 'GET', `/answer/api/v1/answer/page?question_id=${id}`);
    expect(page.body.data.count).toBe(1);
    expect(page.body.data.list[0]).toMatchObject({ id: res.body.data.id, html: '<p>123456</p>\n', accepted: 1 });
    const info = await call<QuestionDetail>(t.app, 'GET', `/answer/api/v1/question/info?id=${id}`);
    expect(info.body.data.answer_count).toBe(1);
  });

  it('allows one answer per member while restrict_answer is on', async () => {
    const { id } = (await ask()).body.data;
    const body = { question_id: id, content: 'A first answer here.' };
    expect((await call(t.app, 'POST', '/answer/api/v1/answer', body, { token: other.token })).status).toBe(200);
    const again = await call(t.app, 'POST', '/answer/api/v1/answer', body, { token: other.token });
    expect(again.status).toBe(400);
    expect(again.body.reason).toBe('error.answer.restrict_answer');
    await t.app.services.siteinfo.update('site_write', { restrict_answer: false });
    const second = { ...body, content: 'A second, different answer.' };
    expect((await call(t.app, 'POST', '/answer/api/v1/answer', second, { token: other.token })).status).toBe(200);
  });

  it('[S7-078] lets only the asker accept, puts the accepted answer first, and takes it back', async () => {
    const { id } = (await ask()).body.data;
    const first = await call<{ id: string }>(
      t.app,
      'POST',
      '/answer/api/v1/answer',
      { question_id: id, content: 'First answer text' },
      { token: other.token },
    );
    const second = await call<{ id: string }>(
      t.app,
      'POST',
      '/answer/api/v1/answer',
      { question_id: id, content: 'Second answer text' },
      { token: admin.token },
    );
    const accept = { question_id: id, answer_id: second.body.data.id };
    const refused = await call(t.app, 'POST', '/answer/api/v1/answer/acceptance', accept, { token: other.token });
    expect(refused.status).toBe(403);
    expect(
      (await call(t.app, 'POST', '/answer/api/v1/answer/acceptance', accept, { token: member.token })).status,
    ).toBe(200);
    const page = await call<Paged<AnswerItem>>(
      t.app,
      'GET',
      `/answer/api/v1/answer/page?question_id=${id}`,
      undefined,
      { token: member.token },
    );
    expect(page.body.data.list.map((a) => [a.id, a.accepted])).toEqual([
      [second.body.data.id, 2],
      [first.body.data.id, 1],
    ]);
    expect(page.body.data.list[0]?.actions.accept).toBe(true);
    const info = await call<QuestionDetail>(t.app, 'GET', `/answer/api/v1/question/info?id=${id}`);
    expect(info.body.data.accepted_answer_id).toBe(second.body.data.id);
    await call(
      t.app,
      'POST',
      '/answer/api/v1/answer/acceptance',
      { question_id: id, answer_id: '' },
      { token: member.token },
    );
    const after = await call<QuestionDetail>(t.app, 'GET', `/answer/api/v1/question/info?id=${id}`);
    expect(after.body.data.accepted_answer_id).toBe('0');
  });

  it('[S7-148] renders a preview exactly as posting would store it, without scripts', async () => {
    const content = 'Hello <script>alert(1)</script> [x](javascript:alert(1))\n\n```js\nconst a = 1;\n```';
    const preview = await call<string>(
      t.app,
      'POST',
      '/answer/api/v1/post/render',
      { content },
      { token: member.token },
    );
    expect(preview.body.data).not.toMatch(/<script|href="javascript:/i);
    expect(preview.body.data).toContain('<pre tabindex="0"><code class="hljs language-js">');
    const { id } = (await ask(member.token, { ...good, content })).body.data;
    const info = await call<QuestionDetail>(t.app, 'GET', `/answer/api/v1/question/info?id=${id}`);
    expect(info.body.data.html).toBe(preview.body.data);
    expect((await call(t.app, 'POST', '/answer/api/v1/post/render', { content })).status).toBe(401);
  });

  it('refuses the same question, answer or comment posted twice within 5 minutes', async () => {
    expect((await ask()).status).toBe(200);
    const again = await ask();
    expect(again.status).toBe(400);
    expect(again.body.reason).toBe('base.duplicate_request_error');
    const { id } = (await ask(member.token, { ...good, title: 'Another distinct question' })).body.data;
    await t.app.services.siteinfo.update('site_write', { restrict_answer: false });
    const body = { question_id: id, content: 'The very same answer' };
    expect((await call(t.app, 'POST', '/answer/api/v1/answer', body, { token: other.token })).status).toBe(200);
    expect((await call(t.app, 'POST', '/answer/api/v1/answer', body, { token: other.token })).body.reason).toBe(
      'base.duplicate_request_error',
    );
    const comment = { object_id: id, original_text: 'Same comment' };
    expect((await call(t.app, 'POST', '/answer/api/v1/comment', comment, { token: other.token })).status).toBe(200);
    expect((await call(t.app, 'POST', '/answer/api/v1/comment', comment, { token: other.token })).status).toBe(400);
  });

  it('[S7-057] finds similar questions by the words of a title', async () => {
    await ask();
    const res = await call<{ title: string; url_title: string }[]>(
      t.app,
      'GET',
      '/answer/api/v1/question/similar?title=reading%20a%20FILE',
    );
    expect(res.body.data.map((q) => q.title)).toEqual([good.title]);
    expect((await call<unknown[]>(t.app, 'GET', '/answer/api/v1/question/similar?title=zq')).body.data).toEqual([]);
  });

  it('counts a view once per visitor and day', async () => {
    const { id } = (await ask()).body.data;
    const url = `/answer/api/v1/question/info?id=${id}`;
    const views = async (options: { token?: string; ua?: string }) => {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...(options.token ? { authorization: options.token } : {}), 'user-agent': options.ua ?? 'test' },
      });
      return response.json<{ data: QuestionDetail }>().data.view_count;
    };
    expect(await views({ token: other.token })).toBe(1);
    expect(await views({ token: other.token })).toBe(1);
    expect(await views({ token: admin.token })).toBe(2);
    expect(await views({ ua: 'browser A' })).toBe(3);
    expect(await views({ ua: 'browser A' })).toBe(3);
    expect(await views({ ua: 'browser B' })).toBe(4);
  });
});
