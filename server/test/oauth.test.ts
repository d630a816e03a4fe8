import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { permissionsOf } from '../../core/roles.ts';
import { demoSeller, otherSeller } from '../../src/demo/db/core.ts';
import { serverSessionSchema } from '../../src/api/session.ts';
import { authRequestsPerMinute } from '../src/auth.ts';
import { createCipher, deriveKey } from '../src/secrets.ts';
import { openStore, type Store } from '../src/store/store.ts';
import { startFakeMarketplace } from './fake-marketplace.ts';
import {
  Browser,
  consent,
  liveEnv,
  publicUrl,
  sessionSecret,
  signIn,
  simulatorEnv,
  startLiveWithSimulator,
  startServer,
  startSimulator,
  type Simulator,
} from './helpers.ts';

/** The server's answer read with the browser's own schema: a shape the app cannot read fails here. */
const readSession = async (response: Response | Promise<Response>) => serverSessionSchema.parse(await (await response).json());

const demoAccount = { id: String(demoSeller.id), nickname: demoSeller.nickname, site_id: demoSeller.site_id };

describe('sign-in with the marketplace (OAuth code grant with PKCE)', () => {
  let live: Awaited<ReturnType<typeof startLiveWithSimulator>>;
  let browser: Browser;

  beforeAll(async () => {
    live = await startLiveWithSimulator();
  });
  afterAll(() => live.close());
  beforeEach(() => {
    browser = new Browser(live.server.url);
    live.simulator.oauth.expiresIn = 21600;
    live.simulator.oauth.tokenDelayMs = 0;
    live.simulator.oauth.tokenCalls.length = 0;
  });

  it('signs in, returns to the page asked for, and reads the inbox through the door', async () => {
    const before = await readSession(browser.request('/session'));
    expect(before).toMatchObject({ mode: 'live', signedIn: false, oauth: true, accounts: [] });

    const login = await browser.request('/auth/login');
    const authorization = new URL(login.headers.get('location')!);
    expect(authorization.origin + authorization.pathname).toBe(`${live.simulator.url}/authorization`);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${publicUrl}/auth/callback`);

    const callback = await signIn(browser);
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toBe('/questions?status=UNANSWERED');
    const cookie = callback.headers.getSetCookie().find((line) => line.startsWith('seller-desk-session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // PUBLIC_URL is http here

    const session = await readSession(browser.request('/session'));
    expect(session).toEqual({
      mode: 'live',
      signedIn: true,
      oauth: true,
      // The person signed in, owner of their own seller account (docs/teams.md).
      person: { id: expect.any(String), name: demoSeller.nickname, methods: ['marketplace'] },
      accounts: [{ ...demoAccount, active: true, unread: 0, role: 'owner', needsSignIn: false }],
      activeAccountId: demoAccount.id,
      permissions: [...permissionsOf('owner')],
    });
    expect(JSON.stringify(session)).not.toMatch(/APP_USR|TG-/);

    const inbox = await browser.request(`/api/questions/search?seller_id=${demoSeller.id}&status=UNANSWERED`);
    expect(inbox.status).toBe(200);
    const { questions } = (await inbox.json()) as { questions: { seller_id: number; status: string }[] };
    expect(questions.length).toBeGreaterThan(0);
    expect(questions.every((q) => q.seller_id === demoSeller.id && q.status === 'UNANSWERED')).toBe(true);
    expect(live.simulator.oauth.tokenCalls).toEqual([{ grant_type: 'authorization_code' }]);
  });

  it('refreshes once for 20 concurrent requests with an expired token, and all 20 succeed', async () => {
    const { oauth } = live.simulator;
    oauth.expiresIn = 30; // inside the refresh margin: the server counts it as expired
    await signIn(browser);
    oauth.expiresIn = 21600;
    oauth.expireAccessTokens();
    oauth.tokenDelayMs = 100;
    oauth.tokenCalls.length = 0;
    const responses = await Promise.all(Array.from({ length: 20 }, () => browser.request('/api/users/me')));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(oauth.tokenCalls).toEqual([{ grant_type: 'refresh_token' }]);
  });

  it('refreshes once when the API answers 401 before the expiry, then repeats the request', async () => {
    const { oauth } = live.simulator;
    await signIn(browser);
    oauth.expireAccessTokens();
    oauth.tokenDelayMs = 50;
    oauth.tokenCalls.length = 0;
    const responses = await Promise.all(Array.from({ length: 5 }, () => browser.request('/api/users/me')));
    expect(responses.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(oauth.tokenCalls).toEqual([{ grant_type: 'refresh_token' }]);
  });

  it('on invalid_grant keeps the account and its team, needing a new sign-in, without retrying', async () => {
    const { oauth } = live.simulator;
    await signIn(browser);
    oauth.expireAccessTokens();
    oauth.revokeRefreshTokens();
    oauth.tokenCalls.length = 0;
    const responses = await Promise.all(Array.from({ length: 5 }, () => browser.request('/api/users/me')));
    for (const response of responses) {
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: string }).error).toBe('signed_out');
    }
    expect(oauth.tokenCalls).toEqual([{ grant_type: 'refresh_token' }]);
    // The person stays signed in; the account stays, listed as needing its owner's sign-in.
    const session = (await (await browser.request('/session')).json()) as { signedIn: boolean; accounts: unknown[] };
    expect(session).toMatchObject({ signedIn: true, accounts: [{ id: demoAccount.id, role: 'owner', needsSignIn: true }] });
    // Later requests learn it from the store, not from the marketplace.
    expect((await browser.request('/api/users/me')).status).toBe(401);
    expect(oauth.tokenCalls).toHaveLength(1);
    // The owner signs in again: the account has tokens once more.
    await signIn(browser);
    expect((await browser.request('/api/users/me')).status).toBe(200);
    expect(await (await browser.request('/session')).json()).toMatchObject({ accounts: [{ id: demoAccount.id, needsSignIn: false }] });
  });

  it('shows a page in the browser’s language when the seller refuses consent', async () => {
    const callback = await consent(browser, { button: 'Deny' });
    const response = await browser.request(callback, { headers: { 'accept-language': 'es-AR,es;q=0.9,en;q=0.5' } });
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(html).toContain('<html lang="es-AR">');
    expect(html).toContain('No autorizaste a Seller Desk');
    expect(html).toContain('href="/auth/login?returnTo=%2Fquestions%3Fstatus%3DUNANSWERED">Intentar de nuevo</a>');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(live.simulator.oauth.tokenCalls).toEqual([]);
  });

  it('refuses a callback whose state is not the one this browser started', async () => {
    const callback = new URL(await consent(browser), publicUrl);
    callback.searchParams.set('state', 'forged');
    const forged = await browser.request(callback.pathname + callback.search, { headers: { 'accept-language': 'pt-BR' } });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('Este link de login não é o que este navegador iniciou');
    // Another browser (no sign-in cookie) cannot use a genuine callback either.
    const stranger = new Browser(live.server.url);
    const stolen = await stranger.request(await consent(browser));
    expect(stolen.status).toBe(400);
    expect(live.simulator.oauth.tokenCalls).toEqual([]);
  });

  it('explains a code the marketplace no longer accepts', async () => {
    const first = new URL(await consent(browser), publicUrl);
    await browser.request(first.pathname + first.search);
    const second = new URL(await consent(browser), publicUrl);
    second.searchParams.set('code', first.searchParams.get('code')!);
    const response = await browser.request(second.pathname + second.search);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('no longer accepts this sign-in');
  });

  // Each a returnTo that once led, or could lead, a browser to another site after signing in.
  it.each([
    ['a tab', '/\t/evil.example/x'],
    ['a carriage return', '/\r/evil.example'],
    ['a line feed', '/\n/evil.example'],
    ['leading spaces', '  //evil.example'],
    ['a backslash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a percent-encoded tab', '/%09/evil.example'],
    ['a percent-encoded backslash', '/%5Cevil.example'],
    ['percent-encoded slashes', '/%2F%2Fevil.example'],
    ['a dot segment', '/.//evil.example'],
    ['an absolute URL', 'https://evil.example/x'],
    ['a scheme-relative URL', '//evil.example/x'],
    ['three slashes', '///evil.example'],
    ['a script', 'javascript:alert(1)'],
  ])('returns to / on this origin, whatever returnTo holds: %s', async (_name, returnTo) => {
    const callback = await signIn(browser, undefined, `/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
    expect(callback.status).toBe(303);
    const location = callback.headers.get('location')!;
    expect(location).toBe('/');
    // Read as a browser does (the URL parser drops tabs and newlines).
    expect(new URL(location, publicUrl).origin).toBe(publicUrl);
  });

  it.each([
    ['/stock?view=low#top', '/stock?view=low#top'],
    [`${publicUrl}/credits?status=approved`, '/credits?status=approved'],
    ['/questions?q=env%C3%ADo%20gratis', '/questions?q=env%C3%ADo%20gratis'],
  ])('returns to a place of this app: %s', async (returnTo, place) => {
    const callback = await signIn(browser, undefined, `/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
    expect(callback.headers.get('location')).toBe(place);
  });

  it.each([['cross-site'], ['same-site']])(
    'starts nothing from another site’s link (%s): a page asks, and its own link signs in keeping the session',
    async (site) => {
      await signIn(browser);
      const cookie = browser.cookieHeader();
      const before = (await readSession(browser.request('/session'))).accounts.map((a) => a.nickname);
      const held = await browser.request('/auth/login?returnTo=%2Fstock', { headers: { 'sec-fetch-site': site, 'accept-language': 'es' } });
      expect(held.status).toBe(200);
      expect(held.headers.getSetCookie()).toEqual([]);
      const html = await held.text();
      expect(html).toContain('Otro sitio te trajo al inicio de sesión de Seller Desk');
      const link = /<a href="([^"]+)">Continuar al marketplace<\/a>/.exec(html)![1]!.replaceAll('&amp;', '&');
      expect(link).toBe('/auth/login?returnTo=%2Fstock&add=1');
      expect(browser.cookieHeader()).toBe(cookie);
      expect((await readSession(browser.request('/session'))).accounts.map((a) => a.nickname)).toEqual(before);

      // The seller follows the page's link, from the page (same-origin): the first account stays.
      const added = await signIn(browser, otherSeller.nickname, link);
      expect(added.headers.get('location')).toBe('/stock');
      const session = await readSession(browser.request('/session'));
      expect(session.accounts.map((a) => a.nickname)).toEqual([demoSeller.nickname, otherSeller.nickname]);
    },
  );

  it.each([
    ['the app’s own link', 'same-origin', [otherSeller.nickname]],
    ['an address typed or opened from another program', 'none', [demoSeller.nickname, otherSeller.nickname]],
    ['a browser that does not say', null, [demoSeller.nickname, otherSeller.nickname]],
  ])('lets only %s replace the session with a plain sign-in', async (_name, site, nicknames) => {
    await signIn(browser);
    await browser.request(await consent(browser, { seller: otherSeller.nickname, site, login: '/auth/login?returnTo=/' }));
    expect((await readSession(browser.request('/session'))).accounts.map((a) => a.nickname)).toEqual(nicknames);
  });

  it('adds a second account, switches between them and disconnects one', async () => {
    await signIn(browser);
    const firstCookie = browser.cookieHeader();
    const added = await signIn(browser, otherSeller.nickname, '/auth/login?returnTo=/stock&add=1');
    expect(added.headers.get('location')).toBe('/stock');
    expect(browser.cookieHeader()).not.toBe(firstCookie); // a new id on every sign-in
    let session = await readSession(browser.request('/session'));
    expect(session.accounts.map((a) => [a.nickname, a.active])).toEqual([
      [demoSeller.nickname, false],
      [otherSeller.nickname, true],
    ]);
    // Each account's requests carry its own token.
    expect(await (await browser.request('/api/users/me')).json()).toMatchObject({ id: otherSeller.id });

    session = await readSession(browser.write(`/session/accounts/${demoSeller.id}/activate`, 'POST'));
    expect(session.activeAccountId).toBe(demoAccount.id);
    expect(await (await browser.request('/api/users/me')).json()).toMatchObject({ id: demoSeller.id });
    // Their owner disconnects the account they added (its tokens go; the other stays active).
    session = await readSession(browser.write(`/session/accounts/${otherSeller.id}`, 'DELETE'));
    expect(session.accounts.map((a) => a.id)).toEqual([demoAccount.id]);
    expect(session.activeAccountId).toBe(demoAccount.id);
    expect((await browser.write(`/session/accounts/${otherSeller.id}/activate`, 'POST')).status).toBe(404);
  });

  it('signs out: the session ends on the server and the old cookie opens nothing', async () => {
    await signIn(browser);
    const oldCookie = browser.cookieHeader();
    const response = await browser.write('/auth/logout', 'POST');
    expect(response.status).toBe(204);
    const replay = await fetch(live.server.url + '/api/users/me', { headers: { cookie: oldCookie } });
    expect(replay.status).toBe(401);
    expect((await readSession(fetch(live.server.url + '/session', { headers: { cookie: oldCookie } }))).signedIn).toBe(false);
  });
});

// Test servers share one store (helpers.ts), as the instances of one deployment share a database.
describe('two instances on one store', () => {
  it('refresh an account once between them, and all 20 requests succeed', async () => {
    const one = await startLiveWithSimulator();
    const { oauth } = one.simulator;
    const two = await startServer(simulatorEnv(one.simulator));
    try {
      oauth.expiresIn = 30;
      const browser = new Browser(one.server.url);
      await signIn(browser);
      oauth.expiresIn = 21600;
      oauth.expireAccessTokens();
      oauth.tokenDelayMs = 150;
      oauth.tokenCalls.length = 0;
      // The same session cookie, half of the requests to each instance.
      const cookie = browser.cookieHeader();
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => fetch(`${i % 2 ? two.url : one.server.url}/api/users/me`, { headers: { cookie } })),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(oauth.tokenCalls).toEqual([{ grant_type: 'refresh_token' }]);
    } finally {
      await two.close();
      await one.close();
    }
  });
});

describe('a refresh whose new tokens the store does not take at once', () => {
  let simulator: Simulator;
  let store: Store;
  beforeAll(async () => {
    simulator = await startSimulator();
    store = await openStore({ dataDir: 'memory://', cipher: createCipher(deriveKey(sessionSecret, 'token-encryption')) });
  });
  afterAll(async () => {
    await store.close();
    await simulator.close();
  });

  it.each([1, 3])('keeps the account when saving fails %i time(s): the new token serves, and is stored after', async (failures) => {
    let failing = failures;
    const flaky: Store = {
      ...store,
      saveRefreshed: async (...args) => {
        if (failing-- > 0) throw new Error('the connection to the database was lost');
        return store.saveRefreshed(...args);
      },
    };
    const server = await startServer(simulatorEnv(simulator), { store: flaky });
    const other = await startServer(simulatorEnv(simulator), { store });
    try {
      const browser = new Browser(server.url);
      await signIn(browser);
      simulator.oauth.expireAccessTokens();
      simulator.oauth.tokenCalls.length = 0;
      expect((await browser.request('/api/users/me')).status).toBe(200);
      expect((await browser.request('/api/users/me')).status).toBe(200);
      // Stored by now: another instance reads the new token from the store, and nobody refreshes again (the
      // spent refresh token would answer invalid_grant and sign the account out).
      expect((await fetch(`${other.url}/api/users/me`, { headers: { cookie: browser.cookieHeader() } })).status).toBe(200);
      expect(simulator.oauth.tokenCalls).toEqual([{ grant_type: 'refresh_token' }]);
      expect(failing).toBe(-1); // saved at the try after the failures
    } finally {
      await other.close();
      await server.close();
    }
  });
});

describe('sign-in with a wrong client secret', () => {
  let live: Awaited<ReturnType<typeof startLiveWithSimulator>>;
  beforeAll(async () => {
    live = await startLiveWithSimulator({ clientSecret: 'wrong' });
  });
  afterAll(() => live.close());

  it('shows the invalid_client page', async () => {
    const browser = new Browser(live.server.url);
    const response = await browser.request(await consent(browser), { headers: { 'accept-language': 'en-GB' } });
    expect(response.status).toBe(502);
    expect(await response.text()).toContain('did not recognise this Seller Desk installation');
    expect(live.simulator.oauth.tokenCalls).toEqual([{ grant_type: 'authorization_code' }]);
  });
});

describe('the sign-in paths', () => {
  /** The first `authRequestsPerMinute` answers, then the one after: the limit must refuse that one. */
  async function untilLimited(request: (attempt: number) => Promise<Response>) {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < authRequestsPerMinute; attempt++) statuses.push((await request(attempt)).status);
    return { statuses: new Set(statuses), refused: await request(authRequestsPerMinute) };
  }

  it('are rate limited per address, the refusal carrying the security headers', async () => {
    const { server, close } = await startLiveWithSimulator();
    try {
      const { statuses, refused } = await untilLimited(() => fetch(server.url + '/auth/login', { redirect: 'manual' }));
      expect(statuses).toEqual(new Set([302]));
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBeTruthy();
      expect(refused.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      // The rest of the server is not limited.
      expect((await fetch(server.url + '/session')).status).toBe(200);
    } finally {
      await close();
    }
  });

  // The proxy (this test, on 127.0.0.1) appends the address it saw to what the client wrote.
  it.each([
    ['true', '203.0.113.7'],
    ['1', '203.0.113.7'],
    ['127.0.0.1', '203.0.113.7'],
    ['2', '203.0.113.7, 10.0.0.2'],
    ['loopback, 10.0.0.0/8', '203.0.113.7, 10.0.0.2'],
  ])('count the address the proxy saw, not one the client wrote (TRUST_PROXY=%s)', async (trustProxy, seen) => {
    const simulator = await startSimulator();
    const server = await startServer({ ...simulatorEnv(simulator), TRUST_PROXY: trustProxy });
    try {
      const login = (forwardedFor: string) =>
        fetch(server.url + '/auth/login', { redirect: 'manual', headers: { 'x-forwarded-for': forwardedFor } });
      const { statuses, refused } = await untilLimited((attempt) => login(`198.51.100.${attempt}, ${seen}`));
      expect(statuses).toEqual(new Set([302]));
      expect(refused.status).toBe(429);
      // Another client behind the same proxy has its own count.
      expect((await login(seen.replace('203.0.113.7', '203.0.113.8'))).status).toBe(302);
      expect(server.logs()).toContain('"ip":"203.0.113.7"');
      expect(server.logs()).not.toContain('198.51.100.');
    } finally {
      await server.close();
      await simulator.close();
    }
  });

  it('limit personal tokens too, before the marketplace is asked', async () => {
    const fake = await startFakeMarketplace();
    const server = await startServer(liveEnv(fake.url));
    try {
      const browser = new Browser(server.url);
      const { statuses, refused } = await untilLimited(() => browser.write('/session/token', 'POST', { token: 'APP_USR-guess' }));
      expect(statuses).toEqual(new Set([401]));
      const asked = fake.apiCalls;
      expect(refused.status).toBe(429);
      expect(fake.apiCalls).toBe(asked);
      expect(asked).toBe(authRequestsPerMinute);
    } finally {
      await server.close();
      await fake.close();
    }
  });
});
