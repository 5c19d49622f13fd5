import { longId, objectTypeOf } from '@inquire/shared';
import type { FastifyInstance } from 'fastify';

/** The id fields of the API that may name a question or an answer. */
const ID_FIELDS = ['id', 'question_id', 'answer_id', 'object_id'] as const;

function decodeFields(input: unknown): void {
  if (input === null || typeof input !== 'object') return;
  const record = input as Record<string, unknown>;
  for (const field of ID_FIELDS) {
    const value = record[field];
    if (typeof value !== 'string' || objectTypeOf(value)) continue;
    const long = longId(value);
    const type = long ? objectTypeOf(long) : undefined;
    if (long && (type === 'question' || type === 'answer')) record[field] = long;
  }
}

/**
 * Like the peer (facts 0.1), the API takes the short ids of permalink settings 3 and 4
 * wherever it takes a question or answer id, so an address copied from the browser works as
 * an API id. Answers keep long ids; the web app writes short ones into addresses.
 */
export function registerShortIds(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/answer/api/v1/')) return;
    decodeFields(request.query);
    decodeFields(request.body);
  });
}
