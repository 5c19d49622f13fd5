import { z } from 'zod';
import { EMAIL_PATTERN } from '../limits.js';

/** True for absolute http(s) URLs. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A required, trimmed string; `key` names the form field in message keys. */
export const requiredText = (key: string) => z.string().trim().min(1, `form.${key}.required`);

export const emailField = (key: string) =>
  requiredText(key).max(512, `form.${key}.too_long`).regex(EMAIL_PATTERN, `form.${key}.invalid`);

/** Paging query: `page` 1-based, `page_size` defaults to 10 and is capped at 100. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).catch(10).default(10),
});

/**
 * `GET page-data`: the page's address on this site (a path, never another origin) and the
 * comma-separated ids of the routes whose loaders should run.
 */
export const pageDataQuery = z.object({
  url: z
    .string('form.invalid_value')
    .max(2048, 'form.invalid_value')
    .regex(/^\/(?![/\\])/, 'form.invalid_value'),
  routes: z
    .string('form.invalid_value')
    .max(1024, 'form.invalid_value')
    .transform((text) => text.split(',').filter(Boolean)),
});
