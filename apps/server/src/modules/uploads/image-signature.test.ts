import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffImageFormat } from './image-signature.js';

const tiny = () => sharp({ create: { width: 4, height: 4, channels: 3, background: '#224466' } });

describe('image signature: only PNG, JPEG, GIF and WebP get past the magic-byte check', () => {
  it('[H-10][SEC-15] names the four accepted formats from real images, whatever they are called', async () => {
    expect(sniffImageFormat(await tiny().png().toBuffer())).toBe('png');
    expect(sniffImageFormat(await tiny().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageFormat(await tiny().gif().toBuffer())).toBe('gif');
    expect(sniffImageFormat(await tiny().webp().toBuffer())).toBe('webp');
    expect(sniffImageFormat(Buffer.from('GIF87a'))).toBe('gif');
  });

  it('[H-10][SEC-15][ANS-43] refuses SVG, TIFF, HEIF/AVIF, BMP, PSD, HTML, PDF and truncated signatures', async () => {
    const refused: Buffer[] = [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
      await tiny().tiff().toBuffer(),
      Buffer.from('MM\x00\x2a\x00\x00\x00\x08', 'latin1'),
      await tiny().avif().toBuffer(),
      Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic', 'latin1'),
      Buffer.from('BM\x3a\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00', 'latin1'),
      Buffer.from('8BPS\x00\x01\x00\x00\x00\x00\x00\x00', 'latin1'),
      Buffer.from('<!doctype html><script>alert(document.domain)</script>'),
      Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'),
      Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      Buffer.from([0xff, 0xd8]),
      Buffer.from('GIF8'),
      Buffer.alloc(0),
    ];
    for (const data of refused) expect(sniffImageFormat(data), data.subarray(0, 16).toString('latin1')).toBeUndefined();
  });
});
