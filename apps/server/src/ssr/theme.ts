import { DEFAULT_PRIMARY_COLOR, type SiteInfo } from '@inquire/shared';

const HEX = /^#([0-9a-f]{6})$/i;

function parseHex(hex: string): [number, number, number] {
  const match = HEX.exec(hex) ?? HEX.exec(DEFAULT_PRIMARY_COLOR);
  const value = Number.parseInt(match?.[1] ?? '0033ff', 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(a: [number, number, number], b: [number, number, number], t: number): [number, number, number] {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** Relative luminance (WCAG 2). */
export function luminance(hex: string): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = parseHex(hex).map(channel) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Ten shades from the primary colour, 50 (lightest) to 900 (darkest). */
export function palette(primary: string): Record<string, string> {
  const base = parseHex(primary);
  const white: [number, number, number] = [255, 255, 255];
  const black: [number, number, number] = [0, 0, 0];
  const steps: [string, [number, number, number], number][] = [
    ['50', white, 0.92],
    ['100', white, 0.84],
    ['200', white, 0.68],
    ['300', white, 0.48],
    ['400', white, 0.24],
    ['500', white, 0],
    ['600', black, 0.12],
    ['700', black, 0.28],
    ['800', black, 0.44],
    ['900', black, 0.6],
  ];
  return Object.fromEntries(steps.map(([name, toward, t]) => [name, toHex(mix(base, toward, t))]));
}

/**
 * The theme as CSS variables, written into the page head so an admin's colour restyles
 * the site without a rebuild. Text on the primary colour is white or near-black,
 * whichever contrasts more.
 */
export function themeStyle(site: SiteInfo): string {
  const config = site.theme.theme_config[site.theme.theme] ?? site.theme.theme_config.default;
  const primary = HEX.test(config?.primary_color ?? '') ? (config?.primary_color as string) : DEFAULT_PRIMARY_COLOR;
  const shades = palette(primary);
  const onPrimary = contrast(primary, '#ffffff') >= contrast(primary, '#111827') ? '#ffffff' : '#111827';
  const vars = Object.entries(shades)
    .map(([k, v]) => `--primary-${k}:${v};`)
    .join('');
  return `:root{--primary:${primary};--on-primary:${onPrimary};${vars}}`;
}
