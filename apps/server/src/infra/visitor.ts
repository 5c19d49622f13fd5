import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Who is viewing, for unique daily views: the member, or a hash of a guest's address and
 * browser. The question read and the guest page cache both count views with it, so a page
 * served from the cache counts exactly as a rendered one.
 */
export function visitorOf(request: FastifyRequest): string {
  if (request.actor) return `u:${request.actor.user.id}`;
  const agent = request.headers['user-agent'] ?? '';
  return `g:${createHash('sha256').update(`${request.ip}|${agent}`).digest('hex').slice(0, 40)}`;
}
