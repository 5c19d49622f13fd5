import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LIMITS } from '@inquire/shared';
import { uploadsDir } from '../../config/config.js';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { nextId } from '../../lib/ids.js';
import type { Actor } from '../auth/auth.service.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { sniffImageFormat, type ImageFormat } from './image-signature.js';
import { uploadsRepository } from './uploads.repository.js';

/** `branding` (the site's logos and icons) is for admins only; the route checks the role. */
export const UPLOAD_SOURCES = ['avatar', 'post', 'branding'] as const;
export type UploadSource = (typeof UPLOAD_SOURCES)[number];

const MAX_PIXELS = 40_000_000;
/** Avatars and branding images are shown small: a larger original is only weight. */
const SMALL_IMAGE_MAX_SIDE = 1024;
const OUTPUT: Record<ImageFormat, { ext: 'jpg' | 'png' | 'webp'; mime: string }> = {
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  webp: { ext: 'webp', mime: 'image/webp' },
  gif: { ext: 'png', mime: 'image/png' },
};
/** The served Content-Type follows the stored extension, which the server chose from the decoded format. */
export const MIME_BY_EXT: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * Stored file names: `<source>/<name>.<ext>`; nothing else is ever served. New names are 32 hex
 * characters (128 random bits) so one upload's address tells nothing about the others; older
 * uploads kept their 17-digit sequential ids and are still served by their stored path.
 */
export const STORED_PATH = /^(avatar|post|branding)\/(\d{17}|[0-9a-f]{32})\.(jpg|png|webp)$/;

/** An unguessable file name: 128 random bits as 32 hex characters. */
function randomFileName(): string {
  return randomBytes(16).toString('hex');
}

function notImage(): AppError {
  return AppError.fields([{ field: 'file', key: 'form.file.not_image' }]);
}

/**
 * Image uploads: the file's signature must be PNG, JPEG, GIF or WebP before any decoder runs;
 * then sharp decodes and re-encodes it (which proves it is an image, applies the EXIF
 * orientation and drops all metadata, EXIF and GPS included) before it is stored under the data
 * directory.
 */
export class UploadsService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
  ) {}

  async store(actor: Actor, source: UploadSource, data: Buffer): Promise<string> {
    if (data.length === 0) throw AppError.fields([{ field: 'file', key: 'form.file.required' }]);
    if (data.length > LIMITS.imageMaxBytes) throw AppError.fields([{ field: 'file', key: 'form.file.too_large' }]);
    const format = sniffImageFormat(data);
    if (!format) throw notImage();
    const kind = OUTPUT[format];
    const output = await reencode(data, format, source);
    const db = this.site.db;
    const id = await nextId(db, 'upload');
    const name = `${randomFileName()}.${kind.ext}`;
    const path = `${source}/${name}`;
    const dir = join(uploadsDir(this.site.dataDir), source);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, name), output);
    await uploadsRepository.insert(db, {
      id,
      user_id: actor.user.id,
      source,
      path,
      mime: kind.mime,
      size: output.length,
      created_at: nowSeconds(),
    });
    const { general } = await this.siteinfo.settings();
    return `${general.site_url.replace(/\/+$/, '')}/uploads/${path}`;
  }

  /** The bytes of a recorded upload, or undefined. */
  async read(path: string): Promise<{ data: Buffer; mime: string } | undefined> {
    const match = STORED_PATH.exec(path);
    if (!match) return undefined;
    if (!(await uploadsRepository.findByPath(this.site.db, path))) return undefined;
    try {
      const data = await readFile(join(uploadsDir(this.site.dataDir), match[1]!, `${match[2]}.${match[3]}`));
      return { data, mime: MIME_BY_EXT[match[3]!] ?? 'application/octet-stream' };
    } catch {
      return undefined;
    }
  }
}

/**
 * Decodes and re-encodes an image whose signature is already known to be `format`. The pixel
 * ceiling stops header bombs before pixels are allocated; a decoder that disagrees with the
 * signature (a polyglot) is refused too.
 */
async function reencode(data: Buffer, format: ImageFormat, source: UploadSource): Promise<Buffer> {
  const kind = OUTPUT[format];
  // sharp (libvips, ~28 MB) is loaded on the first upload, not by every worker at start.
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(data, { limitInputPixels: MAX_PIXELS, animated: false });
    const meta = await image.metadata();
    if (meta.format !== format) throw notImage();
    let pipeline = image.rotate();
    if (source === 'avatar' || source === 'branding') {
      pipeline = pipeline.resize(SMALL_IMAGE_MAX_SIDE, SMALL_IMAGE_MAX_SIDE, {
        fit: 'inside',
        withoutEnlargement: true,
      });
    }
    return await pipeline.toFormat(kind.ext === 'jpg' ? 'jpeg' : kind.ext).toBuffer();
  } catch {
    throw notImage();
  }
}
