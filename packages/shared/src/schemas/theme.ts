import { z } from 'zod';
import { NAVBAR_STYLES } from '../enums.js';

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** PUT admin/api/siteinfo/theme: the site's theme, scheme and per-theme colours. */
export const themeSettingsSchema = z.object({
  theme: z.string().trim().min(1, 'form.theme.required').max(255, 'form.theme.required').default('default'),
  color_scheme: z.enum(['light', 'dark', 'system'], 'form.color_scheme.invalid'),
  theme_config: z.record(
    z.string(),
    z.object({
      navbar_style: z.enum(NAVBAR_STYLES, 'form.navbar_style.invalid'),
      primary_color: z.string().regex(HEX_COLOR, 'form.primary_color.invalid'),
    }),
    'form.theme_config.invalid',
  ),
});
export type ThemeSettingsInput = z.infer<typeof themeSettingsSchema>;
