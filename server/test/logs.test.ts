import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSeller } from '../../src/demo/db/core.ts';
import { Browser, consent, oauthClient, publicUrl, startLiveWithSimulator } from './helpers.ts';

/** Secrets fed through every door of the server must not reach its log. */
describe('logs', () => {
  let live: Awaited<ReturnType<typeof startLiveWithSimulator>>;
  beforeAll(async () => {
    live = await startLiveWithSimulator();
  });
  afterAll(() => live.close());

  it('carry a request id on each line and in the response, and never tokens, cookies, codes or buyer contact', async () => {
    const { server, simulator } = live;
    const secrets: string[] = [];
    const browser = new Browser(server.url);

    // A sign-in: the code and state travel in the callback's query; tokens come back from the simulator.
    const callback = new URL(await consent(browser, { login: '/auth/login?returnTo=/credits' }), server.url);
    secrets.push(callback.searchParams.get('code')!, callback.searchParams.get('state')!);
    const signedIn = await browser.request(callback.pathname + callback.search);
    expect(signedIn.status).toBe(303);
    secrets.push(
      ...browser
        .cookieHeader()
        .split('; ')
        .map((pair) => pair.split('=')[1]!),
    );

    // A refresh, so new tokens pass through the server too, then a credit lead: buyer contact in the query, and
    // in the answer to a reveal (the door strips it from the lead's own answer).
    simulator.oauth.expireAccessTokens();
    const lead = simulator.db.creditLeads.sandbox.find((l) => l.seller_id === demoSeller.id && !l.expired)!;
    const response = await browser.request(`/api/vis/loans/${lead.id}?seller_id=${demoSeller.id}&contact=buyer%40example.com`, {
      headers: { authorization: 'Bearer APP_USR-pasted-by-the-page', 'x-sandbox': 'true' },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { buyer: unknown }).buyer).toEqual({ id: lead.buyer.id });
    const revealed = await browser.request(`/reveal/credit-leads/${lead.id}`, {
      method: 'POST',
      headers: { origin: publicUrl, 'x-seller-desk': '1', 'x-sandbox': 'true' },
    });
    const buyer = (await revealed.json()) as { full_name: string; email: string; phone: string };
    expect(buyer.email).toBe(lead.buyer.email);
    secrets.push(
      ...simulator.db.accessTokens.keys(),
      'APP_USR-pasted-by-the-page',
      'buyer@example.com',
      'buyer%40example.com',
      buyer.full_name,
      buyer.email,
      buyer.phone,
    );

    // A personal token posted by Settings, refused by the marketplace.
    await browser.write('/session/token', 'POST', { token: 'APP_USR-personal-secret' });
    secrets.push('APP_USR-personal-secret', oauthClient.secret);

    const requestId = response.headers.get('x-request-id');
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
