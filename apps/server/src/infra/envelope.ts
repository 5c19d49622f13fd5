import { translate } from '@inquire/i18n';
import { REASONS, type Envelope, type Language } from '@inquire/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';

/** Builds the response envelope; `msg` is `reason` translated into the caller's language. */
export function envelope<T>(lang: Language, code: number, reason: string, data: T): Envelope<T> {
  return { code, reason, msg: translate(lang, reason), data };
}

/** Sends a success envelope. */
export function ok<T>(request: FastifyRequest, reply: FastifyReply, data: T): FastifyReply {
  return reply.code(200).send(envelope(request.lang, 200, REASONS.success, data));
}

/** Turns an AppError into its envelope, translating each field message. */
export function errorEnvelope(lang: Language, error: AppError): Envelope {
  const data = error.fields.length
    ? error.fields.map((f) => ({ ...f.extra, error_field: f.field, error_msg: translate(lang, f.key, f.vars) }))
    : error.data;
  const body = envelope(lang, error.code, error.reason, data);
  // A form error's headline is its first field's message, as the peer does.
  const first = error.fields[0];
  if (first && error.reason !== REASONS.requestFormatError) body.msg = translate(lang, error.reason);
  else if (first) body.msg = translate(lang, first.key, first.vars);
  return body;
}
