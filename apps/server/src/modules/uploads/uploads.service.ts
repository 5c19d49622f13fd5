import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LIMITS } from '@inquire/shared';
import sharp from 'sharp';
import { uploadsDir } from '../../config/config.js';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { nextId } from '../../lib/ids.js';
import type { Actor } from '../auth/auth.service.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';

export const UPLOAD_SOURCES = ['avatar', 'post'] as const;
export type UploadSource = (typeof UPLOAD_SOURCES)[number];

const MAX_PIXELS = 40_000_000;
const AVATAR_MAX_SIDE = 1024;
const OUTPUT: Record<string, { ext: string; mime: string }> = {
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  webp: { ext: 'webp', mime: 'image/webp' },
  gif: { ext: 'png', mime: 'image/png' },
};
export const MIME_BY_EXT: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Stored file names: `<source>/<17-digit id>.<ext>`; nothing else is ever served. */
export const STORED_PATH = /^(avatar|post)\/(\d{17})\.(jpg|png|webp)$/;

/**
 * Image uploads: every image is decoded and re-encoded by sharp (which proves it is an image,
 * applies the EXIF orientation and drops all metadata, EXIF and GPS included) before it is
 * stored under the data directory.
 */
export class UploadsService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
  ) {}

  async store(actor: Actor, source: UploadSource, data: Buffer): Promise<string> {
    if (data.length === 0) throw AppError.fields([{ field: 'file', key: 'form.file.required' }]);
    if (data.length > LIMITS.imageMaxBytes) throw AppError.fields([{ field: 'file', key: 'form.file.too_large' }]);
    let output: Buffer;
    let kind: { ext: string; mime: string };
    try {
      const image = sharp(data, { limitInputPixels: MAX_PIXELS, animated: false });
      const meta = await image.metadata();
      kind = OUTPUT[meta.format ?? ''] ?? OUTPUT.png!;
      let pipeline = image.rotate();
      if (source === 'avatar') {
        pipeline = pipeline.resize(AVATAR_MAX_SIDE, AVATAR_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
      }
      output = await pipeline.toFormat(kind.ext === 'jpg' ? 'jpeg' : (kind.ext as 'png' | 'webp')).toBuffer();
    } catch {
      throw AppError.fields([{ field: 'file', key: 'form.file.not_image' }]);
    }
    const db = this.site.db;
    const id = await nextId(db, 'upload');
    const path = `${source}/${id}.${kind.ext}`;
    const dir = join(uploadsDir(this.site.dataDir), source);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, `${id}.${kind.ext}`), output);
    await db
      .insertInto('uploads')
      .values({
        id,
        user_id: actor.user.id,
        source,
        path,
        mime: kind.mime,
        size: output.length,
        created_at: nowSeconds(),
      })
      .execute();
    const { general } = await this.siteinfo.settings();
    return `${general.site_url.replace(/\/+$/, '')}/uploads/${path}`;
  }

  /** The bytes of a stored upload, or undefined. */
  async read(path: string): Promise<{ data: Buffer; mime: string } | undefined> {
    const match = STORED_PATH.exec(path);
    if (!match) return undefined;
    try {
      const data = await readFile(join(uploadsDir(this.site.dataDir), match[1]!, `${match[2]}.${match[3]}`));
      return { data, mime: MIME_BY_EXT[match[3]!] ?? 'application/octet-stream' };
    } catch {
      return undefined;
    }
  }
}
