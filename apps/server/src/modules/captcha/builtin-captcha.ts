import type { CaptchaContract } from '@inquire/plugin-sdk';
import { newToken } from '../../infra/tokens.js';

/** How many characters the built-in captcha draws (its one setting), within what a person reads at a glance. */
export const CAPTCHA_CODE_LENGTH = { name: 'code_length', default: 4, min: 4, max: 6 } as const;

/** The built-in image captcha: `length` characters drawn as SVG paths (no text to scrape). */
export const builtinCaptchaWith = (length: number): CaptchaContract => ({
  kind: 'captcha',
  async create() {
    // Loaded on the first captcha: svg-captcha parses its font when imported (~11 MB).
    const { default: svgCaptcha } = await import('svg-captcha');
    const { data, text } = svgCaptcha.create({
      size: length,
      noise: 2,
      ignoreChars: '0oO1iIlL',
      color: false,
      background: '#ffffff',
      width: 150,
      height: 50,
    });
    return {
      captcha_id: newToken(),
      captcha_img: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`,
      answer: text,
    };
  },
  verify(expected, given) {
    return expected.trim().toLowerCase() === given.trim().toLowerCase();
  },
});

export const builtinCaptcha: CaptchaContract = builtinCaptchaWith(CAPTCHA_CODE_LENGTH.default);
