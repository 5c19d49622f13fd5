import type { FastifyRequest } from 'fastify';

/** Query keys whose values are secrets: email codes, tokens, passwords, keys. */
const SECRET_KEY = /code|token|pass|secret|key|signature/i;

/**
 * A request URL fit for the log: the value of every secret-looking query parameter becomes
 * `[redacted]`, so an activation or reset link followed by a reader never lands in a log file.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let key = pair.slice(0, eq);
      try {
        key = decodeURIComponent(key.replace(/\+/g, ' '));
      } catch {
        // A malformed key is judged as written.
      }
      return SECRET_KEY.test(key) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

/** Fastify's request serializer, with the URL redacted. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
