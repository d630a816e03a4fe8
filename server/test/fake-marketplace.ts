import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the simulator (src/demo, which the sign-in tests use) must not do, for the API door's tests: every
 * path but `GET /users/me` echoes the request it got (after checking the token), so tests can see what
 * passed the door, and `/slow/…` never answers. A test may set a raw body the API answers for a path instead
 * (`answers`).
 */
export interface FakeMarketplace {
  url: string;
  /** The access token the API accepts, as a seller would copy it from the marketplace's developer pages. */
  token: string;
  /** Requests that reached the API (identity and echo), with a valid token or not, but for the answer backfill's. */
  apiCalls: number;
  /** Every request that reached the API, `METHOD /path?query`, in order (the backfill's too). */
  requests: string[];
  /** JSON text the API answers (200, as it is) to a GET of a path, instead of the echo. */
  answers: Map<string, string>;
  /** The API refuses the token from now on (it expired or was revoked). */
  revokeToken(): void;
  close(): Promise<void>;
}

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
  let revoked = false;
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (url.pathname.startsWith('/slow/')) return; // never answers
    // The answer backfill's pages (server/src/answerCopy.ts) come on their own clock, 30 s after a server starts,
    // not because of a test's request: they are answered but not counted.
    const backfill = url.pathname === '/questions/search' && url.searchParams.get('sort_fields') === 'date_created';
    if (!backfill) fake.apiCalls++;
    fake.requests.push(`${request.method} ${url.pathname}${url.search}`);
    if (revoked || request.headers.authorization !== `Bearer ${fake.token}`)
      return json(response, 401, { message: 'invalid access token', error: 'unauthorized', status: 401 });
    if (url.pathname === '/users/me') return json(response, 200, { id: 123456789, nickname: 'TEST_SELLER', site_id: 'MLA' });
    const answer = request.method === 'GET' ? fake.answers.get(url.pathname) : undefined;
    if (answer !== undefined) return void response.writeHead(200, { 'content-type': 'application/json' }).end(answer);
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
    token: `APP_USR-${randomBytes(12).toString('hex')}`,
    apiCalls: 0,
    requests: [],
    answers: new Map(),
    revokeToken: () => (revoked = true),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
