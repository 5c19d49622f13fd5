import type { CaptchaContract } from '@inquire/plugin-sdk';
import svgCaptcha from 'svg-captcha';
import { newToken } from '../../infra/tokens.js';

/** The built-in image captcha: four characters drawn as SVG paths (no text to scrape). */
export const builtinCaptcha: CaptchaContract = {
  kind: 'captcha',
  async create() {
    const { data, text } = svgCaptcha.create({
      size: 4,
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
};
