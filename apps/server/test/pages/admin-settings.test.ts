import { ROLE } from '@inquire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/infra/request-context.js';
import { buildUser, loginAs } from '../factories.js';
import { ADMIN, buildTestApp, call, type TestApp } from '../harness.js';

/**
 * The admin settings pages (issue 13, items 1 and 5): each section saved through its admin
 * call takes effect on the next request, without a restart. Rendered pages come from the
 * built web app, as `inquire start` serves them.
 */
const API = '/answer/admin/api/siteinfo';
type Fields = { error_field: string; error_msg: string }[];

/** Every admin page this work built (the others keep their guard and answer 404 past it). */
const ADMIN_PAGES = [
  '/admin/general',
  '/admin/interface',
  '/admin/legal',
  '/admin/login',
  '/admin/settings-users',
  '/admin/write',
  '/admin/seo',
  '/admin/themes',
  '/admin/smtp',
  '/admin/branding',
  '/admin/css-html',
  '/admin/privileges',
];
const SECTIONS = ['general', 'interface', 'legal', 'login', 'users', 'write', 'seo', 'branding', 'custom-css-html'];

describe('admin settings take effect', () => {
  let t: TestApp;
  let admin = '';
  let member = '';
  let memberId = '';

  beforeAll(async () => {
    t = await buildTestApp({ app: { pages: {} } });
    const login = await call<{ access_token: string }>(t.app, 'POST', '/answer/api/v1/user/login/email', {
      e_mail: ADMIN.email,
      pass: ADMIN.password,
    });
    admin = login.body.data.access_token;
    const user = await buildUser(t.app);
    memberId = user.id;
    member = await loginAs(t.app, user.id);
  }, 60_000);
  afterAll(async () => t?.close());

  const put = (section: string, body: unknown, token = admin) =>
    call<unknown>(t.app, 'PUT', `${API}/${section}`, body, { token });
  const get = <T>(section: string, token = admin) => call<T>(t.app, 'GET', `${API}/${section}`, undefined, { token });
  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { 'user-agent': 'test', ...headers } });

  it('[A-5] [S7-016] [S7-017] general: the new site name is in the page head of the next page', async () => {
    const current = await get<Record<string, string>>('general');
    const saved = await put('general', {
      ...current.body.data,
      name: 'Renamed Site',
      site_url: 'https://qa.example.com/',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ name: 'Renamed Site', site_url: 'https://qa.example.com' });
    const home = await page('/');
    expect(home.body).toMatch(/<title>[^<]*Renamed Site<\/title>/);
  });

  it('[A-5] [S5-057] [S5-058] general: every bad field is named beside its field and nothing changes', async () => {
    const res = await call<Fields>(
      t.app,
      'PUT',
      `${API}/general`,
      { name: '', site_url: 'not a url', contact_email: 'nope' },
      { token: admin },
    );
    expect(res.status).toBe(400);
    expect(res.body.data.map((f) => f.error_field).sort()).toEqual(['contact_email', 'name', 'site_url']);
    expect(res.body.data.find((f) => f.error_field === 'site_url')?.error_msg).toBe('Please enter a valid URL.');
    expect((await get<{ name: string }>('general')).body.data.name).toBe('Renamed Site');
  });

  it('[A-5] [S7-025] legal: the server renders the markdown; /tos and /privacy show it', async () => {
    const saved = await put('legal', {
      terms_of_service_original_text: '# Our terms\n\nBe **kind**.<script>alert(1)</script>',
      privacy_policy_original_text: 'We keep *little*.',
    });
    expect(saved.status).toBe(200);
    const tos = await page('/tos');
    expect(tos.statusCode).toBe(200);
    expect(tos.body).toContain('<strong>kind</strong>');
    expect(tos.body).not.toContain('<script>alert(1)');
    expect((await page('/privacy')).body).toContain('<em>little</em>');
    const legal = await call<Record<string, string>>(t.app, 'GET', '/answer/api/v1/siteinfo/legal?info_type=tos');
    expect(legal.body.data.terms_of_service_parsed_text).toContain('<h1');
  });

  it('[A-5] [S5-060] seo: the robots text is served at /robots.txt; the permalink must be 1 to 4', async () => {
    expect((await put('seo', { permalink: 5, robots: 'x' })).status).toBe(400);
    expect((await put('seo', { permalink: 3, robots: 'User-agent: *\nDisallow: /secret' })).status).toBe(200);
    const robots = await page('/robots.txt');
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toBe('User-agent: *\nDisallow: /secret\n');
    const info = await call<{ general: { permalink: number }; site_seo: { permalink: number } }>(
      t.app,
      'GET',
      '/answer/api/v1/siteinfo',
    );
    expect([info.body.data.general.permalink, info.body.data.site_seo.permalink]).toEqual([3, 3]);
  });

  it('[A-5] interface: an unknown time zone is refused beside its field', async () => {
    const res = await call<Fields>(
      t.app,
      'PUT',
      `${API}/interface`,
      { language: 'zh_CN', time_zone: 'Mars/Base', default_avatar: 'system' },
      { token: admin },
    );
    expect(res.status).toBe(400);
    expect(res.body.data.map((f) => f.error_field)).toEqual(['time_zone']);
    const ok = await put('interface', { language: 'zh_CN', time_zone: 'Asia/Shanghai', default_avatar: 'gravatar' });
    expect(ok.body.data).toEqual({ language: 'zh_CN', time_zone: 'Asia/Shanghai', default_avatar: 'gravatar' });
  });

  it('[A-5] write: tags are stored with their display names', async () => {
    const saved = await put('write', {
      restrict_answer: false,
      required_tag: true,
      recommend_tags: [{ slug_name: 'Help' }, { slug_name: 'help' }],
      reserved_tags: [{ slug_name: 'meta' }],
    });
    expect(saved.body.data).toEqual({
      restrict_answer: false,
      required_tag: true,
      recommend_tags: [{ slug_name: 'help', display_name: 'help' }],
      reserved_tags: [{ slug_name: 'meta', display_name: 'meta' }],
      // Left out of the save, the held-posts threshold keeps its stored value (0, off).
      hold_posts_below_rank: 0,
    });
    const bad = await call<Fields>(
      t.app,
      'PUT',
      `${API}/write`,
      { restrict_answer: true, required_tag: false, recommend_tags: [{ slug_name: 'a b!' }], reserved_tags: [] },
      { token: admin },
    );
    expect(bad.body.data.map((f) => f.error_field)).toEqual(['recommend_tags']);
  });

  it('[A-5] [S7-034] users: a locked profile field is refused, an open one is saved', async () => {
    const info = await call<Record<string, unknown>>(t.app, 'GET', '/answer/api/v1/user/info', undefined, {
      token: member,
    });
    const profile = {
      display_name: 'Someone Else',
      username: info.body.data.username,
      avatar: { type: 'default', gravatar: '', custom: '' },
      bio: '',
      website: '',
      location: '',
    };
    const users = (await get<Record<string, unknown>>('users')).body.data;
    expect((await put('users', { ...users, allow_update_display_name: false })).status).toBe(200);
    const locked = await call<Fields>(t.app, 'PUT', '/answer/api/v1/user/info', profile, { token: member });
    expect(locked.status).toBe(400);
    expect(locked.body.data.map((f) => f.error_field)).toEqual(['display_name']);
    expect((await put('users', { ...users, allow_update_display_name: true })).status).toBe(200);
    expect((await call(t.app, 'PUT', '/answer/api/v1/user/info', profile, { token: member })).status).toBe(200);
    const bad = await call<Fields>(
      t.app,
      'PUT',
      `${API}/users`,
      { ...users, gravatar_base_url: 'ftp://x' },
      { token: admin },
    );
    expect(bad.body.data.map((f) => f.error_field)).toEqual(['gravatar_base_url']);
  });

  it('[A-1] [S6-013] non-admins: 403 from every settings call and the 403 page for every admin page', async () => {
    const moderator = await loginAs(t.app, (await buildUser(t.app, { role_id: ROLE.moderator })).id);
    for (const token of [member, moderator]) {
      for (const section of SECTIONS) {
        expect(`${section} ${(await get(section, token)).status}`).toBe(`${section} 403`);
        expect(`${section} ${(await put(section, {}, token)).status}`).toBe(`${section} 403`);
      }
      for (const path of ['/admin', ...ADMIN_PAGES]) {
        const res = await page(path, { cookie: `${SESSION_COOKIE}=${token}` });
        expect(`${path} ${res.statusCode}`).toBe(`${path} 403`);
      }
    }
    for (const path of ADMIN_PAGES) {
      const res = await page(path, { cookie: `${SESSION_COOKIE}=${admin}` });
      expect(`${path} ${res.statusCode}`).toBe(`${path} 200`);
    }
    expect(memberId).not.toBe('');
  });

  it('[A-5] a default favicon is served until Branding sets one', async () => {
    const icon = await page('/favicon.ico');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/x-icon');
    expect(icon.rawPayload.readUInt16LE(2)).toBe(1);
    expect(icon.rawPayload.subarray(22, 26).toString('latin1')).toBe('\x89PNG');
  });

  it('[A-5] [S6-033] [S7-032] login: a private site sends guests to login and tells crawlers nothing is public', async () => {
    const login = (await get<Record<string, unknown>>('login')).body.data;
    const bad = await call<Fields>(
      t.app,
      'PUT',
      `${API}/login`,
      { ...login, allow_email_domains: ['not a domain'] },
      { token: admin },
    );
    expect(bad.body.data.map((f) => f.error_field)).toEqual(['allow_email_domains']);
    expect((await put('login', { ...login, login_required: true, allow_email_domains: ['Example.com'] })).status).toBe(
      200,
    );
    const home = await page('/questions');
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/users/login?redirect=%2Fquestions');
    expect((await page('/robots.txt')).body).toBe('User-agent: *\nDisallow: /\n');
    expect((await get<{ allow_email_domains: string[] }>('login')).body.data.allow_email_domains).toEqual([
      'example.com',
    ]);
  });
});
