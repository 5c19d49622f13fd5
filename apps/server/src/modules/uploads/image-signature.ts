/** The only image formats an upload may be; everything else is refused before decoding. */
export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const GIF87A = Buffer.from('GIF87a', 'latin1');
const GIF89A = Buffer.from('GIF89a', 'latin1');
const RIFF = Buffer.from('RIFF', 'latin1');
const WEBP = Buffer.from('WEBP', 'latin1');

function startsWith(data: Buffer, signature: Buffer, at = 0): boolean {
  return data.length >= at + signature.length && data.subarray(at, at + signature.length).equals(signature);
}

/**
 * The image format named by the file's first bytes (its magic number), or undefined.
 *
 * This runs before sharp sees the bytes: libvips would happily decode SVG (librsvg), TIFF,
 * HEIF/AVIF, PDF and more, and those decoders are where the crashes and huge allocations live
 * (Answer CVE-2026-33582). The request's file name and Content-Type are never consulted.
 */
export function sniffImageFormat(data: Buffer): ImageFormat | undefined {
  if (startsWith(data, PNG)) return 'png';
  if (startsWith(data, JPEG)) return 'jpeg';
  if (startsWith(data, GIF87A) || startsWith(data, GIF89A)) return 'gif';
  // RIFF <4-byte size> WEBP
  if (startsWith(data, RIFF) && startsWith(data, WEBP, 8)) return 'webp';
  return undefined;
}
