import { MAIL_STATUS, ROLE, type SessionUser } from '@inquire/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';

const INFO = '/answer/api/v1/user/info';

describe('GET user/info: what the member may do', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function actionsOf(overrides: Parameters<typeof buildUser>[1] = {}) {
    const user = await buildUser(t.app, overrides);
    const token = await loginAs(t.app, user.id);
    return (await call<SessionUser>(t.app, 'GET', INFO, undefined, { token })).body.data.actions;
  }

  it('[P-1] a member may comment but has no staff or admin tools', async () => {
    t = await buildTestApp();
    expect(await actionsOf()).toMatchObject({ admin: false, review: false, create_tag: false, comment: true });
  });

  it('[P-1] a moderator reviews and creates tags; only an admin opens the admin area', async () => {
    t = await buildTestApp();
    expect(await actionsOf({ role_id: ROLE.moderator })).toMatchObject({
      admin: false,
      review: true,
      create_tag: true,
    });
    expect(await actionsOf({ role_id: ROLE.admin })).toMatchObject({ admin: true, review: true, create_tag: true });
  });

  it('[P-1] an account that is not activated may not comment, whatever its role', async () => {
    t = await buildTestApp();
    expect(await actionsOf({ role_id: ROLE.admin, mail_status: MAIL_STATUS.inactive })).toMatchObject({
      admin: false,
      review: false,
      comment: false,
    });
  });

  it('[P-1] profile fields follow the allow_update switches for members, and are all open to admins', async () => {
    t = await buildTestApp();
    await t.app.services.siteinfo.update('site_users', { allow_update_bio: true });
    const member = await actionsOf();
    expect(member.profile_fields).toMatchObject({ bio: true, username: false, display_name: false });
    const admin = await actionsOf({ role_id: ROLE.admin });
    expect(Object.values(admin.profile_fields).every(Boolean)).toBe(true);
  });

  it('[P-1] a guest gets null', async () => {
    t = await buildTestApp();
    expect((await call(t.app, 'GET', INFO)).body.data).toBeNull();
  });

  it('[S3-004] [S3-005] a member who just signed up, with no preference, has language "Default" and color_scheme "default"', async () => {
    t = await buildTestApp();
    // Sign-up always asks for the built-in captcha; this test is about the account it makes.
    await t.app.site.db
      .insertInto('plugin_state')
      .values({ slug_name: 'captcha-basic', enabled: 0, config: '', updated_at: 0 })
      .execute();
    const signUp = await call<SessionUser & { access_token: string }>(
      t.app,
      'POST',
      '/answer/api/v1/user/register/email',
      {
        name: 'Fresh_Member',
        e_mail: 'fresh@example.com',
        pass: 'fresh-pass-1',
      },
    );
    expect(signUp.status).toBe(200);
    expect(signUp.body.data).toMatchObject({ language: 'Default', color_scheme: 'default' });
    const info = await call<SessionUser>(t.app, 'GET', INFO, undefined, { token: signUp.body.data.access_token });
    expect(info.body.data).toMatchObject({
      username: signUp.body.data.username,
      language: 'Default',
      color_scheme: 'default',
    });
  });

  it('[S3-006] [S6-002] [S6-003] role_id is 1 for a member, 2 for an admin and 3 for a moderator, in user/info and at sign-in', async () => {
    t = await buildTestApp();
    for (const [role, roleId] of [
      [ROLE.user, 1],
      [ROLE.admin, 2],
      [ROLE.moderator, 3],
    ] as const) {
      const user = await buildUser(t.app, { role_id: role });
      const login = await call<SessionUser & { access_token: string }>(
        t.app,
        'POST',
        '/answer/api/v1/user/login/email',
        {
          e_mail: user.email,
          pass: user.password,
        },
      );
      expect(login.status).toBe(200);
      expect(login.body.data.role_id).toBe(roleId);
      const info = await call<SessionUser>(t.app, 'GET', INFO, undefined, { token: login.body.data.access_token });
      expect(info.body.data).toMatchObject({ id: user.id, role_id: roleId });
    }
  });
});
