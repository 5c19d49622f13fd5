/**
 * A stand-in OAuth2 provider for the external sign-in flows (authorization-code grant): its
 * authorize page consents at once (or declines, as told) and sends the browser back to the
 * site's callback; the token and user-JSON endpoints answer the server. Loopback only.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeUser {
  id: string;
  name: string;
  login: string;
  email?: string;
}

export interface FakeOAuth {
  url: string;
  /** Who the next sign-in is; `declined` makes the authorize page refuse consent. */
  next: { user: FakeUser; declined: boolean };
  close(): Promise<void>;
}

export async function startFakeOAuth(): Promise<FakeOAuth> {
  const codes = new Map<string, FakeUser>();
  const tokens = new Map<string, FakeUser>();
  const state: FakeOAuth['next'] = { user: { id: '0', name: 'Nobody', login: 'nobody' }, declined: false };
  let issued = 0;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (state.declined) back.searchParams.set('error', 'access_denied');
      else {
        issued += 1;
        const code = `code-${issued}`;
        codes.set(code, { ...state.user });
        back.searchParams.set('code', code);
      }
      response.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const code = new URLSearchParams(body).get('code') ?? '';
        const user = codes.get(code);
        codes.delete(code);
        if (!user) {
          response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_grant"}');
          return;
        }
        const token = `token-${code}`;
        tokens.set(token, user);
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: token, token_type: 'bearer' }));
      });
      return;
    }
    if (url.pathname === '/user') {
      const user = tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!user) {
        response.writeHead(401).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(user));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    next: state,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
