import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authRequestsPerMinute } from '../src/auth.ts';
import { startFakeMarketplace, type FakeMarketplace } from './fake-marketplace.ts';
import { Browser, liveEnv, publicUrl, startServer, type TestServer } from './helpers.ts';

interface SessionBody {
  mode: string;
  signedIn: boolean;
  oauth: boolean;
  accounts: { id: string; nickname: string; site_id: string; active: boolean }[];
  activeAccountId: string | null;
}

/** The browser's side of a sign-in up to the callback URL the marketplace sends it back to. */
async function startSignIn(browser: Browser, path = '/auth/login?returnTo=/questions?status=UNANSWERED'): Promise<string> {
  const login = await browser.request(path);
  expect(login.status).toBe(302);
  const authorization = new URL(login.headers.get('location')!);
  expect(authorization.pathname).toBe('/authorization');
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorization.searchParams.get('redirect_uri')).toBe(`${publicUrl}/auth/callback`);
  const consent = await fetch(authorization, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location')!);
  expect(callback.origin).toBe(publicUrl);
  return callback.pathname + callback.search;
}

async function signIn(browser: Browser): Promise<Response> {
  return browser.request(await startSignIn(browser));
}

describe('sign-in with the marketplace (OAuth code grant with PKCE)', () => {
  let fake: FakeMarketplace;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    fake = await startFakeMarketplace();
    server = await startServer(
      liveEnv(fake.url, { SELLER_AUTH_URL: fake.url, OAUTH_CLIENT_ID: fake.clientId, OAUTH_CLIENT_SECRET: fake.clientSecret }),
    );
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });
  beforeEach(() => {
    browser = new Browser(server.url);
    fake.consent = 'allow';
    fake.expiresIn = 21600;
    fake.tokenDelayMs = 0;
    fake.tokenCalls.length = 0;
  });

  it('signs in, returns to the page asked for, and reads the inbox through the door', async () => {
    const before = (await (await browser.request('/session')).json()) as SessionBody;
    expect(before).toMatchObject({ mode: 'live', signedIn: false, oauth: true, accounts: [] });

    const callback = await signIn(browser);
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toBe('/questions?status=UNANSWERED');
    const cookie = callback.headers.getSetCookie().find((line) => line.startsWith('seller-desk-session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // PUBLIC_URL is http here

    const session = (await (await browser.request('/session')).json()) as SessionBody;
    expect(session).toEqual({
      mode: 'live',
      signedIn: true,
      oauth: true,
      accounts: [{ id: '123456789', nickname: 'TEST_SELLER', site_id: 'MLA', active: true }],
      activeAccountId: '123456789',
    });
    expect(JSON.stringify(session)).not.toMatch(/APP_USR|TG-/);

    const inbox = await browser.request('/api/questions/search?seller_id=123456789');
    expect(inbox.status).toBe(200);
    expect(((await inbox.json()) as { headers: Record<string, string> }).headers.authorization).toMatch(/^Bearer APP_USR-/);
    expect(fake.tokenCalls).toEqual([{ grant_type: 'authorization_code' }]);
  });

  it('refreshes once for 20 concurrent requests with an expired token, and all 20 succeed', async () => {
    fake.expiresIn = 30; // inside the refresh margin: the server counts it as expired
    await signIn(browser);
    fake.expiresIn = 21600;
    fake.expireAccessTokens();
    fake.tokenDelayMs = 100;
    fake.tokenCalls.length = 0;
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => browser.request(`/api/questions/${i}`)));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(fake.tokenCalls).toEqual([{ grant_type: 'refresh_token' }]);
  });

  it('refreshes once when the API answers 401 before the expiry, then repeats the request', async () => {
    await signIn(browser);
    fake.expireAccessTokens();
    fake.tokenDelayMs = 50;
    fake.tokenCalls.length = 0;
    const responses = await Promise.all(Array.from({ length: 5 }, () => browser.request('/api/users/me')));
    expect(responses.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(fake.tokenCalls).toEqual([{ grant_type: 'refresh_token' }]);
  });

  it('signs the account out on invalid_grant, without retrying', async () => {
    await signIn(browser);
    fake.expireAccessTokens();
    fake.revokeRefreshTokens();
    fake.tokenCalls.length = 0;
    const responses = await Promise.all(Array.from({ length: 5 }, () => browser.request('/api/users/me')));
    for (const response of responses) {
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: string }).error).toBe('signed_out');
    }
    expect(fake.tokenCalls).toEqual([{ grant_type: 'refresh_token' }]);
    const session = (await (await browser.request('/session')).json()) as SessionBody;
    expect(session).toMatchObject({ signedIn: false, accounts: [], activeAccountId: null });
    // Later requests learn it from the session, not from the marketplace.
    expect((await browser.request('/api/users/me')).status).toBe(401);
    expect(fake.tokenCalls).toHaveLength(1);
  });

  it('shows a page in the browser’s language when the seller refuses consent', async () => {
    fake.consent = 'deny';
    const callback = await startSignIn(browser);
    const response = await browser.request(callback, { headers: { 'accept-language': 'es-AR,es;q=0.9,en;q=0.5' } });
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('No autorizaste a Seller Desk');
    expect(html).toContain('href="/auth/login?returnTo=%2Fquestions%3Fstatus%3DUNANSWERED">Intentar de nuevo</a>');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(fake.tokenCalls).toEqual([]);
  });

  it('refuses a callback whose state is not the one this browser started', async () => {
    const callback = new URL(await startSignIn(browser), publicUrl);
    callback.searchParams.set('state', 'forged');
    const forged = await browser.request(callback.pathname + callback.search, { headers: { 'accept-language': 'pt-BR' } });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('Este link de login não é o que este navegador iniciou');
    // Another browser (no sign-in cookie) cannot use a genuine callback either.
    const stranger = new Browser(server.url);
    const stolen = await stranger.request(await startSignIn(browser));
    expect(stolen.status).toBe(400);
    expect(fake.tokenCalls).toEqual([]);
  });

  it('explains a code the marketplace no longer accepts', async () => {
    const first = new URL(await startSignIn(browser), publicUrl);
    await browser.request(first.pathname + first.search);
    const second = new URL(await startSignIn(browser), publicUrl);
    second.searchParams.set('code', first.searchParams.get('code')!);
    const response = await browser.request(second.pathname + second.search);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('no longer accepts this sign-in');
  });

  it('adds a second account, switches between them and disconnects one', async () => {
    await signIn(browser);
    const firstCookie = browser.cookieHeader();
    fake.user = { id: 555, nickname: 'SECOND_SELLER', site_id: 'MLB' };
    try {
      const added = await browser.request(await startSignIn(browser, '/auth/login?returnTo=/stock&add=1'));
      expect(added.headers.get('location')).toBe('/stock');
    } finally {
      fake.user = { id: 123456789, nickname: 'TEST_SELLER', site_id: 'MLA' };
    }
    expect(browser.cookieHeader()).not.toBe(firstCookie); // a new id on every sign-in
    let session = (await (await browser.request('/session')).json()) as SessionBody;
    expect(session.accounts.map((a) => [a.nickname, a.active])).toEqual([
      ['TEST_SELLER', false],
      ['SECOND_SELLER', true],
    ]);

    session = (await (await browser.write('/session/accounts/123456789/activate', 'POST')).json()) as SessionBody;
    expect(session.activeAccountId).toBe('123456789');
    session = (await (await browser.write('/session/accounts/123456789', 'DELETE')).json()) as SessionBody;
    expect(session.accounts.map((a) => a.id)).toEqual(['555']);
    expect(session.activeAccountId).toBe('555');
    expect((await browser.write('/session/accounts/123456789/activate', 'POST')).status).toBe(404);
  });

  it('signs out: the session ends on the server and the old cookie opens nothing', async () => {
    await signIn(browser);
    const oldCookie = browser.cookieHeader();
    const response = await browser.write('/auth/logout', 'POST');
    expect(response.status).toBe(204);
    const replay = await fetch(server.url + '/api/users/me', { headers: { cookie: oldCookie } });
    expect(replay.status).toBe(401);
    expect(((await (await fetch(server.url + '/session', { headers: { cookie: oldCookie } })).json()) as SessionBody).signedIn).toBe(false);
  });
});

// Test servers share one store (helpers.ts), as the instances of one deployment share a database.
describe('two instances on one store', () => {
  it('refresh an account once between them, and all 20 requests succeed', async () => {
    const fake = await startFakeMarketplace();
    const env = liveEnv(fake.url, { SELLER_AUTH_URL: fake.url, OAUTH_CLIENT_ID: fake.clientId, OAUTH_CLIENT_SECRET: fake.clientSecret });
    const one = await startServer(env);
    const two = await startServer(env);
    try {
      fake.expiresIn = 30;
      const browser = new Browser(one.url);
      await signIn(browser);
      fake.expiresIn = 21600;
      fake.expireAccessTokens();
      fake.tokenDelayMs = 150;
      fake.tokenCalls.length = 0;
      // The same session cookie, half of the requests to each instance.
      const cookie = browser.cookieHeader();
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => fetch(`${i % 2 ? two.url : one.url}/api/questions/${i}`, { headers: { cookie } })),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(fake.tokenCalls).toEqual([{ grant_type: 'refresh_token' }]);
    } finally {
      await one.close();
      await two.close();
      await fake.close();
    }
  });
});

describe('sign-in with a wrong client secret', () => {
  let fake: FakeMarketplace;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startFakeMarketplace();
    server = await startServer(
      liveEnv(fake.url, { SELLER_AUTH_URL: fake.url, OAUTH_CLIENT_ID: fake.clientId, OAUTH_CLIENT_SECRET: 'wrong' }),
    );
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it('shows the invalid_client page', async () => {
    const browser = new Browser(server.url);
    const response = await browser.request(await startSignIn(browser), { headers: { 'accept-language': 'en-GB' } });
    expect(response.status).toBe(502);
    expect(await response.text()).toContain('did not recognise this Seller Desk installation');
  });
});

describe('the sign-in paths', () => {
  it('are rate limited per address, the refusal carrying the security headers', async () => {
    const fake = await startFakeMarketplace();
    const server = await startServer(
      liveEnv(fake.url, { SELLER_AUTH_URL: fake.url, OAUTH_CLIENT_ID: fake.clientId, OAUTH_CLIENT_SECRET: fake.clientSecret }),
    );
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= authRequestsPerMinute; i++)
        statuses.push((await fetch(server.url + '/auth/login', { redirect: 'manual' })).status);
      expect(statuses.slice(0, authRequestsPerMinute).every((status) => status === 302)).toBe(true);
      const refused = await fetch(server.url + '/auth/login', { redirect: 'manual' });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBeTruthy();
      expect(refused.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      // The rest of the server is not limited.
      expect((await fetch(server.url + '/session')).status).toBe(200);
    } finally {
      await server.close();
      await fake.close();
    }
  });
});
