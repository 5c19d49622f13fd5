import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';

const FILE = '/answer/api/v1/file';

function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer; type: string }) {
  const boundary = '----inquire-test-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A JPEG with EXIF (camera model and GPS-like comment) that must not survive the upload. */
function photoWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3366ff' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'X1', ImageDescription: 'home address' } })
    .toBuffer();
}

describe('uploads: avatars re-encoded without metadata', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => t.close());

  async function upload(
    token: string | undefined,
    source: string,
    file?: { name: string; data: Buffer; type: string },
  ) {
    const body = multipart({ source }, file);
    const response = await t.app.inject({
      method: 'POST',
      url: FILE,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? { authorization: token } : {}) },
    });
    return { status: response.statusCode, body: response.json() as { data: unknown; reason: string } };
  }

  it('[S7-056] stores an avatar re-encoded by sharp with EXIF removed, served under /uploads, usable as the avatar', async () => {
    const photo = await photoWithExif();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect((await upload(undefined, 'avatar', { name: 'me.jpg', data: photo, type: 'image/jpeg' })).status).toBe(401);

    const user = await buildUser(t.app);
    const token = await loginAs(t.app, user.id);
    const res = await upload(token, 'avatar', { name: 'me.jpg', data: photo, type: 'image/jpeg' });
    expect(res.status).toBe(200);
    const url = res.body.data as string;
    expect(url).toMatch(/^http:\/\/localhost:9080\/uploads\/avatar\/[0-9a-f]{32}\.jpg$/);

    const served = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1024);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/../config.yaml' })).statusCode).toBe(404);

    await t.app.services.siteinfo.update('site_users', { allow_update_avatar: true });
    const profile = await call<{ avatar: string }>(
      t.app,
      'PUT',
      '/answer/api/v1/user/info',
      { display_name: user.username, username: user.username, avatar: { type: 'custom', custom: url } },
      { token },
    );
    expect(profile.status).toBe(200);
    // Stored and shown as the site's own path: a custom avatar can never name another host.
    expect(profile.body.data.avatar).toBe(new URL(url).pathname);

    // Someone else's upload is not an avatar you may take.
    const other = await buildUser(t.app);
    const otherToken = await loginAs(t.app, other.id);
    const stolen = await call<{ error_field: string }[]>(
      t.app,
      'PUT',
      '/answer/api/v1/user/info',
      { display_name: other.username, username: other.username, avatar: { type: 'custom', custom: url } },
      { token: otherToken },
    );
    expect(stolen.status).toBe(400);
    expect(stolen.body.data[0]?.error_field).toBe('avatar');
  });

  it('[S5-034] [S5-035] [S9-030] refuses files that are not images, too large, missing, or of an unknown source', async () => {
    const user = await buildUser(t.app);
    const token = await loginAs(t.app, user.id);
    const text = await upload(token, 'avatar', { name: 'a.txt', data: Buffer.from('hello'), type: 'text/plain' });
    expect(text.status).toBe(400);
    expect(text.body.data).toEqual([
      { error_field: 'file', error_msg: 'This file is not an image we can read (JPEG, PNG, WebP or GIF).' },
    ]);
    const big = await upload(token, 'avatar', {
      name: 'big.jpg',
      data: Buffer.alloc(4 * 1024 * 1024 + 1, 1),
      type: 'image/jpeg',
    });
    expect(big.body.data).toEqual([{ error_field: 'file', error_msg: 'Images up to 4 MB.' }]);
    const none = await upload(token, 'banner');
    expect((none.body.data as { error_field: string }[]).map((f) => f.error_field)).toEqual(['source', 'file']);
    const inactive = await buildUser(t.app, { mail_status: 2 });
    const inactiveToken = await loginAs(t.app, inactive.id);
    expect(
      (await upload(inactiveToken, 'avatar', { name: 'a.png', data: Buffer.from('x'), type: 'image/png' })).status,
    ).toBe(403);
  });
});
