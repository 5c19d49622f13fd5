import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadsDir } from '../../src/config/config.js';
import { buildUser, loginAs } from '../factories.js';
import { buildTestApp, type TestApp } from '../harness.js';

/** Every input handed to sharp in this file, the server's calls included (see the mock below). */
const decoder = vi.hoisted(() => ({ inputs: [] as unknown[] }));

// sharp stays real; the wrapper only records what reached the decoder.
vi.mock('sharp', async (importOriginal) => {
  const real = (await importOriginal<typeof import('sharp')>()).default;
  const recorded = (...args: Parameters<typeof real>) => {
    decoder.inputs.push(args[0]);
    return real(...args);
  };
  return { default: Object.assign(recorded, real) };
});

const FILE = '/answer/api/v1/file';
const NOT_IMAGE = 'This file is not an image we can read (JPEG, PNG, WebP or GIF).';
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';

interface UploadFile {
  name: string;
  data: Buffer;
  type: string;
}

function multipart(source: string, file: UploadFile) {
  const boundary = '----inquire-security-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="source"\r\n\r\n${source}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const tiny = () => sharp({ create: { width: 16, height: 12, channels: 3, background: '#cc3311' } });

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small, valid-looking PNG that declares 30 000 × 30 000 pixels (900 megapixels). */
function pngHeaderBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(30_001 * 64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1 × 1 24-bit BMP. */
function bmp(): Buffer {
  const data = Buffer.alloc(58);
  data.write('BM', 0, 'latin1');
  data.writeUInt32LE(58, 2);
  data.writeUInt32LE(54, 10);
  data.writeUInt32LE(40, 14);
  data.writeInt32LE(1, 18);
  data.writeInt32LE(1, 22);
  data.writeUInt16LE(1, 26);
  data.writeUInt16LE(24, 28);
  return data;
}

describe('uploads security: names, caching, and what reaches the image decoder', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await buildTestApp();
    const user = await buildUser(t.app);
    token = await loginAs(t.app, user.id);
  });
  afterEach(async () => t.close());

  async function upload(file: UploadFile, source = 'post') {
    const body = multipart(source, file);
    const response = await t.app.inject({
      method: 'POST',
      url: FILE,
      payload: body.payload,
      headers: { ...body.headers, authorization: token },
    });
    return { status: response.statusCode, body: response.json() as { data: unknown; reason: string } };
  }

  async function uploadedPath(file: UploadFile): Promise<string> {
    const res = await upload(file);
    expect(res.status).toBe(200);
    return new URL(res.body.data as string).pathname;
  }

  async function uploadRows(): Promise<number> {
    return (await t.app.site.db.selectFrom('uploads').select('id').execute()).length;
  }

  function storedFiles(): string[] {
    try {
      return readdirSync(uploadsDir(t.dataDir), { recursive: true }).map(String);
    } catch {
      return [];
    }
  }

  it('[H-7] two uploads get unguessable, non-sequential names of at least 128 random bits', async () => {
    const png = await tiny().png().toBuffer();
    const names = [
      (await uploadedPath({ name: 'a.png', data: png, type: 'image/png' })).split('/').pop()!,
      (await uploadedPath({ name: 'a.png', data: png, type: 'image/png' })).split('/').pop()!,
    ];
    for (const name of names) {
      expect(name).toMatch(/^[A-Za-z0-9_-]{22,}\.(png|jpg|gif|webp)$/);
      expect(name).toMatch(/^[0-9a-f]{32}\.png$/); // 32 hex characters = 128 bits
    }
    const [first, second] = names.map((name) => BigInt(`0x${name.split('.')[0]}`)) as [bigint, bigint];
    expect(first).not.toBe(second);
    expect(first - second).not.toBe(1n);
    expect(second - first).not.toBe(1n);
  });

  it('[H-7] an upload stored under an old sequential name is still served by its stored path', async () => {
    const user = await buildUser(t.app);
    const png = await tiny().png().toBuffer();
    const dir = join(uploadsDir(t.dataDir), 'post');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '10150000000000042.png'), png);
    writeFileSync(join(dir, '10150000000000043.png'), png); // on disk but never recorded
    await t.app.site.db
      .insertInto('uploads')
      .values({
        id: '10150000000000042',
        user_id: user.id,
        source: 'post',
        path: 'post/10150000000000042.png',
        mime: 'image/png',
        size: png.length,
        created_at: 1,
      })
      .execute();
    const served = await t.app.inject({ method: 'GET', url: '/uploads/post/10150000000000042.png' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/post/10150000000000043.png' })).statusCode).toBe(404);
  });

  it('[H-7] a private site serves uploads only to members, never as public or immutable; a public site caches for a year', async () => {
    const path = await uploadedPath({ name: 'a.png', data: await tiny().png().toBuffer(), type: 'image/png' });
    const publicRead = await t.app.inject({ method: 'GET', url: path });
    expect(publicRead.statusCode).toBe(200);
    expect(publicRead.headers['cache-control']).toBe(PUBLIC_CACHE);

    await t.app.services.siteinfo.update('login', { login_required: true });
    const guest = await t.app.inject({ method: 'GET', url: path });
    expect(guest.statusCode).toBe(401);
    expect(guest.rawPayload.subarray(0, 8).equals(publicRead.rawPayload.subarray(0, 8))).toBe(false);

    const member = await t.app.inject({ method: 'GET', url: path, headers: { authorization: token } });
    expect(member.statusCode).toBe(200);
    const cacheControl = String(member.headers['cache-control']);
    expect(cacheControl).toMatch(/^private, max-age=\d+$/);
    expect(cacheControl).not.toMatch(/public|immutable/);
    expect(member.headers['x-content-type-options']).toBe('nosniff');
  });

  it('[H-10][SEC-15][ANS-43] refuses HTML, SVG, TIFF, HEIF/AVIF, BMP, PSD and PDF before the decoder sees a byte; nothing is stored', async () => {
    const refused: UploadFile[] = [
      {
        name: 'page.png',
        type: 'image/png',
        data: Buffer.from('<!doctype html><script>alert(document.domain)</script>'),
      },
      {
        name: 'vector.png',
        type: 'image/png',
        data: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
        ),
      },
      { name: 'scan.jpg', type: 'image/jpeg', data: await tiny().tiff().toBuffer() },
      { name: 'photo.png', type: 'image/png', data: await tiny().avif().toBuffer() },
      {
        name: 'photo.jpg',
        type: 'image/jpeg',
        data: Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic', 'latin1'),
      },
      { name: 'paint.bmp', type: 'image/bmp', data: bmp() },
      { name: 'layers.jpg', type: 'image/jpeg', data: Buffer.from('8BPS\x00\x01\x00\x00\x00\x00\x00\x00', 'latin1') },
      { name: 'doc.png', type: 'image/png', data: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n') },
    ];
    const rowsBefore = await uploadRows();
    const filesBefore = storedFiles();
    for (const file of refused) {
      decoder.inputs.length = 0;
      const res = await upload(file);
      expect(res.status, file.name).toBe(400);
      expect(res.body.data, file.name).toEqual([{ error_field: 'file', error_msg: NOT_IMAGE }]);
      expect(decoder.inputs, `${file.name} reached sharp`).toEqual([]);
    }
    expect(await uploadRows()).toBe(rowsBefore);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('[H-10][SEC-15][SEC-16] refuses a GIF header followed by script and a 30000x30000 PNG header bomb; nothing is stored', async () => {
    const refused: UploadFile[] = [
      {
        name: 'x.gif',
        type: 'image/gif',
        data: Buffer.from('GIF89a/*\x00\x00*/=1;alert(document.domain)//', 'latin1'),
      },
      { name: 'bomb.png', type: 'image/png', data: pngHeaderBomb() },
    ];
    expect(refused[1]!.data.length).toBeLessThan(100_000);
    const rowsBefore = await uploadRows();
    const filesBefore = storedFiles();
    for (const file of refused) {
      const res = await upload(file);
      expect(res.status, file.name).toBe(400);
      expect(res.body.data, file.name).toEqual([{ error_field: 'file', error_msg: NOT_IMAGE }]);
    }
    expect(await uploadRows()).toBe(rowsBefore);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('[H-10][SEC-15] accepts real PNG, JPEG, GIF and WebP under server-made names, served as images with nosniff', async () => {
    const accepted = [
      { file: { name: 'a.php.png', type: 'text/html', data: await tiny().png().toBuffer() }, mime: 'image/png' },
      { file: { name: '../../x.jpg', type: 'image/png', data: await tiny().jpeg().toBuffer() }, mime: 'image/jpeg' },
      {
        file: { name: `${'g'.repeat(300)}.gif`, type: 'image/gif', data: await tiny().gif().toBuffer() },
        mime: 'image/png',
      },
      {
        file: { name: 'con.webp', type: 'application/octet-stream', data: await tiny().webp().toBuffer() },
        mime: 'image/webp',
      },
    ];
    for (const { file, mime } of accepted) {
      decoder.inputs.length = 0;
      const path = await uploadedPath(file);
      expect(decoder.inputs.length, 'the decoder spy sees the server decode').toBeGreaterThan(0);
      expect(path).toMatch(/^\/uploads\/post\/[0-9a-f]{32}\.(png|jpg|webp)$/);
      const served = await t.app.inject({ method: 'GET', url: path });
      expect(served.statusCode, file.name).toBe(200);
      expect(served.headers['content-type'], file.name).toBe(mime);
      expect(served.headers['x-content-type-options'], file.name).toBe('nosniff');
      expect(`image/${(await sharp(served.rawPayload).metadata()).format}`, file.name).toBe(mime);
    }
    expect(await uploadRows()).toBe(accepted.length);
  });
});
