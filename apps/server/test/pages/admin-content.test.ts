import { ROLE } from '@inquire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/infra/request-context.js';
import { buildUser, loginAs } from '../factories.js';
import { ADMIN, buildTestApp, call, type TestApp } from '../harness.js';

/**
 * The admin dashboard, content lists and installed plugins pages (issue 13, items 2, 3 and 6),
 * rendered by the server from the built web app as `inquire start` serves them: the pages for
 * admins, the 403 page for everyone else.
 */
describe('admin dashboard, content and plugins pages', () => {
  let t: TestApp;
  let admin = '';

  beforeAll(async () => {
    t = await buildTestApp({ app: { pages: {}, writeLimits: false } });
    const login = await call<{ access_token: string }>(t.app, 'POST', '/answer/api/v1/user/login/email', {
      e_mail: ADMIN.email,
      pass: ADMIN.password,
    });
    admin = login.body.data.access_token;
    const asked = await call<{ id: string }>(
      t.app,
      'POST',
      '/answer/api/v1/question',
      { title: 'Puffin question that gets closed', content: 'A body for it.', tags: [{ slug_name: 'support' }] },
      { token: admin },
    );
    await call(
      t.app,
      'PUT',
      '/answer/admin/api/question/status',
      { question_id: asked.body.data.id, status: 'closed', reason_type: 63 },
      { token: admin },
    );
  }, 60_000);
  afterAll(async () => t?.close());

  const page = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'user-agent': 'test', cookie: `${SESSION_COOKIE}=${token}` } });

  it('[A-2] an admin gets the dashboard with its statistics, health, system info and links', async () => {
    const res = await page('/admin', admin);
    expect(res.statusCode).toBe(200);
    for (const text of ['Site statistics', 'Site health', 'System info', 'Documentation', 'Figures as of']) {
      expect(res.body).toContain(text);
    }
  });

  it('[A-3] an admin gets the questions list on its closed tab with the badge, and the answers list', async () => {
    const closed = await page('/admin/questions?status=closed', admin);
    expect(closed.statusCode).toBe(200);
    expect(closed.body).toContain('Puffin question that gets closed');
    for (const tab of ['Normal', 'Closed', 'Deleted', 'Pending', 'Unlisted'])
      expect(closed.body).toContain(`>${tab}</a>`);
    const answers = await page('/admin/answers', admin);
    expect(answers.statusCode).toBe(200);
    expect(answers.body).toContain('Search by question title or answer:id');
  });

  it('[A-6] an admin gets the installed plugins and the captcha’s settings drawn from its fields; an unknown plugin is 404', async () => {
    const list = await page('/admin/installed-plugins', admin);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Image captcha');
    const config = await page('/admin/captcha-basic', admin);
    expect(config.statusCode).toBe(200);
    expect(config.body).toContain('Characters in the image');
    expect((await page('/admin/no-such-plugin', admin)).statusCode).toBe(404);
  });

  it('[A-2][A-3][A-6] members and moderators get the 403 page for every one of these pages', async () => {
    for (const role of [ROLE.user, ROLE.moderator]) {
      const token = await loginAs(t.app, (await buildUser(t.app, { role_id: role })).id);
      for (const path of [
        '/admin',
        '/admin/questions',
        '/admin/answers',
        '/admin/installed-plugins',
        '/admin/captcha-basic',
      ]) {
        expect(`${path} ${(await page(path, token)).statusCode}`).toBe(`${path} 403`);
      }
    }
  });
});
