import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';
import type { SiteInfo } from '@inquire/shared';

describe('site info', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => t.close());

  it('[S7-149][S3-007][S3-018] returns every section of the spec with the installer values', async () => {
    const res = await call<SiteInfo & { legal?: unknown }>(t.app, 'GET', '/answer/api/v1/siteinfo');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(
      [
        'branding',
        'custom_css_html',
        'general',
        'interface',
        'login',
        'revision',
        'site_seo',
        'site_users',
        'site_write',
        'theme',
        'version',
        // Answer 2.x's sections, beside the spec's 1.x ones (issue 14, item 6).
        'site_questions',
        'site_tags',
        'site_advanced',
        'site_legal',
        'site_security',
        'users_settings',
      ].sort(),
    );
    expect(res.body.data.general).toMatchObject({
      name: 'Test site',
      site_url: 'http://localhost:9080',
      contact_email: 'contact@example.com',
      permalink: 1,
    });
    expect(res.body.data.legal).toBeUndefined();
  });

  it('[S9-006][S9-007][S9-008][S9-010][S9-011][S9-012][S9-014][S9-015][S9-016][S9-017][S9-018][S9-019][S9-020] carries the spec defaults', async () => {
    const { data } = (await call<SiteInfo>(t.app, 'GET', '/answer/api/v1/siteinfo')).body;
    expect(data.interface).toMatchObject({ language: 'en_US', time_zone: 'UTC' });
    expect(data.theme.color_scheme).toBe('system');
    expect(data.site_seo.permalink).toBe(1);
    expect(data.theme.theme_config.default).toEqual({ navbar_style: 'colored', primary_color: '#0033FF' });
    expect(data.site_users.default_avatar).toBe('system');
    expect(data.site_users.gravatar_base_url).toMatch(/^https:\/\//);
    for (const key of [
      'allow_update_avatar',
      'allow_update_bio',
      'allow_update_display_name',
      'allow_update_location',
      'allow_update_username',
      'allow_update_website',
    ] as const) {
      expect(data.site_users[key]).toBe(false);
    }
    expect(data.login).toMatchObject({
      allow_new_registrations: true,
      allow_email_registrations: true,
      allow_password_login: true,
      login_required: false,
    });
    expect(data.site_write.restrict_answer).toBe(true);
  });

  it('[S5-061] answers permalink 1 for any value outside 1 to 4', async () => {
    await t.app.services.siteinfo.update('site_seo', { permalink: 7 });
    const { data } = (await call<SiteInfo>(t.app, 'GET', '/answer/api/v1/siteinfo')).body;
    expect(data.site_seo.permalink).toBe(1);
    expect(data.general.permalink).toBe(1);
  });

  it('[S7-150] serves the terms and the privacy policy, and refuses an unknown document', async () => {
    await t.app.services.siteinfo.update('legal', {
      terms_of_service_parsed_text: '<p>Be kind.</p>',
      privacy_policy_parsed_text: '<p>We keep little.</p>',
    });
    const tos = await call<Record<string, string>>(t.app, 'GET', '/answer/api/v1/siteinfo/legal?info_type=tos');
    expect(tos.body.data).toEqual({
      terms_of_service_original_text: '',
      terms_of_service_parsed_text: '<p>Be kind.</p>',
    });
    const privacy = await call<Record<string, string>>(t.app, 'GET', '/answer/api/v1/siteinfo/legal?info_type=privacy');
    expect(privacy.body.data.privacy_policy_parsed_text).toBe('<p>We keep little.</p>');
    const bad = await call(t.app, 'GET', '/answer/api/v1/siteinfo/legal?info_type=cookies');
    expect(bad.status).toBe(400);
  });

  it('[S1-006] keeps siteinfo public on a private site but refuses guests the legal texts', async () => {
    await t.app.services.siteinfo.update('login', { login_required: true });
    expect((await call(t.app, 'GET', '/answer/api/v1/siteinfo')).status).toBe(200);
    const guest = await call(t.app, 'GET', '/answer/api/v1/siteinfo/legal?info_type=tos');
    expect(guest.status).toBe(401);
    expect(guest.body.reason).toBe('base.unauthorized_error');
    const member = await buildUser(t.app);
    const token = await loginAs(t.app, member.id);
    expect((await call(t.app, 'GET', '/answer/api/v1/siteinfo/legal?info_type=tos', undefined, { token })).status).toBe(
      200,
    );
    const inactive = await buildUser(t.app, { mail_status: 2 });
    const inactiveToken = await loginAs(t.app, inactive.id);
    const refused = await call(t.app, 'GET', '/answer/api/v1/siteinfo/legal?info_type=tos', undefined, {
      token: inactiveToken,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual({ type: 'inactive' });
  });

  it('[S7-028][S7-029] lets admins read and change the theme, and no one else', async () => {
    const member = await buildUser(t.app);
    const memberToken = await loginAs(t.app, member.id);
    const admin = await buildUser(t.app, { role_id: 2 });
    const adminToken = await loginAs(t.app, admin.id);
    expect((await call(t.app, 'GET', '/answer/admin/api/siteinfo/theme')).status).toBe(401);
    expect(
      (await call(t.app, 'GET', '/answer/admin/api/siteinfo/theme', undefined, { token: memberToken })).status,
    ).toBe(403);
    const body = {
      theme: 'default',
      color_scheme: 'dark',
      theme_config: { default: { navbar_style: 'light', primary_color: '#7B2FF7' } },
    };
    expect((await call(t.app, 'PUT', '/answer/admin/api/siteinfo/theme', body, { token: memberToken })).status).toBe(
      403,
    );
    const saved = await call<SiteInfo['theme']>(t.app, 'PUT', '/answer/admin/api/siteinfo/theme', body, {
      token: adminToken,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.theme_config.default).toEqual({ navbar_style: 'light', primary_color: '#7B2FF7' });
    const site = (await call<SiteInfo>(t.app, 'GET', '/answer/api/v1/siteinfo')).body.data;
    expect(site.theme.color_scheme).toBe('dark');
  });

  it('refuses a bad theme with every failing field named, and changes nothing', async () => {
    const admin = await buildUser(t.app, { role_id: 2 });
    const token = await loginAs(t.app, admin.id);
    const res = await call<{ error_field: string; error_msg: string }[]>(
      t.app,
      'PUT',
      '/answer/admin/api/siteinfo/theme',
      {
        theme: 'default',
        color_scheme: 'purple',
        theme_config: { default: { navbar_style: 'neon', primary_color: 'blue' } },
      },
      { token },
    );
    expect(res.status).toBe(400);
    expect(res.body.data.map((f) => f.error_field).sort()).toEqual(['color_scheme', 'theme_config']);
    const site = (await call<SiteInfo>(t.app, 'GET', '/answer/api/v1/siteinfo')).body.data;
    expect(site.theme.color_scheme).toBe('system');
  });

  it('[S9-013] a fresh site’s admin users settings carry the public Gravatar address as the avatar base URL', async () => {
    const admin = await buildUser(t.app, { role_id: 2 });
    const token = await loginAs(t.app, admin.id);
    const res = await call<SiteInfo['site_users']>(t.app, 'GET', '/answer/admin/api/siteinfo/users', undefined, {
      token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.gravatar_base_url).toBe('https://www.gravatar.com/avatar/');
  });
});
