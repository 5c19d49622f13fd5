import type { FastifyRequest } from 'fastify';
import type { PostOrigin } from '../modules/posts/post-origins.repository.js';

/** The writer's IP (as the trusted proxy settings resolve it) and user agent, kept with a new post. */
export function originOf(request: FastifyRequest): PostOrigin {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}
