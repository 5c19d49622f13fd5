import type { z } from 'zod';
import { AppError, type FieldIssue } from '../lib/errors.js';

/**
 * Parses input with a shared schema. On failure it throws one 400 that names every failing
 * field (the first problem of each), never only the first field: the forms show them all.
 * Schema messages are i18n keys; the error handler translates them.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: FieldIssue[] = [];
  const seen = new Set<string>();
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? issue.path.join('.') ?? '');
    if (seen.has(field)) continue;
    seen.add(field);
    const key = issue.message.startsWith('form.') ? issue.message : 'form.invalid_value';
    fields.push({ field, key });
  }
  throw AppError.fields(fields);
}
