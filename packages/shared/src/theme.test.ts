import { describe, expect, it } from 'vitest';
import { AA, contrast, DARK_BACKGROUND, LIGHT_BACKGROUND, palette, readableOn, solidPair, themeCss } from './theme.js';

/** A fixed pseudo-random walk over colours, so the check covers the whole range yet repeats exactly. */
function colours(count: number): string[] {
  let seed = 20261122;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed;
  };
  const fixed = ['#0033FF', '#FFFFFF', '#000000', '#FFE066', '#00FF00', '#FF0000', '#808080', '#7B2FF7'];
  const random = Array.from({ length: count }, () => `#${(next() % 0xffffff).toString(16).padStart(6, '0')}`);
  return [...fixed, ...random];
}

describe('theme palette and contrast', () => {
  it('builds ten shades from light to dark', () => {
    const shades = palette('#0033FF');
    expect(Object.keys(shades)).toEqual(['50', '100', '200', '300', '400', '500', '600', '700', '800', '900']);
    expect(shades['500']).toBe('#0033ff');
    expect(contrast(shades['50'] as string, '#ffffff')).toBeLessThan(contrast(shades['900'] as string, '#ffffff'));
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#777777')).toBeCloseTo(1, 5);
  });

  it('keeps button text at AA (4.5:1) on the fill for any primary colour', () => {
    for (const colour of colours(400)) {
      const { fill, text } = solidPair(colour);
      expect(contrast(fill, text), `${colour} → ${fill} / ${text}`).toBeGreaterThanOrEqual(AA);
    }
  });

  it('keeps primary-coloured text at AA on both page backgrounds for any primary colour', () => {
    for (const colour of colours(400)) {
      expect(contrast(readableOn(colour, LIGHT_BACKGROUND), LIGHT_BACKGROUND), colour).toBeGreaterThanOrEqual(AA);
      expect(contrast(readableOn(colour, DARK_BACKGROUND), DARK_BACKGROUND), colour).toBeGreaterThanOrEqual(AA);
    }
  });

  it('leaves an already readable colour as it is', () => {
    expect(readableOn('#0033FF', LIGHT_BACKGROUND)).toBe('#0033ff');
    expect(solidPair('#0033FF')).toEqual({ fill: '#0033ff', text: '#ffffff' });
  });

  it('writes every variable the stylesheet reads', () => {
    const css = themeCss('#7B2FF7');
    for (const name of [
      '--primary:',
      '--primary-50:',
      '--primary-900:',
      '--primary-solid:',
      '--on-primary-solid:',
      '--primary-text-light:',
      '--primary-text-dark:',
    ]) {
      expect(css).toContain(name);
    }
  });
});
