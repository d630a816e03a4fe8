import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A marketplace for the server's tests, following shared/spec/sign-in-and-notifications.md: the
 * authorization page (consents at once, or refuses when told to), `POST /oauth/token` (single-use codes and
 * refresh tokens, PKCE S256, `invalid_grant`, `invalid_client`), `GET /users/me`, and every other path
 * echoes the request it got (after checking the token), so tests can see what passed the door.
 * `/slow/…` never answers. The Node-served simulator is to take these endpoints over.
 */
export interface FakeMarketplace {
  url: string;
  clientId: string;
  clientSecret: string;
  user: { id: number; nickname: string; site_id: string };
  /** What the next authorization visit answers. */
  consent: 'allow' | 'deny';
  /** `expires_in` of the next tokens issued. */
  expiresIn: number;
  /** Milliseconds the token endpoint takes, so concurrent refreshes really overlap. */
  tokenDelayMs: number;
  tokenCalls: { grant_type: string }[];
  /** Requests that reached the API (identity and echo), with a valid token or not. */
  apiCalls: number;
  /** The API refuses every access token issued so far (as if they had expired). */
  expireAccessTokens(): void;
  /** Every refresh token issued so far stops working (the seller revoked the app). */
  revokeRefreshTokens(): void;
  close(): Promise<void>;
}

const token = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export async function startFakeMarketplace(): Promise<FakeMarketplace> {
  const codes = new Map<string, { redirectUri: string; challenge: string; used: boolean }>();
  const accessTokens = new Map<string, { expired: boolean }>();
  const refreshTokens = new Map<string, { used: boolean }>();

  const issueTokens = () => {
    const access = token('APP_USR');
    const refresh = token('TG');
    accessTokens.set(access, { expired: false });
    refreshTokens.set(refresh, { used: false });
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: fake.expiresIn,
      scope: 'offline_access read write',
      user_id: fake.user.id,
      refresh_token: refresh,
    };
  };
  const invalidGrant = (response: ServerResponse, description: string) =>
    json(response, 400, { error: 'invalid_grant', error_description: description, status: 400 });

  async function tokenEndpoint(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(await readBody(request));
    fake.tokenCalls.push({ grant_type: form.get('grant_type') ?? '' });
    await new Promise((resolve) => setTimeout(resolve, fake.tokenDelayMs));
    if (form.get('client_id') !== fake.clientId || form.get('client_secret') !== fake.clientSecret) {
      return json(response, 400, { error: 'invalid_client', error_description: 'invalid client_id or client_secret', status: 400 });
    }
    if (form.get('grant_type') === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      if (!code || code.used) return invalidGrant(response, 'the code is unknown, expired or already used');
      code.used = true;
      const verifier = form.get('code_verifier') ?? '';
      if (code.redirectUri !== form.get('redirect_uri')) return invalidGrant(response, 'redirect_uri mismatch');
      if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge)
        return invalidGrant(response, 'code_verifier mismatch');
      return json(response, 200, issueTokens());
    }
    if (form.get('grant_type') === 'refresh_token') {
      const refresh = refreshTokens.get(form.get('refresh_token') ?? '');
      if (!refresh || refresh.used) return invalidGrant(response, 'the refresh token is unknown or already used');
      refresh.used = true;
      return json(response, 200, issueTokens());
    }
    return json(response, 400, { error: 'unsupported_grant_type', status: 400 });
  }

  function authorization(url: URL, response: ServerResponse) {
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    if (url.searchParams.get('client_id') !== fake.clientId || url.searchParams.get('code_challenge_method') !== 'S256') {
      return json(response, 400, { error: 'invalid_request' });
    }
    const back = new URL(redirectUri);
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    if (fake.consent === 'deny') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user refused');
    } else {
      const code = token('TG-code');
      codes.set(code, { redirectUri, challenge: url.searchParams.get('code_challenge') ?? '', used: false });
      back.searchParams.set('code', code);
    }
    response.writeHead(302, { location: back.href });
    response.end();
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (url.pathname === '/authorization') return authorization(url, response);
    if (url.pathname === '/oauth/token' && request.method === 'POST') return tokenEndpoint(request, response);
    if (url.pathname.startsWith('/slow/')) return; // never answers
    fake.apiCalls++;
    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const known = accessTokens.get(bearer);
    if (!known || known.expired) return json(response, 401, { message: 'invalid access token', error: 'unauthorized', status: 401 });
    if (url.pathname === '/users/me') return json(response, 200, fake.user);
    json(
      response,
      200,
      { method: request.method, path: url.pathname, query: url.search, headers: request.headers, body: await readBody(request) },
      { 'x-version': '7', 'retry-after': '3', 'set-cookie': 'upstream=1', connection: 'close' },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const fake: FakeMarketplace = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    clientId: '2069392825111111',
    clientSecret: 'fake-client-secret-7f3a',
    user: { id: 123456789, nickname: 'TEST_SELLER', site_id: 'MLA' },
    consent: 'allow',
    expiresIn: 21600,
    tokenDelayMs: 0,
    tokenCalls: [],
    apiCalls: 0,
    expireAccessTokens: () => accessTokens.forEach((entry) => (entry.expired = true)),
    revokeRefreshTokens: () => refreshTokens.forEach((entry) => (entry.used = true)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
