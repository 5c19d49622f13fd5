import { DEFAULT_PRIMARY_COLOR, type SiteInfo } from './site-settings.js';

type Rgb = [number, number, number];

const HEX = /^#([0-9a-f]{6})$/i;
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/**
 * The lightest and darkest surfaces primary-coloured text sits on in each scheme (Tailwind
 * gray-50 panels and gray-800 hovers): text readable there is readable on every surface.
 */
export const LIGHT_BACKGROUND = '#f9fafb';
export const DARK_BACKGROUND = '#1f2937';
const WHITE_TEXT = '#ffffff';
/** Near-black text used on light fills. */
const INK = '#111827';
/** WCAG AA for normal text. */
export const AA = 4.5;

function parseHex(hex: string): Rgb {
  const match = HEX.exec(hex) ?? HEX.exec(DEFAULT_PRIMARY_COLOR);
  const value = Number.parseInt(match?.[1] ?? '0033ff', 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: Rgb): string {
  const channel = (c: number) =>
    Math.round(Math.min(255, Math.max(0, c)))
      .toString(16)
      .padStart(2, '0');
  return `#${rgb.map(channel).join('')}`;
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** Relative luminance (WCAG 2). */
export function luminance(hex: string): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = parseHex(hex).map(channel) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Ten shades from the primary colour, 50 (lightest) to 900 (darkest). */
export function palette(primary: string): Record<string, string> {
  const base = parseHex(primary);
  const steps: [string, Rgb, number][] = [
    ['50', WHITE, 0.92],
    ['100', WHITE, 0.84],
    ['200', WHITE, 0.68],
    ['300', WHITE, 0.48],
    ['400', WHITE, 0.24],
    ['500', WHITE, 0],
    ['600', BLACK, 0.12],
    ['700', BLACK, 0.28],
    ['800', BLACK, 0.44],
    ['900', BLACK, 0.6],
  ];
  return Object.fromEntries(steps.map(([name, toward, t]) => [name, toHex(mix(base, toward, t))]));
}

/**
 * The colour nearest to `color`, moved toward black or white in small steps, that reaches
 * AA contrast against `background`. Any primary colour an admin picks stays readable.
 */
export function readableOn(color: string, background: string): string {
  const toward = luminance(background) > 0.18 ? BLACK : WHITE;
  const base = parseHex(color);
  for (let t = 0; t <= 1.0001; t += 0.02) {
    const candidate = toHex(mix(base, toward, t));
    if (contrast(candidate, background) >= AA) return candidate;
  }
  return toHex(toward);
}

/** A fill for buttons and the coloured navbar, with the text colour that reads on it at AA. */
export function solidPair(primary: string): { fill: string; text: string } {
  let fill = toHex(parseHex(primary));
  for (let i = 0; i < 60; i += 1) {
    const onWhite = contrast(fill, WHITE_TEXT);
    const onInk = contrast(fill, INK);
    if (onWhite >= AA) return { fill, text: WHITE_TEXT };
    if (onInk >= AA) return { fill, text: INK };
    fill = toHex(mix(parseHex(fill), BLACK, 0.05));
  }
  return { fill, text: WHITE_TEXT };
}

/** Every variable of the theme for one primary colour. */
export function themeVariables(primary: string): Record<string, string> {
  const shades = palette(primary);
  const solid = solidPair(primary);
  return {
    '--primary': primary,
    ...Object.fromEntries(Object.entries(shades).map(([k, v]) => [`--primary-${k}`, v])),
    '--primary-solid': solid.fill,
    '--on-primary-solid': solid.text,
    '--primary-text-light': readableOn(primary, LIGHT_BACKGROUND),
    '--primary-text-dark': readableOn(primary, DARK_BACKGROUND),
  };
}

/** The primary colour of the site's current theme, or the default when it is not a hex colour. */
export function sitePrimaryColor(site: Pick<SiteInfo, 'theme'>): string {
  const config = site.theme.theme_config[site.theme.theme] ?? site.theme.theme_config.default;
  return HEX.test(config?.primary_color ?? '') ? (config?.primary_color as string) : DEFAULT_PRIMARY_COLOR;
}

/** CSS text declaring the theme variables of one primary colour. */
export function themeCss(primary: string): string {
  const vars = Object.entries(themeVariables(primary))
    .map(([name, value]) => `${name}:${value};`)
    .join('');
  return `:root{${vars}}`;
}

/**
 * The theme as CSS variables, written into the page head by the server so an admin's colour
 * restyles the site without a rebuild; the admin's Themes page uses the same function to
 * preview a colour live.
 */
export function themeStyle(site: Pick<SiteInfo, 'theme'>): string {
  return themeCss(sitePrimaryColor(site));
}
