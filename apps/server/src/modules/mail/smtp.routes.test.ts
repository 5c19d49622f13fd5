import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, loginAs } from '../../../test/factories.js';
import { ADMIN, buildTestApp, call, type TestApp } from '../../../test/harness.js';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js';
import { nowSeconds } from '../../lib/clock.js';
import { backoffSeconds } from './mail.service.js';
import { renderEmail } from './templates.js';

const SMTP = '/answer/admin/api/setting/smtp';
type Fields = { error_field: string; error_msg: string }[];

async function adminToken(t: TestApp): Promise<string> {
  const admin = await t.app.site.db
    .selectFrom('users')
    .select('id')
    .where('e_mail', '=', ADMIN.email)
    .executeTakeFirstOrThrow();
  return loginAs(t.app, admin.id);
}

describe('SMTP settings and the email outbox', () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeEach(async () => {
    t = await buildTestApp();
    sink = await startSmtpSink();
  });
  afterEach(async () => {
    await t.close();
    await sink.close();
  });

  const settings = (port: number) => ({
    from_email: 'noreply@example.com',
    from_name: 'Inquire',
    smtp_host: '127.0.0.1',
    smtp_port: port,
    encryption: '' as const,
    smtp_username: 'mailer',
    smtp_password: 'smtp-secret',
    smtp_authentication: false,
  });

  it('is for admins only: 401 for guests, 403 for members', async () => {
    expect((await call(t.app, 'GET', SMTP)).status).toBe(401);
    const user = await buildUser(t.app);
    const token = await loginAs(t.app, user.id);
    expect((await call(t.app, 'GET', SMTP, undefined, { token })).status).toBe(403);
    expect((await call(t.app, 'PUT', SMTP, settings(25), { token })).status).toBe(403);
  });

  it('[S5-054] [S5-055] names every bad field: port 1 to 65535, encryption, test recipient', async () => {
    const token = await adminToken(t);
    for (const port of [0, 65536, 'abc']) {
      const res = await call<Fields>(t.app, 'PUT', SMTP, { ...settings(25), smtp_port: port }, { token });
      expect(res.status).toBe(400);
      expect(res.body.data[0]).toEqual({
        error_field: 'smtp_port',
        error_msg: 'Port must be a number from 1 to 65535.',
      });
    }
    const res = await call<Fields>(
      t.app,
      'PUT',
      SMTP,
      { ...settings(25), encryption: 'STARTTLS', test_email_recipient: 'not-an-email', from_name: 'me@x.com' },
      { token },
    );
    expect(res.body.data.map((f) => f.error_field)).toEqual(['from_name', 'encryption', 'test_email_recipient']);
  });

  it('masks the password on GET, keeps it when the mask comes back, and sends a test email', async () => {
    const token = await adminToken(t);
    const before = await call<{ configured: boolean; smtp_port: number }>(t.app, 'GET', SMTP, undefined, { token });
    expect(before.body.data).toMatchObject({ configured: false, smtp_port: 465 });
    expect((await call(t.app, 'PUT', SMTP, settings(sink.port), { token })).status).toBe(200);
    const got = await call<{ smtp_password: string; configured: boolean }>(t.app, 'GET', SMTP, undefined, { token });
    expect(got.body.data).toMatchObject({ smtp_password: '********', configured: true });
    const again = await call(
      t.app,
      'PUT',
      SMTP,
      { ...settings(sink.port), smtp_password: '********', test_email_recipient: 'tester@example.com' },
      { token },
    );
    expect(again.status).toBe(200);
    const mail = await sink.waitFor('tester@example.com');
    expect(mail.subject).toBe('[Test site] Test email');
    const stored = await t.app.site.db
      .selectFrom('site_settings')
      .select('content')
      .where('section', '=', 'smtp')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.content).smtp_password).toBe('smtp-secret');
    // GET siteinfo never carries SMTP settings.
    expect(JSON.stringify((await call(t.app, 'GET', '/answer/api/v1/siteinfo')).body)).not.toContain('smtp');
  });

  it('a failed test email is a toast error', async () => {
    const token = await adminToken(t);
    await sink.close();
    const res = await call(
      t.app,
      'PUT',
      SMTP,
      { ...settings(sink.port), test_email_recipient: 'x@example.com' },
      { token },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ reason: 'error.smtp.send_failed', data: { err_type: 'toast' } });
    sink = await startSmtpSink();
  });

  it('an SMTP outage delays mail and loses none: failed rows retry with backoff', async () => {
    const port = sink.port;
    await sink.close();
    await t.app.services.mail.updateSmtp(settings(port), 'en_US', 'Test site');
    const db = t.app.site.db;
    await t.app.services.mail.enqueue(db, renderEmail('en_US', 'test', 'late@example.com', { site: 'Test site' }));
    await t.app.services.mail.runOnce();
    const failed = await db.selectFrom('email_outbox').selectAll().executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: 1, attempts: 1 });
    expect(Number(failed.next_attempt_at)).toBeGreaterThan(nowSeconds() + 20);
    expect(failed.last_error).not.toBe('');
    expect([1, 2, 3, 10, 20].map(backoffSeconds)).toEqual([30, 60, 120, 3600, 3600]);

    // The server comes back; once the row is due again it goes out.
    sink = await startSmtpSink();
    await t.app.services.mail.updateSmtp(settings(sink.port), 'en_US', 'Test site');
    await db
      .updateTable('email_outbox')
      .set({ next_attempt_at: nowSeconds() - 1 })
      .execute();
    const mail = await sink.waitFor('late@example.com', () => t.app.services.mail.runOnce());
    expect(mail.subject).toBe('[Test site] Test email');
    expect(await db.selectFrom('email_outbox').select(['status', 'attempts']).executeTakeFirstOrThrow()).toEqual({
      status: 2,
      attempts: 1,
    });
  });

  it('renders both languages as HTML and text with user content escaped', () => {
    const en = renderEmail('en_US', 'activation', 'a@example.com', {
      site: 'Q&A <b>site</b>',
      name: '<script>x</script>',
      link: 'http://h/users/account-activation?code=abc',
    });
    expect(en.html).toContain('Q&amp;A &lt;b&gt;site&lt;/b&gt;');
    expect(en.html).not.toContain('<script>');
    expect(en.text).toContain('http://h/users/account-activation?code=abc');
    const zh = renderEmail('zh_CN', 'reset', 'a@example.com', { site: 'S', name: 'N', link: 'http://h/x' });
    expect(zh.subject).toBe('[S] 重置您的密码');
    expect(zh.html).toContain('lang="zh-CN"');
  });
});
