import type { AdminAnswerItem, AdminDashboard, AdminQuestionItem, Paged, ReasonOption } from '@inquire/shared';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser, loginAs } from '../../../test/factories.js';
import { ADMIN, buildTestApp, call, TEST_DB, type TestApp } from '../../../test/harness.js';
import { queryObservers } from '../../infra/db.js';
import { builtinCaptchaWith } from '../captcha/builtin-captcha.js';
import { DASHBOARD_TTL_SECONDS } from './admin-dashboard.service.js';

/**
 * The admin dashboard and content lists (issue 13, items 2 and 3): counts read from kept counts
 * and indexes, kept an hour; the questions and answers lists with their status tabs and search;
 * status changes through the post core's operations, with their timeline entries and decisions.
 */
const API = '/answer/admin/api';
const V1 = '/answer/api/v1';
type Fields = { error_field: string; error_msg: string }[];

async function adminToken(t: TestApp): Promise<string> {
  const row = await t.app.site.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', ADMIN.name)
    .executeTakeFirstOrThrow();
  return loginAs(t.app, row.id);
}

async function member(t: TestApp) {
  const user = await buildUser(t.app);
  return { ...user, token: await loginAs(t.app, user.id) };
}

async function ask(t: TestApp, token: string, title: string): Promise<string> {
  const res = await call<{ id: string }>(
    t.app,
    'POST',
    `${V1}/question`,
    { title, content: `The body of ${title}.`, tags: [{ slug_name: 'support' }] },
    { token },
  );
  expect(res.status).toBe(200);
  return res.body.data.id;
}

async function answer(t: TestApp, token: string, questionId: string, content: string): Promise<string> {
  const res = await call<{ id: string }>(
    t.app,
    'POST',
    `${V1}/answer`,
    { question_id: questionId, content },
    { token },
  );
  expect(res.status).toBe(200);
  return res.body.data.id;
}

describe('admin dashboard', () => {
  let t: TestApp;
  let admin = '';
  beforeAll(async () => {
    t = await buildTestApp({ app: { writeLimits: false } });
    admin = await adminToken(t);
  }, 60_000);
  afterAll(async () => t?.close());
  afterEach(() => vi.restoreAllMocks());

  const dashboard = async () => {
    const res = await call<AdminDashboard>(t.app, 'GET', `${API}/dashboard`, undefined, { token: admin });
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it('[A-2] [S7-049] counts questions, resolved and unanswered with their rates, answers, comments, votes, members and open flags; health and versions', async () => {
    const asker = await member(t);
    const helper = await member(t);
    const voter = await buildUser(t.app, { rank: 1000 });
    const voterToken = await loginAs(t.app, voter.id);
    const q1 = await ask(t, asker.token, 'How do I rotate the logs nightly');
    const q2 = await ask(t, asker.token, 'Why is the cache warming so slowly');
    await ask(t, asker.token, 'Where do uploaded files live on disk');
    const a1 = await answer(t, helper.token, q1, 'Use logrotate with a daily rule.');
    await answer(t, helper.token, q2, 'Warm it in the background instead.');
    expect(
      (await call(t.app, 'POST', `${V1}/answer/acceptance`, { question_id: q1, answer_id: a1 }, { token: asker.token }))
        .status,
    ).toBe(200);
    expect(
      (
        await call(
          t.app,
          'POST',
          `${V1}/comment`,
          { object_id: q2, original_text: 'Which cache is it?' },
          { token: helper.token },
        )
      ).status,
    ).toBe(200);
    expect((await call(t.app, 'POST', `${V1}/vote/up`, { object_id: q1 }, { token: voterToken })).status).toBe(200);
    expect(
      (await call(t.app, 'POST', `${V1}/report`, { object_id: q2, report_type: 57 }, { token: voterToken })).status,
    ).toBe(200);

    const data = await dashboard();
    // The installer's welcome question is listed too, with no answer.
    expect(data).toMatchObject({
      question_count: 4,
      resolved_count: 1,
      resolved_rate: 25,
      unanswered_count: 2,
      unanswered_rate: 50,
      answer_count: 2,
      comment_count: 1,
      vote_count: 1,
      // The installer's admin and the three members made here.
      user_count: 4,
      report_count: 1,
      uploading_files: true,
      upload_count: 0,
      smtp: 'not_configured',
      https: false,
      time_zone: 'UTC',
      login_required: false,
      node_version: process.versions.node,
      version_info: { version: expect.any(String), revision: expect.any(String), remote_version: '' },
    });
    expect(['sqlite', 'postgres']).toContain(data.database_engine);
    expect(data.database_version).toMatch(/^\d+\.\d+/);
    expect(data.database_size).toBeGreaterThan(0);
    expect(data.app_started_at).toBeGreaterThan(0);
    expect(Number(data.app_start_time)).toBeGreaterThanOrEqual(0);
  });

  it('[A-2] keeps the counts an hour and says when they were read; after the hour it reads them again', async () => {
    const first = await dashboard();
    await ask(t, (await member(t)).token, 'A question asked after the dashboard was read');
    const cached = await dashboard();
    expect([cached.question_count, cached.as_of]).toEqual([first.question_count, first.as_of]);
    const later = Date.now() + DASHBOARD_TTL_SECONDS * 1000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    const fresh = await dashboard();
    expect(fresh.question_count).toBe(first.question_count + 1);
    expect(fresh.as_of).toBe(Math.floor(later / 1000));
  });

  it('[A-2] a member and a moderator get 403', async () => {
    for (const role of [1, 3]) {
      const token = await loginAs(t.app, (await buildUser(t.app, { role_id: role })).id);
      const res = await call(t.app, 'GET', `${API}/dashboard`, undefined, { token });
      expect(res.status).toBe(403);
    }
  });
});

describe('admin content lists and status changes', () => {
  let t: TestApp;
  let admin = '';
  let asker: Awaited<ReturnType<typeof member>>;
  let helper: Awaited<ReturnType<typeof member>>;

  beforeAll(async () => {
    t = await buildTestApp({ app: { writeLimits: false } });
    admin = await adminToken(t);
    asker = await member(t);
    helper = await member(t);
  }, 60_000);
  afterAll(async () => t?.close());

  const questions = async (query: Record<string, string>) => {
    const res = await call<Paged<AdminQuestionItem>>(t.app, 'GET', `${API}/question/page`, undefined, {
      token: admin,
      query: { page_size: '100', ...query },
    });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const answers = async (query: Record<string, string>) => {
    const res = await call<Paged<AdminAnswerItem>>(t.app, 'GET', `${API}/answer/page`, undefined, {
      token: admin,
      query: { page_size: '100', ...query },
    });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const questionStatus = (body: object, token = admin) =>
    call<Fields | null>(t.app, 'PUT', `${API}/question/status`, body, { token });
  const answerStatus = (body: object, token = admin) =>
    call<Fields | null>(t.app, 'PUT', `${API}/answer/status`, body, { token });
  const row = (id: string) =>
    t.app.site.db.selectFrom('questions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const timelineTypes = async (objectId: string) =>
    (
      await t.app.site.db
        .selectFrom('activities')
        .select('activity_type')
        .where('object_id', '=', objectId)
        .orderBy('created_at')
        .execute()
    ).map((a) => a.activity_type);

  it('[A-3] [S7-011] question/page lists one status per tab, newest first, with badges, and finds by title or question:<id>', async () => {
    const open = await ask(t, asker.token, 'Kestrel open question about queues');
    const closed = await ask(t, asker.token, 'Kestrel question that gets closed');
    const deleted = await ask(t, asker.token, 'Kestrel question that gets deleted');
    const unlisted = await ask(t, asker.token, 'Kestrel question that gets unlisted');
    expect((await questionStatus({ question_id: closed, status: 'closed', reason_type: 63 })).status).toBe(200);
    expect((await questionStatus({ question_id: deleted, status: 'deleted' })).status).toBe(200);
    expect((await questionStatus({ question_id: unlisted, status: 'unlisted' })).status).toBe(200);

    const tab = async (status: string) =>
      (await questions({ status, query: 'kestrel' })).list.map((q) => `${q.title}:${q.status}`);
    expect(await tab('normal')).toEqual(['Kestrel open question about queues:normal']);
    expect(await tab('closed')).toEqual(['Kestrel question that gets closed:closed']);
    expect(await tab('deleted')).toEqual(['Kestrel question that gets deleted:deleted']);
    expect(await tab('unlisted')).toEqual(['Kestrel question that gets unlisted:unlisted']);
    expect(await tab('pending')).toEqual([]);

    const byId = await questions({ status: 'normal', query: `question:${open}` });
    expect(byId.list.map((q) => q.id)).toEqual([open]);
    expect(byId.count).toBe(1);
    expect(byId.list[0]).toMatchObject({ author: { user_id: asker.id, username: asker.username }, answer_count: 0 });
    // LIKE's own characters are plain text in a search.
    expect((await questions({ status: 'normal', query: 'Kestrel%queues' })).list).toEqual([]);

    const newest = await ask(t, asker.token, 'Kestrel newest question');
    expect((await questions({ status: 'normal', query: 'kestrel' })).list.map((q) => q.id)).toEqual([newest, open]);
  });

  it('[A-3] [S7-014] question/status: closed needs a close reason, then reopens, deletes and undeletes through the post operations with timeline entries', async () => {
    const id = await ask(t, asker.token, 'Osprey question for status changes');
    const missing = await questionStatus({ question_id: id, status: 'closed', reason_type: 0 });
    expect(missing.status).toBe(400);
    expect((missing.body.data ?? []).map((f) => f.error_field)).toEqual(['reason_type']);
    const duplicate = await questionStatus({ question_id: id, status: 'closed', reason_type: 60, reason_msg: 'x' });
    expect((duplicate.body.data ?? []).map((f) => `${f.error_field} ${f.error_msg}`)).toEqual([
      'reason_msg URL format is incorrect.',
    ]);
    expect((await row(id)).status).toBe(1);

    expect(
      (await questionStatus({ question_id: id, status: 'closed', reason_type: 64, reason_msg: 'Needs the log output' }))
        .status,
    ).toBe(200);
    expect(await row(id)).toMatchObject({ status: 2, close_type: 64, close_msg: 'Needs the log output' });
    const again = await questionStatus({ question_id: id, status: 'closed', reason_type: 64 });
    expect([again.status, again.body.reason]).toEqual([400, 'error.admin.status_unchanged']);

    const reopened = await questionStatus({ question_id: id, status: 'available', reason_msg: 'The log is there now' });
    expect(reopened.status).toBe(200);
    expect((await row(id)).status).toBe(1);
    const entry = await t.app.site.db
      .selectFrom('activities')
      .select('comment')
      .where('object_id', '=', id)
      .where('activity_type', '=', 'question.reopened')
      .executeTakeFirstOrThrow();
    expect(entry.comment).toBe('The log is there now');
    expect(
      (await questionStatus({ question_id: id, status: 'deleted', reason_type: 57, reason_msg: 'Spam' })).status,
    ).toBe(200);
    expect((await row(id)).status).toBe(10);
    // The author reads the decision with its reason, as with any staff delete.
    const decision = await t.app.site.db
      .selectFrom('moderation_decisions')
      .select(['action', 'reason_msg'])
      .where('object_id', '=', id)
      .execute();
    expect(decision).toContainEqual({ action: 'delete', reason_msg: 'Spam' });
    expect((await questionStatus({ question_id: id, status: 'available' })).status).toBe(200);
    expect((await row(id)).status).toBe(1);
    expect(await timelineTypes(id)).toEqual([
      'question.asked',
      'question.closed',
      'question.reopened',
      'question.deleted',
      'question.undeleted',
    ]);
  });

  it('[A-3] unlisted and listed again; a held question is left to the review queue; an unknown one is 404', async () => {
    const id = await ask(t, asker.token, 'Heron question to unlist');
    expect((await questionStatus({ question_id: id, status: 'unlisted' })).status).toBe(200);
    expect((await row(id)).show).toBe(2);
    expect((await questionStatus({ question_id: id, status: 'available' })).status).toBe(200);
    expect((await row(id)).show).toBe(1);

    await t.app.site.db.updateTable('questions').set({ status: 11 }).where('id', '=', id).execute();
    expect((await questions({ status: 'pending', query: 'heron' })).list.map((q) => q.status)).toEqual(['pending']);
    const held = await questionStatus({ question_id: id, status: 'deleted' });
    expect([held.status, held.body.reason]).toEqual([400, 'error.admin.pending_in_queue']);
    expect((await row(id)).status).toBe(11);

    const unknown = await questionStatus({ question_id: '10010000000099999', status: 'deleted' });
    expect(unknown.status).toBe(404);
  });

  it('[A-3] bad input names every failing field and changes nothing', async () => {
    const id = await ask(t, asker.token, 'Plover question for bad input');
    const res = await questionStatus({ question_id: '', status: 'gone' });
    expect(res.status).toBe(400);
    expect((res.body.data ?? []).map((f) => f.error_field).sort()).toEqual(['question_id', 'status']);
    const answerRes = await answerStatus({ answer_id: 5, status: 'closed' });
    expect((answerRes.body.data ?? []).map((f) => f.error_field).sort()).toEqual(['answer_id', 'status']);
    expect((await row(id)).status).toBe(1);
  });

  it('[A-3] [S7-010] [S7-013] answer/page lists by status with the question title, finds by answer:<id> or title, and answer/status deletes and undeletes', async () => {
    const q = await ask(t, asker.token, 'Bittern question with answers');
    const keep = await answer(t, helper.token, q, 'Bittern answer that stays.');
    const gone = await answer(t, asker.token, q, 'Bittern answer that goes.');
    const normal = await answers({ status: 'normal', query: 'bittern' });
    expect(normal.list.map((a) => a.id)).toEqual([gone, keep]);
    expect(normal.list[0]).toMatchObject({
      question_id: q,
      question_title: 'Bittern question with answers',
      excerpt: 'Bittern answer that goes.',
      status: 'normal',
      author: { user_id: asker.id },
    });
    expect((await answers({ status: 'normal', query: `answer:${keep}` })).list.map((a) => a.id)).toEqual([keep]);
    expect((await answers({ status: 'normal', question_id: q })).count).toBe(2);

    expect((await answerStatus({ answer_id: gone, status: 'deleted', reason_msg: 'Off topic' })).status).toBe(200);
    expect((await answers({ status: 'deleted', query: 'bittern' })).list.map((a) => `${a.id}:${a.status}`)).toEqual([
      `${gone}:deleted`,
    ]);
    expect((await row(q)).answer_count).toBe(1);
    const twice = await answerStatus({ answer_id: gone, status: 'deleted' });
    expect(twice.body.reason).toBe('error.admin.status_unchanged');
    expect((await answerStatus({ answer_id: gone, status: 'available' })).status).toBe(200);
    expect((await row(q)).answer_count).toBe(2);
    expect(await timelineTypes(gone)).toEqual(['answer.answered', 'answer.deleted', 'answer.undeleted']);
  });

  it('[A-3] each tab reads an index: the listed tabs walk the public newest index, the hidden ones the index of hidden posts', async () => {
    const cases = [
      { path: 'question/page', status: 'normal', index: 'questions_listed_newest', params: [1], sorted: true },
      { path: 'question/page', status: 'closed', index: 'questions_listed_newest', params: [2], sorted: true },
      { path: 'question/page', status: 'deleted', index: 'questions_admin_hidden', params: [10], sorted: true },
      { path: 'question/page', status: 'pending', index: 'questions_admin_hidden', params: [11], sorted: true },
      // Two status ranges: the few unlisted questions are sorted after the index finds them.
      { path: 'question/page', status: 'unlisted', index: 'questions_admin_hidden', params: [1, 2, 2], sorted: false },
      { path: 'answer/page', status: 'deleted', index: 'answers_admin_hidden', params: [10], sorted: true },
    ];
    for (const c of cases) {
      const seen: string[] = [];
      const observe = (text: string) => void seen.push(text);
      queryObservers.add(observe);
      try {
        await call(t.app, 'GET', `${API}/${c.path}`, undefined, { token: admin, query: { status: c.status } });
      } finally {
        queryObservers.delete(observe);
      }
      const listQuery = seen.find((text) => /order by/i.test(text) && /limit/i.test(text));
      const label = `${c.path} ${c.status}`;
      expect(listQuery, label).toBeDefined();
      const plan = await explain(String(listQuery), [...c.params, 20, 0], c.sorted);
      expect(plan, label).toContain(c.index);
      if (!c.sorted) continue;
      if (TEST_DB === 'sqlite') expect(plan, label).not.toMatch(/TEMP B-TREE FOR ORDER BY/i);
      else expect(plan, label).not.toMatch(/\bSort\b/);
    }
  });

  /** The plan of a captured query with its parameters written in (tiny test tables: PostgreSQL may not scan or sort). */
  async function explain(text: string, params: number[], forbidSort: boolean): Promise<string> {
    const db = t.app.site.db;
    if (TEST_DB === 'sqlite') {
      let i = 0;
      const bound = text.replace(/\?/g, () => String(params[i++]));
      const rows = await sql.raw<{ detail: string }>(`explain query plan ${bound}`).execute(db);
      return rows.rows.map((r) => r.detail).join('\n');
    }
    const bound = text.replace(/\$(\d+)/g, (_, n: string) => String(params[Number(n) - 1]));
    return db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      if (forbidSort) await sql`set local enable_sort = off`.execute(trx);
      const rows = await sql.raw<{ 'QUERY PLAN': string }>(`explain ${bound}`).execute(trx);
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  it('[A-3] members and moderators get 403 from the lists and the status changes, and nothing changes', async () => {
    const id = await ask(t, asker.token, 'Curlew question nobody else may touch');
    for (const role of [1, 3]) {
      const token = await loginAs(t.app, (await buildUser(t.app, { role_id: role })).id);
      for (const [method, path, body] of [
        ['GET', 'question/page', undefined],
        ['GET', 'answer/page', undefined],
        ['PUT', 'question/status', { question_id: id, status: 'deleted' }],
        ['PUT', 'answer/status', { answer_id: id, status: 'deleted' }],
      ] as const) {
        const res = await call(t.app, method, `${API}/${path}`, body, { token });
        expect(`${path} ${res.status}`).toBe(`${path} 403`);
      }
    }
    expect((await row(id)).status).toBe(1);
  });
});

describe('installed plugins and supporting calls', () => {
  let t: TestApp;
  let admin = '';
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
  }, 60_000);
  afterAll(async () => t?.close());

  const get = <T>(path: string, query: Record<string, string> = {}, token = admin) =>
    call<T>(t.app, 'GET', `${API}/${path}`, undefined, { token, query });
  const put = <T = Fields | null>(path: string, body: unknown, token = admin) =>
    call<T>(t.app, 'PUT', `${API}/${path}`, body, { token });
  const slugs = async (status: string) =>
    (await get<{ slug_name: string; enabled: boolean }[]>('plugins', { status })).body.data.map(
      (p) => `${p.slug_name}:${p.enabled}`,
    );

  it('[A-6] [S4-064] [S7-050] plugins lists the built-in captcha and connector, active by default, and the filters all, active, inactive and outdated', async () => {
    const all = await get<Record<string, unknown>[]>('plugins');
    expect(all.body.data).toEqual([
      expect.objectContaining({
        slug_name: 'captcha-basic',
        type: 'captcha',
        enabled: true,
        builtin: true,
        have_config: true,
        outdated: false,
        name: 'Image captcha',
      }),
      expect.objectContaining({
        slug_name: 'connector_basic',
        type: 'connector',
        enabled: true,
        builtin: true,
        have_config: true,
        name: 'OAuth2 sign-in',
      }),
    ]);
    expect(await slugs('active')).toEqual(['captcha-basic:true', 'connector_basic:true']);
    expect(await slugs('inactive')).toEqual([]);
    expect(await slugs('outdated')).toEqual([]);
  });

  it('[A-6] [S3-037] [S7-051] plugin/status disables the captcha (no action asks for one) and enables it again', async () => {
    const guest = { ip: '203.0.113.9' };
    expect(await t.app.services.captcha.required('email', guest)).toBe(true);
    expect((await put('plugin/status', { plugin_slug_name: 'captcha-basic', enabled: false })).status).toBe(200);
    expect(await slugs('inactive')).toEqual(['captcha-basic:false']);
    expect(await t.app.services.captcha.required('email', guest)).toBe(false);
    // The public list clients read their plugins' state from says the same (spec section 4).
    const status = await call(t.app, 'GET', '/answer/api/v1/plugin/status');
    expect(status.body.data).toEqual([
      { slug_name: 'captcha-basic', enabled: false },
      { slug_name: 'connector_basic', enabled: true },
    ]);
    expect((await put('plugin/status', { plugin_slug_name: 'captcha-basic', enabled: true })).status).toBe(200);
    expect(await slugs('active')).toEqual(['captcha-basic:true', 'connector_basic:true']);
    expect(await t.app.services.captcha.required('email', guest)).toBe(true);
    const unknown = await put('plugin/status', { plugin_slug_name: 'no-such-plugin', enabled: true });
    expect([unknown.status, unknown.body.reason]).toEqual([404, 'error.plugin.not_found']);
    const bad = await put('plugin/status', { plugin_slug_name: '', enabled: 'yes' });
    expect((bad.body.data ?? []).map((f) => f.error_field).sort()).toEqual(['enabled', 'plugin_slug_name']);
  });

  it('[A-6] [S7-052] [S7-053] plugin/config draws the declared fields with their values; a save checks each field and the captcha draws that many characters', async () => {
    const config = await get<{ config_fields: Record<string, unknown>[] }>('plugin/config', {
      plugin_slug_name: 'captcha-basic',
    });
    expect(config.body.data.config_fields).toEqual([
      expect.objectContaining({ name: 'code_length', type: 'number', required: true, min: 4, max: 6, value: 4 }),
    ]);
    const tooLong = await put('plugin/config', {
      plugin_slug_name: 'captcha-basic',
      config_fields: { code_length: 9 },
    });
    expect(tooLong.status).toBe(400);
    expect((tooLong.body.data ?? []).map((f) => f.error_field)).toEqual(['code_length']);
    const saved = await put('plugin/config', { plugin_slug_name: 'captcha-basic', config_fields: { code_length: 6 } });
    expect(saved.status).toBe(200);
    const after = await get<{ config_fields: { value: unknown }[] }>('plugin/config', {
      plugin_slug_name: 'captcha-basic',
    });
    expect(after.body.data.config_fields[0]?.value).toBe(6);
    expect(await t.app.services.captcha.codeLength()).toBe(6);
    expect((await builtinCaptchaWith(6).create()).answer).toHaveLength(6);
  });

  it('[A-7] [S7-041] roles, language/options, reasons and user-center/agent answer the admin', async () => {
    const roles = await get<{ id: number; name: string; description: string }[]>('roles');
    expect(roles.body.data.map((r) => `${r.id}:${r.name}`)).toEqual(['1:User', '2:Admin', '3:Moderator']);
    expect(roles.body.data.every((r) => r.description.length > 0)).toBe(true);
    const languages = await get<{ value: string }[]>('language/options');
    expect(languages.body.data.map((l) => l.value)).toEqual(['en_US', 'zh_CN']);
    const reasons = await get<ReasonOption[]>('reasons', { object_type: 'question', action: 'close' });
    expect(reasons.body.data.map((r) => r.reason_type)).toContain(60);
    expect((await get('reasons')).status).toBe(400);
    expect((await get('user-center/agent')).body.data).toEqual({ enabled: false, agent_info: null });
  });

  it('[A-6][A-7] members and moderators get 403 from every plugin and supporting call', async () => {
    for (const role of [1, 3]) {
      const token = await loginAs(t.app, (await buildUser(t.app, { role_id: role })).id);
      for (const path of ['plugins', 'plugin/config', 'roles', 'language/options', 'reasons', 'user-center/agent']) {
        expect(`${path} ${(await get(path, {}, token)).status}`).toBe(`${path} 403`);
      }
      const write = await put('plugin/status', { plugin_slug_name: 'captcha-basic', enabled: false }, token);
      expect(write.status).toBe(403);
    }
    expect(await slugs('all')).toEqual(['captcha-basic:true', 'connector_basic:true']);
  });
});
