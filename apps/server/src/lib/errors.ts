import { REASONS, type ErrType, type FieldError, type ForbiddenType } from '@inquire/shared';

/** A field that failed, before translation: the message is a key of the i18n catalogs. */
export interface FieldIssue {
  field: string;
  key: string;
  /** Values for the message's `{{name}}` slots, such as the line number of a bulk add. */
  vars?: Record<string, string | number>;
  /** More for the form beside the message (`email_exists` lets the page offer another way). */
  extra?: Record<string, string | number | boolean>;
}

/**
 * The one error type services throw. The error handler turns it into the envelope
 * `{code, reason, msg, data}` with HTTP status = code and `msg` translated from `reason`.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    readonly data: unknown = null,
    readonly fields: FieldIssue[] = [],
  ) {
    super(reason);
    this.name = 'AppError';
  }

  static badRequest(reason: string, data: unknown = null): AppError {
    return new AppError(400, reason, data);
  }

  /** 400 listing every failing field; `reason` defaults to the generic format error. */
  static fields(fields: FieldIssue[], reason: string = REASONS.requestFormatError): AppError {
    return new AppError(400, reason, null, fields);
  }

  static display(reason: string, errType: ErrType): AppError {
    return new AppError(400, reason, { err_type: errType });
  }

  static unauthorized(): AppError {
    return new AppError(401, REASONS.unauthorized);
  }

  static forbidden(reason: string = REASONS.forbidden, type?: ForbiddenType): AppError {
    return new AppError(403, reason, type ? { type } : null);
  }

  static notFound(reason: string = REASONS.notFound): AppError {
    return new AppError(404, reason);
  }
}

export type { FieldError };
