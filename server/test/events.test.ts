import { get, type IncomingMessage } from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamsPerSession } from '../src/activity.ts';
import { createCipher, deriveKey } from '../src/secrets.ts';
import { openStore, type Store } from '../src/store/store.ts';
import {
  Browser,
  dropSchema,
  openEvents,
  postgresUrl,
  sessionSecret,
  signIn,
  simulatorEnv,
  startServer,
  startSimulator,
  waitFor,
  type Simulator,
  type TestServer,
} from './helpers.ts';

/** The limits and faults of `GET /events` and `/activity` (the entries themselves: notifications.test.ts). */

const sellerId = '202593498'; // TIENDA_DEMO, the simulator's demo seller
const signedOut = { error: 'signed_out', message: 'Sign in to continue' };
const cipher = createCipher(deriveKey(sessionSecret, 'token-encryption'));

/** Stores activity entries for the demo seller as the worker would, `factBytes` of facts each; answers their ids. */
async function storeEntries(store: Store, count: number, factBytes = 10): Promise<string[]> {
  const rows = await store.db
    .insertInto('activity')
    .values(
      Array.from({ length: count }, (_, i) => ({
        account_id: sellerId,
        topic: 'questions',
        kind: 'question',
        resource: `/questions/${i + 1}`,
        subject: JSON.stringify({ questionId: i + 1 }),
        facts: JSON.stringify({ status: 'UNANSWERED', note: 'x'.repeat(factBytes) }),
      })),
    )
    .returning(sql<string>`id::text`.as('id'))
    .execute();
  return rows.map((row) => row.id);
}

/** `GET /events` for an answer that is not a stream. */
const refusedStream = (server: TestServer, browser: Browser) =>
  fetch(`${server.url}/events`, { headers: { cookie: browser.cookieHeader() } });

const publish = async (store: Store, ids: string[]) => {
  for (const id of ids) await store.bus.publish({ kind: 'entry', id });
};

describe('activity streams (PGlite)', () => {
  let simulator: Simulator;
  let store: Store;
  let server: TestServer;
  beforeAll(async () => {
    simulator = await startSimulator();
    store = await openStore({ dataDir: 'memory://', cipher });
    server = await startServer(simulatorEnv(simulator), { store });
  });
  afterAll(async () => {
    await server.close();
    await store.close();
    await simulator.close();
  });

  const signedIn = async () => {
    const browser = new Browser(server.url);
    await signIn(browser);
    return browser;
  };

  it(`lets a session keep ${streamsPerSession} streams open, refuses one more with 429, and takes it once one closes`, async () => {
    const browser = await signedIn();
    const open = () => openEvents(server.url, browser.cookieHeader());
    const streams = await Promise.all(Array.from({ length: streamsPerSession }, open));
    expect(streams.map((stream) => stream.response.status)).toEqual(Array(streamsPerSession).fill(200));
    const refused = await refusedStream(server, browser);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: 'too_many_streams' });
    // Another session of the same seller counts its own.
    const other = await openEvents(server.url, (await signedIn()).cookieHeader());
    expect(other.response.status).toBe(200);

    streams.shift()!.close();
    const again = await waitFor(async () => {
      const attempt = await open();
      if (attempt.response.status === 200) return attempt;
      attempt.close();
      return undefined;
    });
    for (const stream of [...streams, other, again]) stream.close();
  });

  it('drops a stream whose client does not read once what waits for it passes the bound, freeing its place', async () => {
    const browser = await signedIn();
    // A client that never reads: the server's writes pile up behind the socket's buffers.
    const stalled = await new Promise<IncomingMessage>((resolve, reject) =>
      get(`${server.url}/events`, { headers: { cookie: browser.cookieHeader() } }, resolve).on('error', reject),
    );
    expect(stalled.statusCode).toBe(200);
    // 13 MB of entries, far past what the kernel's buffers on both ends take in.
    await publish(store, await storeEntries(store, 200, 64 * 1024));
    await waitFor(async () => (server.logs().includes('event stream dropped: the client does not read') ? true : undefined));
    const streams = await Promise.all(Array.from({ length: streamsPerSession }, () => openEvents(server.url, browser.cookieHeader())));
    expect(streams.map((stream) => stream.response.status)).toEqual(Array(streamsPerSession).fill(200));
    for (const stream of streams) stream.close();
    stalled.destroy();
  });

  it('remembers what it sent only while it catches up: memory per stream does not grow with what it sends', async () => {
    const browser = await signedIn();
    const [first, ...rest] = await storeEntries(store, 3);
    const events = await openEvents(server.url, browser.cookieHeader(), String(BigInt(first!) - 1n));
    for (const id of [first, ...rest]) expect((await events.next()).id).toBe(id);
    // The same id published again (which the worker never does) goes out: the stream kept no list of ids.
    await publish(store, [first!]);
    expect((await events.next()).id).toBe(first);
    events.close();
  });

  it('ends the streams and the activity of an account whose fresh token the marketplace refuses', async () => {
    const browser = await signedIn();
    const events = await openEvents(server.url, browser.cookieHeader());
    expect((await browser.request('/activity')).status).toBe(200);
    // The API refuses the token, and again the one the refresh gave: it no longer accepts this account.
    simulator.oauth.tokenCalls.length = 0;
    simulator.db.config.failures.push({ method: 'GET', path: '^/users/me$', times: 2, status: 401 });
    const refused = await browser.request('/api/users/me');
    expect(simulator.oauth.tokenCalls).toEqual([{ grant_type: 'refresh_token' }]);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual(signedOut);
    await events.ended(5_000);
    const activity = await browser.request('/activity');
    expect(activity.status).toBe(401);
    expect(await activity.json()).toEqual(signedOut);
    expect((await refusedStream(server, browser)).status).toBe(401);
    expect(server.logs()).toContain('"reason":"the marketplace refused a fresh token"');
  });
});

const databaseUrl = await postgresUrl('activity bus tests');

describe.skipIf(!databaseUrl)('the activity bus on PostgreSQL', () => {
  let simulator: Simulator;
  let store: Store;
  let server: TestServer;
  beforeAll(async () => {
    simulator = await startSimulator();
    store = await openStore({ databaseUrl, dataDir: 'memory://', cipher });
    server = await startServer(simulatorEnv(simulator), { store });
  });
  afterAll(async () => {
    await server.close();
    await dropSchema(store, databaseUrl!);
    await store.close();
    await simulator.close();
  });

  it('listens again after its connection is killed, and says it is down meanwhile (/readyz, /events)', async () => {
    const browser = new Browser(server.url);
    await signIn(browser);
    const events = await openEvents(server.url, browser.cookieHeader());
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    const schema = new URL(databaseUrl!).searchParams.get('options')!.split('=')[1]!;
    const { rows } = await sql<{ killed: boolean }>`
      select pg_terminate_backend(pid) as killed from pg_stat_activity where query = ${`listen "seller_desk_activity:${schema}"`}
    `.execute(store.db);
    expect(rows).toEqual([{ killed: true }]);

    // Its open stream would hear nothing now: it ends, and until the bus is back a new one is refused.
    await events.ended(5_000);
    const notReady = await fetch(`${server.url}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({
      error: 'not_ready',
      message: expect.stringContaining('activity bus is down') as unknown,
    });
    expect((await refusedStream(server, browser)).status).toBe(503);

    await waitFor(async () => ((await fetch(`${server.url}/readyz`)).status === 200 ? true : undefined));
    const resumed = await openEvents(server.url, browser.cookieHeader());
    const [id] = await storeEntries(store, 1);
    await publish(store, [id!]);
    expect((await resumed.next()).id).toBe(id);
    resumed.close();
    expect(server.logs()).toContain('activity bus listening again');
  });
});
