import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, loginAs } from '../factories.js';
import { buildTestApp, call, type TestApp } from '../harness.js';
import { V1, type Fields } from './accounts-helpers.js';

/** Uploads a small PNG as `token`'s avatar and returns the URL the upload answers. */
async function uploadAvatar(t: TestApp, token: string): Promise<string> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#884400' } })
    .png()
    .toBuffer();
  const boundary = '----inquire-avatar-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="source"\r\n\r\navatar\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: `${V1}/file`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: string }>().data;
}

describe('custom avatars', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
    await t.app.services.siteinfo.update('site_users', { allow_update_avatar: true });
  });
  afterEach(async () => t.close());

  const storedAvatar = async (id: string) =>
    (await t.app.site.db.selectFrom('users').select('avatar').where('id', '=', id).executeTakeFirstOrThrow()).avatar;

  // Choice: an address on another host is refused even when its path is one's own upload,
  // rather than stripped to that path: the client only ever sends this site's addresses.
  it("[H-5] [ANS-44] stores only the bare path of one's own upload; other hosts and other members' uploads are refused", async () => {
    const member = await buildUser(t.app);
    const token = await loginAs(t.app, member.id);
    const other = await buildUser(t.app);
    const otherUrl = await uploadAvatar(t, await loginAs(t.app, other.id));
    const ownUrl = await uploadAvatar(t, token);
    const ownPath = new URL(ownUrl).pathname;
    expect(ownPath).toMatch(/^\/uploads\/avatar\/[0-9a-f]{32}\.png$/);

    const save = (custom: string) =>
      call<Fields & { avatar: string }>(
        t.app,
        'PUT',
        `${V1}/user/info`,
        { display_name: member.username, username: member.username, avatar: { type: 'custom', custom } },
        { token },
      );
    const saved = await save(ownUrl);
    expect(saved.status).toBe(200);
    expect(saved.body.data.avatar).toBe(ownPath);
    expect(JSON.parse(await storedAvatar(member.id))).toMatchObject({ type: 'custom', custom: ownPath });
    // Sending back the value the profile shows is no change.
    expect((await save(ownPath)).status).toBe(200);

    const refused = [
      `https://evil.example${ownPath}`,
      `//evil.example${ownPath}`,
      `http://localhost:9080.evil.example${ownPath}`,
      'https://evil.example/t.png',
      `${ownPath}?track=1`,
      `/uploads/avatar/../avatar/${ownPath.split('/').pop()}`,
      otherUrl,
      new URL(otherUrl).pathname,
    ];
    for (const custom of refused) {
      const answer = await save(custom);
      expect(answer.status, custom).toBe(400);
      expect(answer.body.data, custom).toEqual([{ error_field: 'avatar', error_msg: 'Choose a valid avatar.' }]);
    }
    expect(JSON.parse(await storedAvatar(member.id))).toMatchObject({ custom: ownPath });
    const served = await t.app.inject({ method: 'GET', url: new URL(otherUrl).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });
});
