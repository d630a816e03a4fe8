import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRateBudget, localPermits, RateBudgetExceeded, type PermitSource, type Priority } from '../src/budget.ts';
import type { RateSettings } from '../../core/tokenBucket.ts';
import { openStore, type Store } from '../src/store/store.ts';
import { createUpstream } from '../src/upstream.ts';
import { dropSchema, postgresUrl, testCipher } from './helpers.ts';

const quiet = { warn: () => undefined };

/** A budget on a bucket in this process, on vitest's fake clock (Date.now and setTimeout). */
function fakeClockBudget(rate: RateSettings) {
  return createRateBudget({ source: localPermits(rate), rate, log: quiet });
}

/** Queues a call and notes, on the fake clock, when it was let go or refused. */
function queue(budget: ReturnType<typeof fakeClockBudget>, priority: Priority, account: string, order: string[], label = account) {
  const queuedAt = Date.now();
  return budget.acquire({ priority, account }).then(
    () => {
      order.push(label);
      return { label, waitedMs: Date.now() - queuedAt };
    },
    (error: unknown) => {
      if (!(error instanceof RateBudgetExceeded)) throw error;
      return { label, refusedAfterMs: Date.now() - queuedAt, retryAfter: error.retryAfterSeconds };
    },
  );
}

describe('the rate budget, on a fake clock', () => {
  beforeEach(() => void vi.useFakeTimers({ now: 0 }));
  afterEach(() => void vi.useRealTimers());

  it('lets calls go at the rate after the burst', async () => {
    const budget = fakeClockBudget({ perSecond: 4, burst: 2 });
    const order: string[] = [];
    const calls = Array.from({ length: 6 }, () => queue(budget, 'background', 'A', order));
    await vi.advanceTimersByTimeAsync(5_000);
    const waits = (await Promise.all(calls)).map((call) => ('waitedMs' in call ? call.waitedMs : -1));
    // Two at once (the burst), then one every 250 ms.
    expect(waits).toEqual([0, 0, 250, 500, 750, 1000]);
  });

  it('is fair per account: a busy account’s backlog does not hold back another account’s calls', async () => {
    const budget = fakeClockBudget({ perSecond: 10, burst: 1 });
    const order: string[] = [];
    const busy = Array.from({ length: 30 }, () => queue(budget, 'background', 'busy', order));
    await vi.advanceTimersByTimeAsync(50);
    // The other account asks once the busy one has 29 calls waiting.
    const other = [queue(budget, 'background', 'other', order, 'other-1'), queue(budget, 'background', 'other', order, 'other-2')];
    await vi.advanceTimersByTimeAsync(10_000);
    const [first, second] = await Promise.all(other);
    await Promise.all(busy);
    // Turns alternate: the other account's two calls go within its next two turns, not after the 29.
    expect(order.indexOf('other-1')).toBe(2);
    expect(order.indexOf('other-2')).toBe(4);
    // One call every 100 ms: the other account's first waits out the busy one's turn, then they alternate.
    expect(first).toEqual({ label: 'other-1', waitedMs: 150 });
    expect(second).toEqual({ label: 'other-2', waitedMs: 350 });
    expect(order.filter((label) => label === 'busy')).toHaveLength(30);
  });

  it('serves people waiting at a page first, then bulk jobs, then the background', async () => {
    const budget = fakeClockBudget({ perSecond: 10, burst: 1 });
    const order: string[] = [];
    // The burst's one permit goes to the first call, before the others are queued.
    const first = queue(budget, 'background', 'A', order, 'first');
    await vi.advanceTimersByTimeAsync(0);
    const calls = [
      queue(budget, 'background', 'A', order, 'background'),
      queue(budget, 'bulk', 'A', order, 'bulk'),
      queue(budget, 'interactive', 'B', order, 'interactive'),
      queue(budget, 'bulk', 'B', order, 'bulk'),
      queue(budget, 'interactive', 'A', order, 'interactive'),
    ];
    await vi.advanceTimersByTimeAsync(2_000);
    await Promise.all([first, ...calls]);
    expect(order).toEqual(['first', 'interactive', 'interactive', 'bulk', 'bulk', 'background']);
  });

  it('refuses at once a call that would wait 5 s or more, saying how long to wait', async () => {
    const budget = fakeClockBudget({ perSecond: 1, burst: 1 });
    const order: string[] = [];
    const calls = Array.from({ length: 8 }, (_, at) => queue(budget, 'interactive', 'A', order, `call-${at}`));
    await vi.advanceTimersByTimeAsync(10_000);
    const results = await Promise.all(calls);
    // At one a second: the first at once, the next four within 5 s, the others refused without waiting.
    expect(results.slice(0, 5).map((result) => 'waitedMs' in result && result.waitedMs)).toEqual([0, 1_000, 2_000, 3_000, 4_000]);
    expect(results.slice(5)).toEqual(['call-5', 'call-6', 'call-7'].map((label) => ({ label, refusedAfterMs: 0, retryAfter: 5 })));
  });

  it('refuses a waiting person’s call after 5 s when the marketplace paused the budget meanwhile', async () => {
    const budget = fakeClockBudget({ perSecond: 1, burst: 1 });
    const order: string[] = [];
    const first = queue(budget, 'interactive', 'A', order, 'first');
    const second = queue(budget, 'interactive', 'A', order, 'second');
    const job = queue(budget, 'bulk', 'job', order, 'job');
    await vi.advanceTimersByTimeAsync(0);
    // The second was due in a second; then a 429 asks everyone to wait 30 s.
    await budget.slowDown(30_000);
    await vi.advanceTimersByTimeAsync(40_000);
    expect(await first).toEqual({ label: 'first', waitedMs: 0 });
    // Refused at 5 s: 25 s of pause left, then a second for the emptied bucket's first permit.
    expect(await second).toEqual({ label: 'second', refusedAfterMs: 5_000, retryAfter: 26 });
    // A bulk job's call has no one waiting on it: it waits out the pause and goes with the first permit.
    expect(await job).toEqual({ label: 'job', waitedMs: 31_000 });
  });

  it('pauses every caller for the marketplace’s Retry-After, then resumes at the rate', async () => {
    const budget = fakeClockBudget({ perSecond: 10, burst: 10 });
    await budget.slowDown(3_000);
    const order: string[] = [];
    const calls = ['A', 'B', 'C'].map((account) => queue(budget, 'background', account, order));
    await vi.advanceTimersByTimeAsync(5_000);
    const waits = (await Promise.all(calls)).map((call) => ('waitedMs' in call ? call.waitedMs : -1));
    // Nothing before the pause ends; then one per 100 ms, not the burst of 10 saved up during it.
    expect(waits).toEqual([3_100, 3_200, 3_300]);
  });
});

describe('the upstream client', () => {
  let answers: number[] = [];
  const seen: number[] = [];
  const fake = createServer((_request, response) => {
    seen.push(Date.now());
    const status = answers.shift() ?? 200;
    response.writeHead(status, { 'content-type': 'application/json', ...(status === 429 && { 'retry-after': '1' }) });
    response.end(JSON.stringify({ status }));
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/items/MLA1`;
  });
  afterAll(() => new Promise((resolve) => fake.close(resolve)));

  it('slows every caller after a 429 from the marketplace, by its Retry-After', async () => {
    const rate = { perSecond: 100, burst: 100 };
    const upstream = createUpstream({
      budget: createRateBudget({ source: localPermits(rate), rate, log: quiet }),
      connectTimeoutMs: 1_000,
    });
    answers = [429];
    const refused = await upstream.call(url, { headers: {}, timeoutMs: 5_000 }, { priority: 'interactive', account: 'A' });
    expect(refused.status).toBe(429);
    const refusedAt = Date.now();
    // Another account's call, with plenty of budget left, still waits out the second the marketplace asked for.
    const other = await upstream.call(url, { headers: {}, timeoutMs: 5_000 }, { priority: 'interactive', account: 'B' });
    expect(other.status).toBe(200);
    expect(seen.at(-1)! - refusedAt).toBeGreaterThanOrEqual(950);
    await upstream.close();
  });

  it('runs `ready` once the call’s turn came, and not for a call the budget refuses', async () => {
    const rate = { perSecond: 0.1, burst: 1 };
    const upstream = createUpstream({
      budget: createRateBudget({ source: localPermits(rate), rate, log: quiet }),
      connectTimeoutMs: 1_000,
    });
    const ready: string[] = [];
    const call = (label: string) =>
      upstream.call(
        url,
        { headers: {}, timeoutMs: 5_000 },
        { priority: 'interactive', account: 'A', ready: async () => void ready.push(label) },
      );
    expect((await call('first')).status).toBe(200);
    await expect(call('second')).rejects.toBeInstanceOf(RateBudgetExceeded);
    expect(ready).toEqual(['first']);
    await upstream.close();
  });
});

const databaseUrl = await postgresUrl('rate budget');

describe.skipIf(!databaseUrl)('the rate budget shared by two instances on PostgreSQL', () => {
  const rate = { perSecond: 20, burst: 4 };
  let stores: Store[] = [];
  beforeAll(async () => {
    stores = [await openStore({ databaseUrl, dataDir: 'memory://', cipher: testCipher })];
    stores.push(await openStore({ databaseUrl, dataDir: 'memory://', cipher: testCipher }));
  });
  afterAll(async () => {
    await dropSchema(stores[0]!, databaseUrl!);
    await Promise.all(stores.map((store) => store.close()));
  });

  /** An instance's budget, counting its draws on the shared bucket. */
  function instance(store: Store) {
    const shared = store.permits(rate);
    const draws = { count: 0 };
    const source: PermitSource = {
      chunk: shared.chunk,
      take: async (wanted) => {
        const drawn = await shared.take(wanted);
        if (drawn.granted > 0) draws.count++;
        return drawn;
      },
      pause: (ms) => shared.pause(ms),
    };
    return { budget: createRateBudget({ source, rate, log: quiet }), draws };
  }

  it('holds both instances together to one rate, drawing a few permits per write', async () => {
    const [one, two] = stores.map(instance) as [ReturnType<typeof instance>, ReturnType<typeof instance>];
    const started = Date.now();
    const grants: number[] = [];
    const calls = (side: typeof one, account: string) =>
      Array.from({ length: 20 }, () =>
        side.budget.acquire({ priority: 'background', account }).then(() => void grants.push(Date.now() - started)),
      );
    await Promise.all([...calls(one, 'A'), ...calls(two, 'B')]);
    // 40 calls at 20 a second after a burst of 4: about 1.8 s together, whereas each alone at 20/s would take
    // under a second. At any moment no more went than the burst, the rate since the start, and one chunk
    // held by each instance.
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1_600);
    const chunk = stores[0]!.permits(rate).chunk;
    for (const [at, t] of grants.sort((a, b) => a - b).entries())
      expect(at + 1).toBeLessThanOrEqual(rate.burst + (t / 1000) * rate.perSecond + 2 * chunk);
    // Leases of `chunk` (4) permits: one write per few calls, not one per call.
    expect(chunk).toBe(4);
    expect(one.draws.count + two.draws.count).toBeLessThanOrEqual(40 / 2);
  });

  it('pauses the other instance too when one hears a 429', async () => {
    const [one, two] = stores.map(instance) as [ReturnType<typeof instance>, ReturnType<typeof instance>];
    await one.budget.slowDown(1_000);
    const asked = Date.now();
    await two.budget.acquire({ priority: 'interactive', account: 'B' });
    expect(Date.now() - asked).toBeGreaterThanOrEqual(900);
  });
});
