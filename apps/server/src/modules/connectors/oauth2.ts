/**
 * The two server-side calls of the OAuth2 authorization-code grant (RFC 6749 4.1.3 and a
 * bearer-token read of the user JSON), with global fetch. Each has a 10 s time-out: a provider
 * that hangs fails the sign-in instead of holding the request. The addresses are the admin's
 * settings, never the browser's; redirects are refused so a provider answer cannot send the
 * client secret or the token anywhere the admin did not name.
 */
const TIMEOUT_MS = 10_000;

export class OAuth2Error extends Error {
  override name = 'OAuth2Error';
}

export interface TokenRequest {
  tokenUrl: string;
  code: string;
  redirectUri: string;
  clientId: string;
  clientSecret: string;
}

/** Exchanges the code for an access token. */
export async function exchangeCode(request: TokenRequest): Promise<string> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: request.code,
    redirect_uri: request.redirectUri,
    client_id: request.clientId,
    client_secret: request.clientSecret,
  });
  const response = await fetch(request.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
    redirect: 'error',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new OAuth2Error(`token endpoint answered ${response.status}`);
  const text = await response.text();
  // Asked for JSON; a few providers answer the form encoding of RFC 6749's early drafts anyway.
  const fields = (response.headers.get('content-type') ?? '').includes('application/x-www-form-urlencoded')
    ? Object.fromEntries(new URLSearchParams(text))
    : parseObject(text);
  const token = fields.access_token;
  if (typeof token !== 'string' || token === '') throw new OAuth2Error('no access_token in the token answer');
  return token;
}

/** Reads the provider's user JSON with the access token. */
export async function fetchUserJson(url: string, accessToken: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    redirect: 'error',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new OAuth2Error(`user endpoint answered ${response.status}`);
  return parseObject(await response.text());
}

function parseObject(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new OAuth2Error('the provider did not answer JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new OAuth2Error('not a JSON object');
  return parsed as Record<string, unknown>;
}

/** The value at a dotted path (`data.user.id`) of a JSON object, or undefined. */
export function readPath(source: unknown, path: string): unknown {
  if (!path) return undefined;
  let node: unknown = source;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** A string or number at a path as trimmed text ('' for anything else: objects, null, booleans). */
export function textAt(source: unknown, path: string): string {
  const value = readPath(source, path);
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}
