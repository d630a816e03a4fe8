import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMarketplace, type FakeMarketplace } from './fake-marketplace.ts';
import { Browser, liveEnv, startServer, type TestServer } from './helpers.ts';

/** Secrets fed through every door of the server must not reach its log. */
describe('logs', () => {
  let fake: FakeMarketplace;
  let server: TestServer;
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

  it('carry a request id on each line and in the response, and never tokens, cookies, codes or buyer contact', async () => {
    const secrets: string[] = [];
    const browser = new Browser(server.url);

    // A sign-in: the code and state travel in the callback's query; tokens come back from the fake.
    const login = await browser.request('/auth/login?returnTo=/credits');
    const consent = await fetch(login.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    secrets.push(callback.searchParams.get('code')!, callback.searchParams.get('state')!);
    const signedIn = await browser.request(callback.pathname + callback.search);
    expect(signedIn.status).toBe(303);
    secrets.push(
      ...browser
        .cookieHeader()
        .split('; ')
        .map((pair) => pair.split('=')[1]!),
    );

    // A refresh, so new tokens pass through the server too.
    fake.expireAccessTokens();
    const lead = await browser.request('/api/vis/loans/CRED-1?contact=buyer%40example.com', {
      headers: { authorization: 'Bearer APP_USR-pasted-by-the-page', 'x-sandbox': 'true' },
    });
    expect(lead.status).toBe(200);
    const echo = (await lead.json()) as { headers: Record<string, string> };
    secrets.push(
      echo.headers.authorization!.replace('Bearer ', ''),
      'APP_USR-pasted-by-the-page',
      'buyer@example.com',
      'buyer%40example.com',
    );

    // A personal token posted by Settings, refused by the marketplace.
    await browser.write('/session/token', 'POST', { token: 'APP_USR-personal-secret' });
    secrets.push('APP_USR-personal-secret', fake.clientSecret);

    const requestId = lead.headers.get('x-request-id');
    const log = server.logs();
    const lines = log
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { reqId?: string; msg: string });
    expect(lines.some((line) => line.reqId === requestId)).toBe(true);
    for (const line of lines.filter((l) => !l.msg.startsWith('Server listening'))) {
      expect(line.reqId, line.msg).toBeTruthy();
    }
    for (const secret of secrets) expect(log, `the log holds ${secret.slice(0, 12)}…`).not.toContain(secret);
    expect(log).not.toMatch(/APP_USR-|TG-|Bearer /);
  });
});
