import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { buildUser, loginAs } from '../../../test/factories.js';
import { ADMIN, buildTestApp, call, type TestApp } from '../../../test/harness.js';
import { codeFromMail, mailToSink, startSmtpSink, type SinkMail, type SmtpSink } from '../../../test/smtp-sink.js';
import { nowSeconds } from '../../lib/clock.js';
import { notifyInbox } from './notify.js';
import { QUOTA_WINDOW_SECONDS } from './email-notices.js';
import { MAX_EMAIL_LINES } from './notification-email.js';

const V1 = '/answer/api/v1';
type Member = { id: string; token: string; username: string; email: string };
type Source = 'inbox' | 'all_new_question' | 'all_new_question_for_following_tags';

describe('notification emails, digests and unsubscribe (issue 11, item 5)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let asker: Member;
  let answerer: Member;
  let bystander: Member;
  let n = 0;

  const make = async (overrides = {}): Promise<Member> => {
    const user = await buildUser(t.app, { rank: 3000, ...overrides });
    return { id: user.id, username: user.username, email: user.email, token: await loginAs(t.app, user.id) };
  };

  beforeEach(async () => {
    t = await buildTestApp({ app: { writeLimits: false } });
    sink = await startSmtpSink();
    await mailToSink(t.app.services.mail, sink, 'Test site');
    asker = await make();
    answerer = await make();
    bystander = await make();
  });
  afterEach(async () => {
    await t.close();
    await sink.close();
  });

  const ok = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, body: unknown, who: Member) => {
    const res = await call<T>(t.app, method, `${V1}${url}`, body, { token: who.token });
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };
  const subscribe = (who: Member, sources: Partial<Record<Source, boolean>>) =>
    ok(
      'PUT',
      '/user/notification/config',
      Object.fromEntries(Object.entries(sources).map(([k, enable]) => [k, { key: 'email', enable }])),
      who,
    );
  const config = (who: Member) =>
    ok<Record<Source, { enable: boolean }>>('GET', '/user/notification/config', undefined, who);
  const ask = async (who = asker, title?: string, tag = 'general') => {
    n += 1;
    return (
      await ok<{ id: string }>(
        'POST',
        '/question',
        {
          title: title ?? `How do tides work on lake number ${n}?`,
          content: `I wonder whether lake ${n} has tides at all.`,
          tags: [{ slug_name: tag }],
        },
        who,
      )
    ).id;
  };
  const answer = async (questionId: string, who = answerer) =>
    (
      await ok<{ id: string }>(
        'POST',
        '/answer',
        { question_id: questionId, content: `An answer by ${who.username}.` },
        who,
      )
    ).id;
  const comment = async (objectId: string, text: string, who: Member, reply = '') =>
    (
      await ok<{ comment_id: string }>(
        'POST',
        '/comment',
        { object_id: objectId, original_text: text, reply_comment_id: reply },
        who,
      )
    ).comment_id;
  /** Runs the mail worker as if the digest delay had passed, until nothing is left to send. */
  const flush = async (ahead = 600) => {
    await t.app.services.notificationEmails.composeDue(nowSeconds() + ahead);
    await t.app.services.mail.runOnce();
  };
  /** In the order they were written (ids grow): without an order, PostgreSQL returns rows as it finds them. */
  const outboxTo = (who: Member) =>
    t.app.site.db.selectFrom('email_outbox').selectAll().where('to_address', '=', who.email).orderBy('id').execute();
  const waiting = (who: Member) =>
    t.app.site.db.selectFrom('email_digest_items').selectAll().where('user_id', '=', who.id).execute();
  const mailTo = (who: Member): Promise<SinkMail> => sink.waitFor(who.email, () => t.app.services.mail.runOnce());

  it('[N-5] an answer emails the asker (inbox source on): a link to the answer, an unsubscribe link, one-click headers; nobody else', async () => {
    const follower = await make();
    await subscribe(asker, { inbox: true });
    await subscribe(follower, { inbox: true });
    await subscribe(answerer, { inbox: true });
    const questionId = await ask(asker, 'Tides & <b>lakes</b> $& $1 question');
    await ok('POST', '/follow', { object_id: questionId, is_cancel: false }, follower);
    const answerId = await answer(questionId);
    // Written in the answer's transaction, waiting for the digest delay: nothing sent yet.
    expect(await waiting(asker)).toHaveLength(1);
    await t.app.services.notificationEmails.composeDue(nowSeconds());
    expect(await outboxTo(asker)).toEqual([]);

    await flush();
    const mail = await mailTo(asker);
    expect(mail.subject).toBe(
      `[Test site] ${answerer.username} answered your question “Tides & <b>lakes</b> $& $1 question”`,
    );
    // The answer's own address (the default permalink carries the title's slug between the ids).
    expect(mail.text).toMatch(new RegExp(`http://localhost:9080/questions/${questionId}/[^/\\s]+/${answerId}\\s`));
    // User text is escaped in the HTML, and no replacement pattern was expanded.
    expect(mail.html).toContain('Tides &amp; &lt;b&gt;lakes&lt;/b&gt; $&amp; $1 question');
    expect(mail.html).not.toContain('<b>lakes</b>');
    const code = codeFromMail(mail, 'unsubscribe');
    expect(mail.headers['list-unsubscribe']).toBe(
      `<http://localhost:9080/answer/api/v1/user/notification/unsubscribe?code=${code}>`,
    );
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // Followers hear of answers in the inbox only; the answerer is never told of their own act.
    expect(await outboxTo(follower)).toEqual([]);
    expect(await outboxTo(answerer)).toEqual([]);
    expect(await waiting(asker)).toEqual([]);
  });

  it('[N-5] comments, replies and invitations are emailed; mentions are not; inbox email off sends nothing', async () => {
    const mentioned = await make();
    for (const who of [asker, answerer, bystander, mentioned]) await subscribe(who, { inbox: true });
    const questionId = await ask();
    const answerId = await answer(questionId);
    await flush();
    await outboxTo(asker).then((rows) => expect(rows).toHaveLength(1));

    const onAnswer = await comment(answerId, 'A comment on the answer, by the bystander.', bystander);
    const reply = await comment(answerId, 'A reply to the bystander, by the answerer.', answerer, onAnswer);
    await comment(questionId, `@${mentioned.username} do you know about lakes?`, bystander);
    await ok('PUT', '/question/invite', { id: questionId, invite_user: [mentioned.username] }, asker);
    await flush();
    const texts = async (who: Member) => (await outboxTo(who)).map((row) => row.text);
    expect((await texts(answerer)).join()).toContain(`${bystander.username} commented on your answer to`);
    expect((await texts(bystander)).join()).toContain(`${answerer.username} replied to your comment on`);
    // A comment's link is its anchor on the answer's page.
    expect((await texts(bystander)).join()).toMatch(new RegExp(`/${answerId}#${reply}\\s`));
    const toMentioned = await texts(mentioned);
    expect(toMentioned).toHaveLength(1);
    expect(toMentioned[0]).toContain(`${asker.username} invited you to answer`);
    expect(toMentioned[0]).not.toContain('comment');

    // The asker turns inbox email off: a later answer reaches the inbox, not the mailbox.
    await subscribe(asker, { inbox: false });
    await answer(questionId, bystander);
    await flush();
    expect(await outboxTo(asker)).toHaveLength(1);
    expect(await waiting(asker)).toEqual([]);
  });

  it('[N-5] several notifications within minutes make ONE email listing them all, in the receiver’s language', async () => {
    await t.app.site.db.updateTable('users').set({ language: 'zh_CN' }).where('id', '=', asker.id).execute();
    await subscribe(asker, { inbox: true });
    const questionId = await ask();
    const answerId = await answer(questionId);
    await comment(questionId, 'First comment on the question here.', bystander);
    await answer(questionId, bystander);
    expect(await waiting(asker)).toHaveLength(3);
    await flush();
    const rows = await outboxTo(asker);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toBe('[Test site] 3 条新通知');
    expect(rows[0]!.html).toContain('lang="zh-CN"');
    expect(rows[0]!.text).toContain(`${answerer.username} 回答了你的问题`);
    expect(rows[0]!.text).toContain(`${bystander.username} 评论了你的问题`);
    expect(rows[0]!.text).toMatch(new RegExp(`/questions/${questionId}/[^/\\s]+/${answerId}\\s`));
    expect(rows[0]!.text.match(/^- /gm)).toHaveLength(3);
    // A later item starts a new digest.
    await comment(questionId, 'A second comment, much later.', bystander);
    await flush();
    expect(await outboxTo(asker)).toHaveLength(2);

    // A long burst: the email shows the first MAX_EMAIL_LINES and counts the rest under a link to the inbox.
    for (let i = 0; i < MAX_EMAIL_LINES + 3; i += 1) await comment(questionId, `Burst comment number ${i}.`, bystander);
    await flush();
    const burst = (await outboxTo(asker))[2]!;
    expect(burst.subject).toBe(`[Test site] ${MAX_EMAIL_LINES + 3} 条新通知`);
    expect(burst.text.match(/^- /gm)).toHaveLength(MAX_EMAIL_LINES);
    expect(burst.text).toContain('……还有 3 条\n  http://localhost:9080/users/notifications/inbox');
  });

  it('[N-5][N-6] never to suspended, unverified or deleted members; a post deleted before the digest goes out drops out', async () => {
    const suspended = await make();
    const unverified = await make();
    const deleted = await make();
    for (const who of [suspended, unverified, deleted, asker]) await subscribe(who, { inbox: true });
    const q1 = await ask(suspended);
    const q2 = await ask(unverified);
    const q3 = await ask(asker);
    const q4 = await ask(deleted);
    await t.app.site.db.updateTable('users').set({ status: 10 }).where('id', '=', deleted.id).execute();
    await answer(q4);
    await t.app.site.db
      .updateTable('users')
      .set({ status: 9, suspended_until: nowSeconds() + 86_400 })
      .where('id', '=', suspended.id)
      .execute();
    await t.app.site.db.updateTable('users').set({ mail_status: 2 }).where('id', '=', unverified.id).execute();
    await answer(q1);
    await answer(q2);
    const gone = await answer(q3);
    await answer(q3, bystander);
    // The answerer deletes their answer before the digest is due: only the other one is told.
    const removed = await call(t.app, 'DELETE', `${V1}/answer`, { id: gone }, { token: answerer.token });
    expect(removed.status).toBe(200);
    await flush();
    expect(await outboxTo(suspended)).toEqual([]);
    expect(await outboxTo(unverified)).toEqual([]);
    expect(await outboxTo(deleted)).toEqual([]);
    const rows = await outboxTo(asker);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.text).toContain(`${bystander.username} answered your question`);
    expect(rows[0]!.text).not.toContain(answerer.username);
  });

  it('[N-6] a held answer or question emails nobody until it is approved; then its receivers get it', async () => {
    const admin = await t.app.site.db
      .selectFrom('users')
      .select('id')
      .where('e_mail', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    const adminToken = await loginAs(t.app, admin.id);
    const asAdmin = <T>(method: 'GET' | 'PUT', url: string, body?: unknown) =>
      call<T>(t.app, method, url, body, { token: adminToken });
    const write = await asAdmin<Record<string, unknown>>('GET', '/answer/admin/api/siteinfo/write');
    await asAdmin('PUT', '/answer/admin/api/siteinfo/write', { ...write.body.data, hold_posts_below_rank: 10 });
    const newcomer = await make({ rank: 1 });
    await subscribe(asker, { inbox: true });
    await subscribe(bystander, { all_new_question: true });
    const questionId = await ask();
    await answer(questionId, newcomer);
    const heldQuestion = await ask(newcomer, 'A held question from a newcomer');
    await flush();
    expect(await outboxTo(asker)).toEqual([]);
    expect((await outboxTo(bystander)).map((row) => row.subject).join()).not.toContain('held question');

    // The queue shows one item at a time: approve the first until none is left.
    const pending = () =>
      asAdmin<{ count: number; list: { review_id: string }[] }>('GET', `${V1}/review/pending/post/page?page=1`);
    expect((await pending()).body.data.count).toBe(2);
    for (let left = 2; left > 0; left -= 1) {
      const [first] = (await pending()).body.data.list;
      const decided = await asAdmin('PUT', `${V1}/review/pending/post`, {
        review_id: first!.review_id,
        status: 'approve',
      });
      expect(decided.status).toBe(200);
    }
    expect((await pending()).body.data.count).toBe(0);
    await flush();
    expect((await outboxTo(asker))[0]?.text).toContain(`${newcomer.username} answered your question`);
    const toBystander = (await outboxTo(bystander)).map((row) => row.text).join();
    expect(toBystander).toContain(`${newcomer.username} asked “A held question from a newcomer”`);
    expect(toBystander).toContain(`/questions/${heldQuestion}`);
  });

  it('[N-5] new questions: "all new questions" and followed tags, never the author; at most 50 a week for "all", counted durably', async () => {
    const everything = await make();
    const tagFan = await make();
    const quiet = await make();
    await subscribe(everything, { all_new_question: true });
    await subscribe(asker, { all_new_question: true });
    await subscribe(tagFan, { all_new_question_for_following_tags: true });
    await ask(bystander, undefined, 'lakes');
    const tag = await t.app.site.db
      .selectFrom('tags')
      .select('id')
      .where('slug_name', '=', 'lakes')
      .executeTakeFirstOrThrow();
    await ok('POST', '/follow', { object_id: tag.id, is_cancel: false }, tagFan);
    await flush();

    const questionId = await ask(asker, 'A brand new question about lakes', 'lakes');
    await flush();
    // The asker hears of the bystander's question, not of their own.
    expect((await outboxTo(asker)).map((row) => row.subject).join()).not.toContain('brand new');
    expect(await outboxTo(quiet)).toEqual([]);
    const toFan = await outboxTo(tagFan);
    expect(toFan).toHaveLength(1);
    expect(toFan[0]!.text).toContain(`${asker.username} asked “A brand new question about lakes”`);
    expect(toFan[0]!.text).toContain(`/questions/${questionId}`);
    expect(await outboxTo(everything)).toHaveLength(2);

    // 50 counted this week already: the next question is not emailed to "all" subscribers; tag followers are not capped.
    const sent = await t.app.site.db
      .selectFrom('email_question_quota')
      .select('count')
      .where('user_id', '=', everything.id)
      .executeTakeFirstOrThrow();
    expect(sent.count).toBe(2);
    await t.app.site.db
      .updateTable('email_question_quota')
      .set({ count: 50 })
      .where('user_id', '=', everything.id)
      .execute();
    await ask(bystander, undefined, 'lakes');
    await flush();
    expect(await outboxTo(everything)).toHaveLength(2);
    expect(await outboxTo(tagFan)).toHaveLength(2);
    // A week after the window opened, it starts again.
    await t.app.site.db
      .updateTable('email_question_quota')
      .set({ window_start: nowSeconds() - QUOTA_WINDOW_SECONDS - 1 })
      .where('user_id', '=', everything.id)
      .execute();
    await ask(bystander, undefined, 'lakes');
    await flush();
    expect(await outboxTo(everything)).toHaveLength(3);
  });

  it('[N-5] without SMTP settings notification emails are dropped, not written to the log like account emails', async () => {
    await subscribe(asker, { inbox: true });
    await t.app.site.db.deleteFrom('site_settings').where('section', '=', 'smtp').execute();
    await answer(await ask());
    expect(await waiting(asker)).toHaveLength(1);
    await flush();
    expect(await waiting(asker)).toEqual([]);
    expect(await outboxTo(asker)).toEqual([]);
  });

  it('[S7-132] unsubscribe: the code turns that source off without sign-in, works again within 24 h, then 403 url_expired', async () => {
    await subscribe(asker, { inbox: true, all_new_question: true });
    await answer(await ask());
    await flush();
    const code = codeFromMail(await mailTo(asker), 'unsubscribe');

    const done = await call(t.app, 'PUT', `${V1}/user/notification/unsubscribe`, { code });
    expect(done.status).toBe(200);
    expect(await config(asker)).toMatchObject({ inbox: { enable: false }, all_new_question: { enable: true } });
    // Followed a second time (the page after a mail client's one-click): still fine.
    expect((await call(t.app, 'PUT', `${V1}/user/notification/unsubscribe`, { code })).status).toBe(200);

    await t.app.site.db
      .updateTable('email_codes')
      .set({ expires_at: nowSeconds() - 1 })
      .where('action', '=', 'unsubscribe')
      .execute();
    const expired = await call(t.app, 'PUT', `${V1}/user/notification/unsubscribe`, { code });
    expect(expired.status).toBe(403);
    expect(expired.body).toMatchObject({ reason: 'error.user.url_expired', data: { type: 'url_expired' } });
    const unknown = await call(t.app, 'PUT', `${V1}/user/notification/unsubscribe`, { code: 'not-a-code' });
    expect(unknown.status).toBe(403);
    const missing = await call<{ error_field: string }[]>(t.app, 'PUT', `${V1}/user/notification/unsubscribe`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.data.map((f) => f.error_field)).toEqual(['code']);
  });

  it('[S7-132] RFC 8058 one-click: a form POST to the List-Unsubscribe address turns the source off; new-question mails turn off the source they came by', async () => {
    await subscribe(asker, { all_new_question: true, inbox: true });
    await ask(bystander);
    await flush();
    const mail = await mailTo(asker);
    const address = /<([^>]+)>/.exec(mail.headers['list-unsubscribe'] ?? '')![1]!;
    const res = await t.app.inject({
      method: 'POST',
      url: address.replace('http://localhost:9080', ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(await config(asker)).toMatchObject({ all_new_question: { enable: false }, inbox: { enable: true } });
  });

  it('[N-5] a crash between the write and the send loses nothing: another process sends it; a rolled-back change queues nothing', async () => {
    await subscribe(asker, { inbox: true });
    const questionId = await ask();
    // Rolled back after telling: no inbox row, no email waiting.
    await t.app.site.db
      .transaction()
      .execute(async (trx) => {
        await notifyInbox(trx, {
          action: 'invited_you_to_answer',
          actorId: bystander.id,
          receivers: [asker.id],
          questionId,
          now: nowSeconds(),
        });
        throw new Error('the change fails');
      })
      .catch(() => undefined);
    expect(await waiting(asker)).toEqual([]);

    await answer(questionId);
    expect(await waiting(asker)).toHaveLength(1);
    // The process stops before the digest is due (as a crash would: nothing else runs).
    await t.app.close();
    const restarted = await buildApp({ pages: false, dataDir: t.dataDir, writeLimits: false });
    try {
      await restarted.services.notificationEmails.composeDue(nowSeconds() + 600);
      const mail = await sink.waitFor(asker.email, () => restarted.services.mail.runOnce());
      expect(mail.text).toContain(`${answerer.username} answered your question`);
    } finally {
      await restarted.close();
    }
  });
});
