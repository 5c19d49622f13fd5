import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in OAuth2 provider on 127.0.0.1 (a free port) for the connector route tests: the
 * token endpoint takes the one code it issued, the user endpoint the one token, and each test
 * sets who signs in and what fails. The authorize page is never visited: a test reads the
 * address `connector/login` redirects to and calls the callback itself.
 */
export interface FakeProvider {
  url: string;
  /** The code a consenting sign-in brings back to the callback. */
  readonly code: string;
  /** The user JSON the user endpoint answers (null: it answers 500). */
  user: Record<string, unknown> | null;
  /** The token endpoint answers this status instead of a token. */
  tokenStatus: number;
  /** The user endpoint never answers (a provider that hangs). */
  hang: boolean;
  /** Every token request's form fields, and every user request's Authorization header. */
  tokenRequests: URLSearchParams[];
  userRequests: string[];
  close(): Promise<void>;
}

const CODE = 'code-from-provider';
const TOKEN = 'provider-access-token';

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeProvider(): Promise<FakeProvider> {
  const provider: Omit<FakeProvider, 'url' | 'close'> = {
    code: CODE,
    user: { id: 4242, name: 'Ada Lovelace', login: 'ada', email: 'ada@provider.example', avatar_url: '' },
    tokenStatus: 200,
    hang: false,
    tokenRequests: [],
    userRequests: [],
  };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      const json = (status: number, body: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (path === '/token' && request.method === 'POST') {
        const form = new URLSearchParams(await bodyOf(request));
        provider.tokenRequests.push(form);
        if (provider.tokenStatus !== 200) return json(provider.tokenStatus, { error: 'server_error' });
        if (form.get('grant_type') !== 'authorization_code' || form.get('code') !== CODE) {
          return json(400, { error: 'invalid_grant' });
        }
        return json(200, { access_token: TOKEN, token_type: 'bearer' });
      }
      if (path === '/user' && request.method === 'GET') {
        provider.userRequests.push(request.headers.authorization ?? '');
        if (provider.hang) return;
        if (request.headers.authorization !== `Bearer ${TOKEN}`) return json(401, { error: 'bad token' });
        return provider.user ? json(200, provider.user) : json(500, { error: 'down' });
      }
      json(404, {});
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(provider, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
