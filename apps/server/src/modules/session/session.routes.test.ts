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
});
