import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSeller } from '../../src/demo/db/core.ts';
import { headLocations, headVersion, itemsOfUserProduct, type UserProductRecord } from '../../src/demo/db/stock.ts';
import type { ReadResult } from '../../core/stockLocations.ts';
import type { StockJobPorts, WriteResult } from '../../core/stockJob.ts';
import { checkLowStock, reportingWrites } from '../src/lowStock.ts';
import type { Store } from '../src/store/store.ts';
import {
  Browser,
  insertSellerAccount,
  json,
  startOwnedServer,
  storeEngines,
  teammate,
  twoInstances,
  type Simulator,
  type TestServer,
} from './helpers.ts';

const lowStockEntries = async (store: Store, accountId: string) =>
  (await store.activity.entries(accountId, ['stock'], { limit: 50 })).filter((entry) => entry.facts.lowStock === true);

describe.each(await storeEngines('low-stock tests'))('low-stock alerts on $name', ({ databaseUrl }) => {
  let simulator: Simulator;
  let store: Store;
  let server: TestServer;
  let owner: Browser;
  let stockKeeper: Browser;
  let viewer: Browser;
  let close: () => Promise<void>;
  const accountId = String(demoSeller.id);

  beforeAll(async () => {
    ({ simulator, store, server, owner, close } = await startOwnedServer(databaseUrl));
    stockKeeper = await teammate(owner, server.url, 'stock_keeper', 'Sol');
    viewer = await teammate(owner, server.url, 'viewer', 'Vera');
  });
  afterAll(() => close());

  /** A user product of the demo seller's kept at the selling address, which a write sets (its facility stock stays). */
  const atSellingAddress = (skip: string[] = []) =>
    [...simulator.db.stock.userProducts.values()].find(
      (p) =>
        p.user_id === demoSeller.id &&
        !p.fullInboundNeeded &&
        !skip.includes(p.id) &&
        p.locations.some((l) => l.type === 'selling_address') &&
        itemsOfUserProduct(simulator.db.items, p.id).length > 0 &&
        itemsOfUserProduct(simulator.db.items, p.id).every(
          (item) => item.inventory_id && !simulator.db.stock.fulfillmentOnlyItems.has(item.id),
        ),
    )!;

  /** What the write leaves elsewhere than at the selling address (the facility's stock). */
  const elsewhere = (product: UserProductRecord) =>
    headLocations(product)
      .filter((l) => l.type !== 'selling_address')
      .reduce((sum, l) => sum + l.quantity, 0);

  /** A write through the API door, as the stock page makes it (on the version the next write builds on), leaving `total` in all. */
  const write = (browser: Browser, product: UserProductRecord, total: number) =>
    browser.request(`/api/user-products/${product.id}/stock/type/selling_address`, {
      method: 'PUT',
      headers: {
        origin: 'http://seller-desk.test',
        'x-seller-desk': '1',
        'content-type': 'application/json',
        'x-version': String(headVersion(product)),
      },
      body: JSON.stringify({ quantity: total - elsewhere(product) }),
    });

  it('lets whoever writes stock set a threshold, owners and managers the default, and everyone who reads stock see them', async () => {
    const product = atSellingAddress();
    expect((await stockKeeper.write(`/low-stock/user-products/${product.id}`, 'PUT', { threshold: 4 })).status).toBe(200);
    expect((await viewer.write(`/low-stock/user-products/${product.id}`, 'PUT', { threshold: 9 })).status).toBe(403);
    expect((await stockKeeper.write('/low-stock/default', 'PUT', { threshold: 2 })).status).toBe(403);
    const bad = await owner.write(`/low-stock/user-products/${product.id}`, 'PUT', { threshold: -1 });
    expect(bad.status).toBe(400);
    expect((await owner.write('/low-stock/default', 'PUT', { threshold: 1.5 })).status).toBe(400);
    expect((await owner.write('/low-stock/default', 'PUT', { threshold: 2 })).status).toBe(200);
    expect(await json(viewer.request('/low-stock'))).toEqual({
      accountDefault: 2,
      userProducts: [{ userProductId: product.id, threshold: 4 }],
    });
    // The default kept next to the response-time target leaves the target as it was.
    expect(await json(viewer.request('/account/settings'))).toMatchObject({ targetMinutes: 60 });
    await owner.write(`/low-stock/user-products/${product.id}`, 'PUT', { threshold: null });
    await owner.write('/low-stock/default', 'PUT', { threshold: null });
    expect(await json(viewer.request('/low-stock'))).toEqual({ accountDefault: null, userProducts: [] });
  });

  it('says so once when a write through the door brings the total to the threshold, and again after it rose above', async () => {
    const product = atSellingAddress();
    const base = elsewhere(product);
    const threshold = base + 5;
    await owner.write(`/low-stock/user-products/${product.id}`, 'PUT', { threshold });
    const before = (await lowStockEntries(store, accountId)).length;

    expect((await write(stockKeeper, product, threshold)).status).toBe(204);
    const [entry] = await lowStockEntries(store, accountId);
    expect(entry).toMatchObject({
      kind: 'stock',
      resource: `/user-products/${product.id}/stock`,
      subject: { userProductId: product.id },
      facts: { lowStock: true, total: threshold, threshold },
    });
    expect(await lowStockEntries(store, accountId)).toHaveLength(before + 1);

    expect((await write(stockKeeper, product, base + 2)).status).toBe(204);
    expect(await lowStockEntries(store, accountId)).toHaveLength(before + 1);

    expect((await write(owner, product, threshold + 3)).status).toBe(204);
    expect(await lowStockEntries(store, accountId)).toHaveLength(before + 1);
    expect((await write(owner, product, threshold - 1)).status).toBe(204);
    const entries = await lowStockEntries(store, accountId);
    expect(entries).toHaveLength(before + 2);
    expect(entries[0]).toMatchObject({ facts: { total: threshold - 1, threshold } });
  });

  it("uses the account's default for a user product without a threshold of its own, and none without either", async () => {
    const product = atSellingAddress([atSellingAddress().id]);
    const base = elsewhere(product);
    const before = (await lowStockEntries(store, accountId)).length;
    expect((await write(owner, product, base)).status).toBe(204);
    expect(await lowStockEntries(store, accountId)).toHaveLength(before);
    await write(owner, product, base + 20);
    await owner.write('/low-stock/default', 'PUT', { threshold: base + 3 });
    expect((await write(owner, product, base + 3)).status).toBe(204);
    const [entry] = await lowStockEntries(store, accountId);
    expect(entry).toMatchObject({ subject: { userProductId: product.id }, facts: { total: base + 3, threshold: base + 3 } });
    await owner.write('/low-stock/default', 'PUT', { threshold: null });
  });
});

describe.each(await storeEngines('low-stock tests'))('a low-stock crossing seen by two instances on $name', ({ databaseUrl }) => {
  const setup = twoInstances(databaseUrl);
  const quiet = () => undefined;

  it('makes one entry, whichever instance sees it first', async () => {
    const [first, second] = setup.stores;
    const accountId = '900';
    await insertSellerAccount(first, { id: accountId, nickname: 'S900' });
    await first.lowStock.setThreshold(accountId, 'MLAU1', 10);
    const change = { accountId, userProductId: 'MLAU1', total: 7 };
    await Promise.all([checkLowStock(first, change, quiet), checkLowStock(second, change, quiet), checkLowStock(first, change, quiet)]);
    expect(await lowStockEntries(first, accountId)).toHaveLength(1);
  });
});

describe("a bulk job's writes", () => {
  it('are reported with the total they leave, counted from the read they were based on; refused ones are not', async () => {
    const stock = {
      locations: [
        { type: 'selling_address', quantity: 9 },
        { type: 'meli_facility', quantity: 2 },
      ],
      version: '7',
    };
    const answers: WriteResult[] = [{ kind: 'ok' }, { kind: 'conflict' }, { kind: 'ok' }];
    const reported: [string, number][] = [];
    const marketplace: Pick<StockJobPorts, 'readStock' | 'writeStock'> = {
      readStock: async (): Promise<ReadResult> => ({ kind: 'ok', stock }),
      writeStock: async () => answers.shift()!,
    };
    const ports = reportingWrites(marketplace, async (userProductId, total) => void reported.push([userProductId, total]));
    await ports.readStock('U1');
    await ports.writeStock('U1', 'selling_address', { quantity: 3 }, '7');
    await ports.writeStock('U1', 'selling_address', { quantity: 1 }, '7');
    // Not the version read: what it leaves is not known from here (the stock notification tells).
    await ports.writeStock('U1', 'selling_address', { quantity: 1 }, '8');
    expect(reported).toEqual([['U1', 5]]);
  });
});
