import { createHash, randomBytes } from 'node:crypto';

/** An opaque random token; only its hash is stored, so a leaked database holds no live tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
