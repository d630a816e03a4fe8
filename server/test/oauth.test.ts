import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoSeller, otherSeller } from '../../src/demo/db/core.ts';
import { serverSessionSchema } from '../../src/api/session.ts';
import { authRequestsPerMinute } from '../src/auth.ts';
import { Browser, consent, publicUrl, signIn, simulatorEnv, startLiveWithSimulator, startServer } from './helpers.ts';

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
      accounts: [{ ...demoAccount, active: true, unread: 0 }],
      activeAccountId: demoAccount.id,
    });
    expect(JSON.stringify(session)).not.toMatch(/APP_USR|TG-/);
    // The person signed in, owner of their own seller account (docs/teams.md).
    const raw = (await (await browser.request('/session')).json()) as Record<string, unknown>;
    expect(raw).toMatchObject({
      person: { name: demoSeller.nickname, methods: ['marketplace'] },
      accounts: [{ id: demoAccount.id, role: 'owner', needsSignIn: false }],
    });
    expect(raw.permissions).toEqual(expect.arrayContaining(['team.manage', 'account.disconnect']));

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
    expect(html).toContain('<html lang="es">');
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
  it('are rate limited per address, the refusal carrying the security headers', async () => {
    const { server, close } = await startLiveWithSimulator();
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
      await close();
    }
  });
});
