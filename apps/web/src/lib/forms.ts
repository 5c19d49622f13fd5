import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from './http';

export type FieldErrors = Record<string, string>;

/**
 * Validates form values with the same shared schema the route uses; returns every failing
 * field's translated message (the first problem per field), or an empty object.
 */
export function validate<S extends z.ZodType>(schema: S, values: unknown, t: TFunction): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field in errors) continue;
    errors[field] = t(issue.message.startsWith('form.') ? issue.message : 'form.invalid_value');
  }
  return errors;
}

/** The server's field errors (already translated), keyed by field; empty for other errors. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || !error.isError) return {};
  return Object.fromEntries(error.list.map((f) => [f.error_field, f.error_msg]));
}

/** The errors without those of the fields just edited: a field's error goes once it changes. */
export function withoutErrors(errors: FieldErrors, fields: string[]): FieldErrors {
  if (!fields.some((f) => f in errors)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !fields.includes(field)));
}
