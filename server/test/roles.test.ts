import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, serverRoutes } from '../../core/permissions.ts';
import { can, permissionsOf, roles, type Permission, type Role } from '../../core/roles.ts';
import { demoSeller, otherSeller } from '../../src/demo/db/core.ts';
import { startFakeMarketplace, type FakeMarketplace } from './fake-marketplace.ts';
import { openStore, type Store } from '../src/store/store.ts';
import {
  Browser,
  dropSchema,
  liveEnv,
  openEvents,
  signIn,
  startLiveWithSimulator,
  startServer,
  storeEngines,
  teammate,
  testCipher,
  type TestServer,
} from './helpers.ts';

interface Refusal {
  error: string;
  message: string;
  role?: string;
  lacks?: string;
}
interface SessionAnswer {
  accounts: { id: string; role: string; active: boolean }[];
  activeAccountId: string | null;
  permissions: string[];
}

/** A path of the table made concrete: each `:name` segment filled in (a site where a site goes). */
const concrete = (pattern: string) => pattern.replace(/:(\w+)/g, (_, name: string) => (name === 'site' ? 'MLA' : 'X1'));
const isPermission = (needs: string): needs is Permission => !['member', 'person', 'public'].includes(needs);

function call(browser: Browser, method: string, path: string, headers: Record<string, string> = {}) {
  if (method === 'GET') return browser.request(path, { headers });
  return browser.request(path, {
    method,
    headers: { origin: 'http://seller-desk.test', 'x-seller-desk': '1', 'content-type': 'application/json', ...headers },
    body: '{}',
  });
}

describe.each(await storeEngines('roles tests'))(
  'roles at the door (every path of core/permissions.ts × every role) on $name',
  ({ databaseUrl }) => {
    let fake: FakeMarketplace;
    let store: Store;
    let server: TestServer;
    const people = {} as Record<Role, Browser>;

    beforeAll(async () => {
      fake = await startFakeMarketplace();
      store = await openStore({ databaseUrl, dataDir: 'memory://', cipher: testCipher });
      server = await startServer(liveEnv(fake.url), { store });
      people.owner = new Browser(server.url);
      expect((await people.owner.write('/session/token', 'POST', { token: fake.token })).status).toBe(200);
      for (const role of roles.filter((r) => r !== 'owner')) people[role] = await teammate(people.owner, server.url, role);
    });
    afterAll(async () => {
      await server.close();
      if (databaseUrl) await dropSchema(store, databaseUrl);
      await store.close();
      await fake.close();
    });

    it('tells each person their role and permissions on the active account', async () => {
      for (const role of roles) {
        const session = (await (await people[role].request('/session')).json()) as SessionAnswer;
        expect(session.accounts).toEqual([expect.objectContaining({ id: '123456789', role, active: true })]);
        expect(session.permissions).toEqual(permissionsOf(role));
      }
    });

    const apiCases = apiRoutes.flatMap((route) => roles.map((role) => [route.method, route.path, route.needs, role] as const));
    it.each(apiCases)('%s /api%s (%s) as %s', async (method, path, needs, role) => {
      const before = fake.apiCalls;
      const response = await call(people[role], method, `/api${concrete(path)}`);
      if (!isPermission(needs) || can(role, needs)) {
        expect(response.status).toBe(200);
        // Reached the marketplace (a stock write after a read of the stock before it, for the audit trail).
        expect(fake.apiCalls).toBeGreaterThan(before);
        return;
      }
      expect(response.status).toBe(403);
      const body = (await response.json()) as Refusal;
      expect(body).toEqual({
        error: 'forbidden',
        message: expect.stringMatching(/^Your role, .+, does not include .+/),
        role,
        lacks: needs,
      });
      // Refused at the door: nothing reached the marketplace.
      expect(fake.apiCalls).toBe(before);
    });

    it.each(roles)('refuses a marketplace path the table does not name to %s unless an owner', async (role) => {
      const before = fake.apiCalls;
      const response = await call(people[role], 'POST', '/api/items');
      if (role === 'owner') {
        expect(response.status).toBe(200);
        return;
      }
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: 'forbidden', role, lacks: 'unlisted' });
      expect(fake.apiCalls).toBe(before);
    });

    const serverCases = serverRoutes
      .filter((route) => isPermission(route.needs))
      .flatMap((route) => roles.map((role) => [route.method, route.path, route.needs as Permission, role] as const));
    it.each(serverCases)('%s %s (%s) as %s', async (method, path, needs, role) => {
      const response = await call(people[role], method, concrete(path));
      const text = await response.text();
      if (can(role, needs)) expect(text).not.toContain('"lacks"');
      else {
        expect(response.status).toBe(403);
        expect(JSON.parse(text)).toMatchObject({ error: 'forbidden', role, lacks: needs });
      }
    });

    it('refuses a request naming an account the person is not a member of, before the marketplace', async () => {
      // Only these requests' own calls: an export job started above may still be reading the catalog meanwhile.
      const before = fake.requests.length;
      for (const role of roles) {
        const response = await call(people[role], 'GET', '/api/users/me', { 'x-seller-account': '999' });
        expect(response.status).toBe(403);
        expect(await response.json()).toMatchObject({ error: 'not_member' });
        const reveal = await call(people[role], 'GET', '/audit', { 'x-seller-account': '999' });
        expect(reveal.status).toBe(403);
      }
      expect(fake.requests.slice(before).filter((request) => request.startsWith('GET /users/me'))).toEqual([]);
    });
  },
);

describe('across accounts, over the simulator', () => {
  let live: Awaited<ReturnType<typeof startLiveWithSimulator>>;
  let owner: Browser;

  beforeAll(async () => {
    live = await startLiveWithSimulator();
    owner = new Browser(live.server.url);
    await signIn(owner);
    await signIn(owner, 'OTRO_VENDEDOR', '/auth/login?add=1');
  });
  afterAll(() => live.close());

  it("uses the token of the account x-seller-account names, the active one's without it", async () => {
    const session = (await (await owner.request('/session')).json()) as SessionAnswer;
    expect(session.activeAccountId).toBe(String(otherSeller.id));
    const me = async (headers: Record<string, string> = {}) =>
      ((await (await owner.request('/api/users/me', { headers })).json()) as { nickname: string }).nickname;
    expect(await me()).toBe(otherSeller.nickname);
    expect(await me({ 'x-seller-account': String(demoSeller.id) })).toBe(demoSeller.nickname);
  });

  it("never lets a refused write reach the simulator: an answerer's stock PUT", async () => {
    const answerer = await teammate(owner, live.server.url, 'answerer');
    const [userProductId] = [...live.simulator.db.stock.userProducts.keys()];
    const requests = live.simulator.db.traffic.requests;
    const response = await answerer.request(`/api/user-products/${userProductId}/stock/type/selling_address`, {
      method: 'PUT',
      headers: { origin: 'http://seller-desk.test', 'x-seller-desk': '1', 'content-type': 'application/json', 'x-version': '1' },
      body: JSON.stringify({ quantity: 1 }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: 'forbidden',
      message: 'Your role, Answerer, does not include stock changes',
      role: 'answerer',
      lacks: 'stock.write',
    });
    expect(live.simulator.db.traffic.requests).toBe(requests);
    expect(live.simulator.db.traffic.writes).toEqual({});
  });

  it("sends a lead review of any of the person's accounts to their open streams, not only the active account's", async () => {
    const stream = await openEvents(live.server.url, owner.cookieHeader());
    const saved = await owner.request('/lead-reviews/lead-of-tienda', {
      method: 'PUT',
      headers: {
        origin: 'http://seller-desk.test',
        'x-seller-desk': '1',
        'content-type': 'application/json',
        'x-seller-account': String(demoSeller.id),
      },
      body: JSON.stringify({ status: 'interested' }),
    });
    expect(saved.status).toBe(200);
    // The active account is OTRO_VENDEDOR's: the review is of TIENDA_DEMO's lead, and arrives all the same.
    expect(await stream.nextReview()).toMatchObject({ leadId: 'lead-of-tienda', status: 'interested', accountId: String(demoSeller.id) });
    stream.close();
  });
});
