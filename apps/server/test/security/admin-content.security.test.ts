import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_SAVE_LIMIT } from '../../src/modules/admin/admin-settings.service.js';
import { DECISION_LIMIT } from '../../src/modules/moderation/decision-limit.js';
import { buildUser, loginAs } from '../factories.js';
import { ADMIN, buildTestApp, call, type TestApp } from '../harness.js';

/**
 * The admin's content and plugin writes are limited per admin (issue 13, items 3 and 6): a
 * script or a stolen admin session cannot delete a site's posts or flip its plugins at machine
 * speed. Status changes are staff decisions (the reviewers' 60 a minute, shared with the flag
 * and queue decisions); plugin writes are settings saves (30 a minute, shared with the settings).
 */
describe('[A-3][A-6] admin content and plugin writes are rate limited', () => {
  let t: TestApp;
  let token = '';
  beforeEach(async () => {
    t = await buildTestApp({ app: { writeLimits: false } });
    const login = await call<{ access_token: string }>(t.app, 'POST', '/answer/api/v1/user/login/email', {
      e_mail: ADMIN.email,
      pass: ADMIN.password,
    });
    token = login.body.data.access_token;
  });
  afterEach(async () => t.close());

  it('[A-3] past 60 status changes a minute an admin gets 429 and the post keeps its status', async () => {
    const asker = await buildUser(t.app);
    const asked = await call<{ id: string }>(
      t.app,
      'POST',
      '/answer/api/v1/question',
      { title: 'A question an admin flips too often', content: 'Body text here.', tags: [{ slug_name: 'support' }] },
      { token: await loginAs(t.app, asker.id) },
    );
    const id = asked.body.data.id;
    const change = (status: string) =>
      call(t.app, 'PUT', '/answer/admin/api/question/status', { question_id: id, status }, { token });
    for (let i = 0; i < DECISION_LIMIT.max; i += 1) {
      expect((await change(i % 2 === 0 ? 'unlisted' : 'available')).status).toBe(200);
    }
    for (const path of ['question/status', 'answer/status']) {
      const over = await call(
        t.app,
        'PUT',
        `/answer/admin/api/${path}`,
        { question_id: id, answer_id: id, status: 'deleted' },
        { token },
      );
      expect(`${path} ${over.status} ${over.body.reason}`).toBe(`${path} 429 base.too_many_requests`);
    }
    const row = await t.app.site.db
      .selectFrom('questions')
      .select(['status', 'show'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 1, show: 1 });
  });

  it('[A-6] past 30 plugin writes a minute an admin gets 429 and the captcha keeps its state', async () => {
    const status = (enabled: boolean) =>
      call(t.app, 'PUT', '/answer/admin/api/plugin/status', { plugin_slug_name: 'captcha-basic', enabled }, { token });
    for (let i = 0; i < ADMIN_SAVE_LIMIT.max; i += 1) {
      expect((await status(i % 2 === 1)).status).toBe(200);
    }
    const over = await status(false);
    expect([over.status, over.body.reason]).toEqual([429, 'base.too_many_requests']);
    const config = await call(
      t.app,
      'PUT',
      '/answer/admin/api/plugin/config',
      { plugin_slug_name: 'captcha-basic', config_fields: { code_length: 5 } },
      { token },
    );
    expect(config.status).toBe(429);
    expect(await t.app.services.captcha.enabled()).toBe(true);
    expect(await t.app.services.captcha.codeLength()).toBe(4);
  });
});
