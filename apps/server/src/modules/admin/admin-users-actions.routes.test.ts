import { MAIL_STATUS, USER_STATUS } from '@inquire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, loginAs } from '../../../test/factories.js';
import { ADMIN, buildTestApp, call, type TestApp } from '../../../test/harness.js';

/**
 * Admin user actions of issue 13 item 4 beyond status, role, password and profile: bulk add,
 * the activation link and its resend, and deleting a member with all their content, after
 * which every count and list reads as if each post had been deleted on its own.
 */
const API = '/answer/admin/api';
const V1 = '/answer/api/v1';
type Fields = { error_field: string; error_msg: string }[];

describe('admin user actions: bulk add, activation, delete with content', () => {
  let t: TestApp;
  let admin = '';
  let adminId = '';

  beforeAll(async () => {
    t = await buildTestApp({ app: { writeLimits: false } });
    const row = await t.app.site.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', ADMIN.name)
      .executeTakeFirstOrThrow();
    adminId = row.id;
    admin = await loginAs(t.app, adminId);
  }, 60_000);
  afterAll(async () => t?.close());

  const db = () => t.app.site.db;
  const bulk = (users: unknown, token = admin, lang = 'en_US') =>
    call<unknown>(t.app, 'POST', `${API}/users`, { users }, { token, cookie: `inquire_lang=${lang}` });
  const byEmail = (email: string) =>
    db().selectFrom('users').selectAll().where('e_mail', '=', email).executeTakeFirst();
  const userCount = async () =>
    Number(
      (
        await db()
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('[S5-015] [S7-044] bulk add refuses the whole text at its first bad line with the spec’s message, naming the line, and adds nothing', async () => {
    const before = await userCount();
    const text = ['Ann Bulk, ann.bulk@example.com, password-1', '', 'Bad line without commas'].join('\n');
    const res = await bulk(text);
    expect(res.status).toBe(400);
    const fields = res.body.data as Fields;
    const message = "Line 3: Please enter the user's email, one per line.";
    expect(fields).toEqual([{ error_field: 'users', error_msg: message }]);
    expect(res.body.msg).toBe(message);
    const zhFormat = await bulk('Ann Bulk; ann.bulk@example.com; password-1', admin, 'zh_CN');
    expect((zhFormat.body.data as Fields)[0]?.error_msg).toBe('第 1 行：请输入用户的邮箱，每行一个。');
    // No text at all: the spec's message as it stands, in both languages.
    expect(((await bulk(' \n ')).body.data as Fields)[0]?.error_msg).toBe(
      "Please enter the user's email, one per line.",
    );
    expect(((await bulk('', admin, 'zh_CN')).body.data as Fields)[0]?.error_msg).toBe('请输入用户的邮箱，每行一个。');
    const zh = await bulk('Ann Bulk, ann.bulk@example.com, short', admin, 'zh_CN');
    expect((zh.body.data as Fields)[0]?.error_msg).toContain('第 1 行');
    expect(await userCount()).toBe(before);
    expect(await byEmail('ann.bulk@example.com')).toBeUndefined();
  });

  it('[S7-044] bulk add refuses more than 1000 members at once, naming the limit, and adds nothing', async () => {
    const before = await userCount();
    const lines = Array.from({ length: 1001 }, (_, i) => `Many ${i}, many.${i}@example.com, password-1`);
    const res = await bulk(lines.join('\n'));
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual([{ error_field: 'users', error_msg: expect.stringContaining('Up to 1000 users') }]);
    expect(await userCount()).toBe(before);
  });

  it('[S5-014] [S7-044] bulk add names the line of a bad email, a repeated email and a registered one', async () => {
    const taken = await buildUser(t.app);
    const cases: [string, string][] = [
      ['A One, a1@example.com, password-1\nA Two, not-an-email, password-2', 'Line 2'],
      ['A One, a1@example.com, password-1\nA Two, A1@example.com, password-2', 'Line 2'],
      [`\n\nA One, ${taken.email}, password-1`, 'Line 3'],
      ['A One, a1@example.com, has space', 'Line 1'],
      [',a1@example.com, password-1', 'Line 1'],
    ];
    for (const [text, line] of cases) {
      const res = await bulk(text);
      expect(res.status, text).toBe(400);
      expect((res.body.data as Fields)[0]?.error_msg, text).toContain(line);
    }
    const empty = await bulk('  \n ');
    expect(empty.status).toBe(400);
    expect((empty.body.data as Fields)[0]).toMatchObject({ error_field: 'users' });
    expect(await byEmail('a1@example.com')).toBeUndefined();
  });

  it('[S7-044] bulk add creates every member verified at rank 1, listed, able to sign in', async () => {
    const res = await bulk(
      'Bea Bulk, bea.bulk@example.com, password-1\r\nCal Bulk, CAL.bulk@example.com, password-2\n',
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ count: 2 });
    for (const email of ['bea.bulk@example.com', 'cal.bulk@example.com']) {
      const row = await byEmail(email);
      expect(row).toMatchObject({ rank: 1, mail_status: MAIL_STATUS.activated, status: USER_STATUS.normal });
    }
    const listed = await call<{ list: { e_mail: string }[] }>(t.app, 'GET', `${API}/users/page`, undefined, {
      token: admin,
      query: { query: 'bulk' },
    });
    expect(listed.body.data.list.map((u) => u.e_mail)).toEqual(
      expect.arrayContaining(['bea.bulk@example.com', 'cal.bulk@example.com']),
    );
    const login = await call(t.app, 'POST', `${V1}/user/login/email`, {
      e_mail: 'cal.bulk@example.com',
      pass: 'password-2',
    });
    expect(login.status).toBe(200);
  });

  it('[S7-044][S7-047][S7-048] members get 403; the activation actions refuse one’s own account', async () => {
    const m = await buildUser(t.app);
    const token = await loginAs(t.app, m.id);
    expect((await bulk('X Y, xy@example.com, password-1', token)).status).toBe(403);
    expect(
      (await call(t.app, 'GET', `${API}/user/activation`, undefined, { token, query: { user_id: m.id } })).status,
    ).toBe(403);
    expect((await call(t.app, 'POST', `${API}/user/activation`, { user_id: m.id }, { token })).status).toBe(403);
    const self = await call(t.app, 'POST', `${API}/user/activation`, { user_id: adminId }, { token: admin });
    expect(self.status).toBe(400);
    expect(self.body.reason).toBe('error.admin.cannot_modify_self');
    const missing = await call(t.app, 'GET', `${API}/user/activation`, undefined, { token: admin });
    expect(missing.status).toBe(400);
    expect((missing.body.data as Fields)[0]?.error_field).toBe('user_id');
  });

  it('[S7-047] the activation link activates the member; a newer one replaces it', async () => {
    const m = await buildUser(t.app, { mail_status: MAIL_STATUS.inactive, rank: 0 });
    const outboxBefore = await db().selectFrom('email_outbox').select('id').where('to_address', '=', m.email).execute();
    const link = async () => {
      const res = await call<{ activation_url: string }>(t.app, 'GET', `${API}/user/activation`, undefined, {
        token: admin,
        query: { user_id: m.id },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.activation_url).toMatch(/\/users\/account-activation\?code=/);
      return new URL(res.body.data.activation_url).searchParams.get('code') ?? '';
    };
    const first = await link();
    const second = await link();
    // No mail for the link the admin passes on.
    const outboxAfter = await db().selectFrom('email_outbox').select('id').where('to_address', '=', m.email).execute();
    expect(outboxAfter.length).toBe(outboxBefore.length);
    expect((await call(t.app, 'POST', `${V1}/user/email/verification`, { code: first })).status).toBe(403);
    expect((await call(t.app, 'POST', `${V1}/user/email/verification`, { code: second })).status).toBe(200);
    expect(await byEmail(m.email)).toMatchObject({ mail_status: MAIL_STATUS.activated, rank: 1 });
  });

  it('[S4-056] [S7-048] resend activation writes the activation email to the outbox', async () => {
    const m = await buildUser(t.app, { mail_status: MAIL_STATUS.inactive, rank: 0 });
    const res = await call(t.app, 'POST', `${API}/user/activation`, { user_id: m.id }, { token: admin });
    expect(res.status).toBe(200);
    const mails = await db().selectFrom('email_outbox').selectAll().where('to_address', '=', m.email).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.html).toContain('/users/account-activation?code=');
  });

  it('[A-4] [S4-059] deleting a member with all their content moves every count and list as single deletes do', async () => {
    const author = await buildUser(t.app, { rank: 1000 });
    const other = await buildUser(t.app, { rank: 1000 });
    const authorToken = await loginAs(t.app, author.id);
    const otherToken = await loginAs(t.app, other.id);
    const ask = async (token: string, title: string, tag: string) => {
      const res = await call<{ id: string }>(
        t.app,
        'POST',
        `${V1}/question`,
        { title, content: 'Body long enough to be posted.', tags: [{ slug_name: tag }] },
        { token },
      );
      expect(res.status).toBe(200);
      return res.body.data.id;
    };
    const answer = async (token: string, questionId: string) => {
      const res = await call<{ id: string }>(
        t.app,
        'POST',
        `${V1}/answer`,
        { question_id: questionId, content: 'An answer long enough to be posted.' },
        { token },
      );
      expect(res.status).toBe(200);
      return res.body.data.id;
    };
    const own = await ask(authorToken, 'The author’s own question to be removed', 'removal-tag');
    await answer(otherToken, own);
    const others = await ask(otherToken, 'Another member’s question the author answered', 'kept-tag');
    const authorAnswer = await answer(authorToken, others);
    const vote = await call(t.app, 'POST', `${V1}/vote/up`, { object_id: authorAnswer }, { token: otherToken });
    expect(vote.status).toBe(200);

    const question = (id: string) =>
      db().selectFrom('questions').select(['status', 'answer_count']).where('id', '=', id).executeTakeFirstOrThrow();
    const tagCount = async (slug: string) =>
      (await db().selectFrom('tags').select('question_count').where('slug_name', '=', slug).executeTakeFirstOrThrow())
        .question_count;
    const member = (id: string) =>
      db()
        .selectFrom('users')
        .select(['rank', 'question_count', 'answer_count'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect((await question(others)).answer_count).toBe(1);
    expect(await tagCount('removal-tag')).toBe(1);
    const before = await member(author.id);
    expect(before).toMatchObject({ question_count: 1, answer_count: 1 });

    const res = await call(
      t.app,
      'PUT',
      `${API}/user/status`,
      { user_id: author.id, status: 'deleted', remove_all_content: true },
      { token: admin },
    );
    expect(res.status).toBe(200);

    expect(await question(own)).toMatchObject({ status: 10 });
    expect((await question(others)).answer_count).toBe(0);
    expect(await tagCount('removal-tag')).toBe(0);
    expect(await tagCount('kept-tag')).toBe(1);
    const after = await member(author.id);
    expect(after).toMatchObject({ question_count: 0, answer_count: 0 });
    // The up vote's reputation (peer facts 1.1: +10 for an answer) is taken back with the answer.
    expect(after.rank).toBe(before.rank - 10);

    const answers = await call<{ list: { id: string }[] }>(t.app, 'GET', `${V1}/answer/page`, undefined, {
      token: otherToken,
      query: { question_id: others },
    });
    expect(answers.body.data.list.map((a) => a.id)).not.toContain(authorAnswer);
    const listed = await call<{ list: { id: string }[] }>(t.app, 'GET', `${V1}/question/page`, undefined, {
      query: { tag: 'removal-tag' },
    });
    expect(listed.body.data.list.map((q) => q.id)).not.toContain(own);
  });
});
