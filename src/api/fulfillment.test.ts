import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { configureClient, request } from './client';
import {
  dateRangeProblem,
  getFulfillmentStock,
  isoDate,
  operationsPageSchema,
  operationTypes,
  searchOperationInventories,
  searchOperations,
  type Operation,
  type OperationsSearch,
  type OperationType,
} from './fulfillment';
import { driftRecords } from './drift';
import { createDb, demoSeller, otherSeller, otherSellerInventoryId, resetDb, server, testDb, apiPath } from '../test/demo';
import { reshapeGet } from '../test/http';
import { allReadable, changeElement } from '../test/readable';

const dayMs = 24 * 3600_000;
const sellerId = demoSeller.id;

function ownInventoryIds(): string[] {
  return [...testDb().fulfillment.inventories.values()].filter((inv) => inv.seller_id === sellerId).map((inv) => inv.inventory_id);
}

/** Every page of a search, following the scroll until it is empty or null. */
async function searchAll(search: OperationsSearch): Promise<Operation[]> {
  const all: Operation[] = [];
  let scroll: string | null | undefined = null;
  do {
    const page = await searchOperations({ ...search, scroll });
    all.push(...allReadable(page.results));
    scroll = page.paging.scroll;
  } while (scroll);
  return all;
}

/** 60-day windows reaching back over the whole seeded history (120 days). */
function windows(): { dateFrom: string; dateTo: string }[] {
  const now = Date.now();
  return [0, 1, 2].map((i) => ({ dateFrom: isoDate(now - (i + 1) * 60 * dayMs + (i ? dayMs : 0)), dateTo: isoDate(now - i * 60 * dayMs) }));
}

const sum = (detail: { quantity: number }[]) => detail.reduce((total, d) => total + d.quantity, 0);

describe('fulfillment simulator seed', () => {
  it('keeps total = available + not_available = available + Σ not_available_detail after every operation', () => {
    for (const op of testDb().fulfillment.operations) {
      expect(op.result.total).toBe(op.result.available_quantity + op.result.not_available_quantity);
      expect(op.result.not_available_quantity).toBe(sum(op.result.not_available_detail));
      expect(op.result.available_quantity).toBeGreaterThanOrEqual(0);
      expect(op.result.not_available_detail.every((d) => d.quantity > 0)).toBe(true);
    }
  });

  it("makes every operation's result the previous result plus its detail", () => {
    for (const inventory of testDb().fulfillment.inventories.values()) {
      let available = 0;
      const notAvailable = new Map<string, number>();
      for (const op of inventory.operations) {
        available += op.detail.available_quantity;
        for (const d of op.detail.not_available_detail ?? []) notAvailable.set(d.status, (notAvailable.get(d.status) ?? 0) + d.quantity);
        expect(op.detail.not_available_quantity).toBe(sum(op.detail.not_available_detail ?? []));
        expect(op.result.available_quantity).toBe(available);
        expect(Object.fromEntries(op.result.not_available_detail.map((d) => [d.status, d.quantity]))).toEqual(
          Object.fromEntries([...notAvailable].filter(([, q]) => q !== 0)),
        );
      }
    }
  });

  it('covers every operation type of every group, with thousands of operations in the default seed', () => {
    const ops = testDb().fulfillment.operations;
    expect(ops.length).toBeGreaterThanOrEqual(2000);
    expect(new Set(ops.map((op) => op.type.toLowerCase()))).toEqual(new Set(operationTypes));
    const dates = ops.map((op) => op.date_created);
    expect([...dates].sort()).toEqual(dates);
  });

  it('builds the large seed with at least 20,000 operations, all types, in well under 2 seconds', () => {
    const started = performance.now();
    const db = createDb('large');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(db.fulfillment.operations.length).toBeGreaterThanOrEqual(20_000);
    expect(new Set(db.fulfillment.operations.map((op) => op.type.toLowerCase()))).toEqual(new Set(operationTypes));
  });

  it('gives every fulfillment item of the seller an inventory that references it, and one inventory to another seller', () => {
    const db = testDb();
    for (const item of db.items.values()) {
      if (!item.inventory_id || item.seller_id !== sellerId) continue;
      expect(db.fulfillment.inventories.get(item.inventory_id)?.external_references.map((r) => r.id)).toContain(item.id);
    }
    expect(db.fulfillment.inventories.get(otherSellerInventoryId)?.seller_id).toBe(otherSeller.id);
  });
});

describe('GET /inventories/{id}/stock/fulfillment', () => {
  it('answers the result of the last operation, adding up (total = available + not available = Σ detail)', async () => {
    for (const id of ownInventoryIds()) {
      const stock = await getFulfillmentStock(id);
      const last = testDb().fulfillment.inventories.get(id)!.operations.at(-1)!;
      expect(stock).toMatchObject({ inventory_id: id, ...last.result });
      expect(stock.total).toBe(stock.available_quantity + stock.not_available_quantity);
      expect(stock.not_available_quantity).toBe(sum(stock.not_available_detail));
      expect(stock.external_references.length).toBeGreaterThan(0);
    }
  });

  it('answers 404 seller_product_not_found for an unknown inventory', async () => {
    await expect(getFulfillmentStock('NOPE0000')).rejects.toMatchObject({ status: 404, error: 'seller_product_not_found' });
  });

  it("answers 403 forbidden for another seller's inventory", async () => {
    await expect(getFulfillmentStock(otherSellerInventoryId)).rejects.toMatchObject({ status: 403, error: 'forbidden' });
  });

  it('answers 400 validation_error for an invalid seller product id', async () => {
    await expect(getFulfillmentStock('bad id!')).rejects.toMatchObject({ status: 400, error: 'validation_error' });
  });

  it('answers 401 unauthorized without a token', async () => {
    configureClient({ getToken: () => '' });
    await expect(getFulfillmentStock(ownInventoryIds()[0]!)).rejects.toMatchObject({ status: 401, error: 'unauthorized' });
  });
});

describe('GET /stock/fulfillment/operations/search', () => {
  it('requires seller_id (400 validation_error)', async () => {
    await expect(searchOperations({ sellerId: undefined as unknown as number })).rejects.toMatchObject({
      status: 400,
      error: 'validation_error',
      message: 'seller_id is required',
    });
  });

  it('answers 403 forbidden when seller_id is not the caller', async () => {
    await expect(searchOperations({ sellerId: otherSeller.id })).rejects.toMatchObject({ status: 403, error: 'forbidden' });
  });

  it('defaults the range to 15 days back through today, newest first, pages of 1000', async () => {
    const page = await searchOperations({ sellerId });
    // Spec "Limits": "default start 15 days back" (through the current date).
    const [from, to] = [isoDate(Date.now() - 15 * 86_400_000), isoDate(Date.now())];
    expect(page.filters).toEqual(
      expect.arrayContaining([
        { id: 'date_from', name: 'Date from', values: [from] },
        { id: 'date_to', name: 'Date to', values: [to] },
      ]),
    );
    expect(page.paging.limit).toBe(1000);
    expect(page.sort).toBe('date_created:desc');
    expect(page.results.length).toBeGreaterThan(0);
    for (const op of allReadable(page.results)) expect(op.date_created >= from).toBe(true);
    const dates = allReadable(page.results).map((op) => op.date_created);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('refuses a date range larger than 60 days', async () => {
    await expect(searchOperations({ sellerId, dateFrom: '2026-01-01', dateTo: '2026-03-12' })).rejects.toMatchObject({
      status: 400,
      error: 'validation_error',
      message: 'date range larger than 60 days',
    });
    await expect(searchOperations({ sellerId, dateFrom: '2026-01-01', dateTo: '2026-03-02' })).resolves.toBeTruthy();
  });

  it('refuses date_from not before date_to, and malformed dates', async () => {
    await expect(searchOperations({ sellerId, dateFrom: '2026-03-02', dateTo: '2026-03-02' })).rejects.toMatchObject({
      status: 400,
      message: 'date_from must be before date_to',
    });
    await expect(searchOperations({ sellerId, dateFrom: '2026-02-30', dateTo: '2026-03-02' })).rejects.toMatchObject({
      status: 400,
      error: 'validation_error',
    });
    expect(dateRangeProblem('', '2026-03-02')).toBe('missing');
  });

  it('refuses an invalid type and accepts a valid one in any case', async () => {
    await expect(searchOperations({ sellerId, type: 'teleport' as OperationType })).rejects.toMatchObject({
      status: 400,
      error: 'validation_error',
    });
    const lower = await request('/stock/fulfillment/operations/search', {
      schema: operationsPageSchema,
      query: { seller_id: sellerId, type: 'sale_confirmation' },
    });
    const upper = await searchOperations({ sellerId, type: 'sale_confirmation' });
    expect(lower.data.paging.total).toBe(upper.paging.total);
    expect(allReadable(upper.results).every((op) => op.type === 'SALE_CONFIRMATION')).toBe(true);
  });

  it('accepts limit 1..1000 and refuses 0 and 1001', async () => {
    await expect(searchOperations({ sellerId, limit: 0 })).rejects.toMatchObject({ status: 400, error: 'validation_error' });
    await expect(searchOperations({ sellerId, limit: 1001 })).rejects.toMatchObject({ status: 400, error: 'validation_error' });
    expect((await searchOperations({ sellerId, limit: 1 })).results).toHaveLength(1);
  });

  it('sorts by date_created:asc or :desc (the chosen sort format) and refuses other sorts', async () => {
    const asc = await searchOperations({ sellerId, sort: 'date_created:asc', limit: 50 });
    const dates = allReadable(asc.results).map((op) => op.date_created);
    expect(dates).toEqual([...dates].sort());
    expect(asc.sort).toBe('date_created:asc');
    await expect(searchOperations({ sellerId, sort: 'price:asc' as 'date_created:asc' })).rejects.toMatchObject({
      status: 400,
      error: 'validation_error',
    });
  });

  it('accepts inventory_id (the name of the examples) as well as seller_product_id', async () => {
    const [id] = ownInventoryIds();
    const { data } = await request('/stock/fulfillment/operations/search', {
      schema: operationsPageSchema,
      query: { seller_id: sellerId, inventory_id: id },
    });
    expect(data.results.length).toBeGreaterThan(0);
    expect(allReadable(data.results).every((op) => op.inventory_id === id)).toBe(true);
  });

  it('pages with the scroll until it is null, without duplicates or gaps', async () => {
    const range = { dateFrom: windows()[0]!.dateFrom, dateTo: windows()[0]!.dateTo };
    const first = await searchOperations({ sellerId, ...range, limit: 300 });
    const all = await searchAll({ sellerId, ...range, limit: 300 });
    expect(first.paging.total).toBeGreaterThan(600);
    expect(all).toHaveLength(first.paging.total);
    expect(new Set(all.map((op) => op.id)).size).toBe(all.length);
    const single = await searchOperations({ sellerId });
    expect(single.paging.total).toBeLessThan(1000);
    expect(single.paging.scroll).toBeNull();
  });

  it('rejects a scroll id older than 5 minutes with a clear validation_error', async () => {
    const first = await searchOperations({ sellerId, limit: 10 });
    testDb().clockOffset += 5 * 60_000 + 1000;
    await expect(searchOperations({ sellerId, limit: 10, scroll: first.paging.scroll })).rejects.toMatchObject({
      status: 400,
      error: 'validation_error',
      message: expect.stringMatching(/expired.*5 minutes/),
    });
  });

  it('filters by inventory (404 seller_product_not_found unknown, 403 forbidden for another seller) and by shipment', async () => {
    const [id] = ownInventoryIds();
    const page = await searchOperations({ sellerId, inventoryIds: [id!] });
    expect(allReadable(page.results).every((op) => op.inventory_id === id)).toBe(true);
    await expect(searchOperations({ sellerId, inventoryIds: ['NOPE0000'] })).rejects.toMatchObject({
      status: 404,
      error: 'seller_product_not_found',
    });
    await expect(searchOperations({ sellerId, inventoryIds: [otherSellerInventoryId] })).rejects.toMatchObject({
      status: 403,
      error: 'forbidden',
    });
    const shipment = allReadable(page.results).find((op) => op.external_references.some((r) => r.type === 'shipment_id'))!
      .external_references[0]!.value;
    const byShipment = await searchOperations({ sellerId, shipmentId: shipment });
    expect(allReadable(byShipment.results).map((op) => op.external_references[0]?.value)).toEqual([shipment]);
  });

  it('answers 429 too_many_request with Retry-After beyond the per-minute limit', async () => {
    testDb().config.rateLimitPerMinute = 2;
    await searchOperations({ sellerId, limit: 1 });
    await searchOperations({ sellerId, limit: 1 });
    const error: unknown = await searchOperations({ sellerId, limit: 1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, error: 'too_many_request' });
    expect((error as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
  });

  it('reads seller_product_id as the inventory id (both names appear in the spec)', async () => {
    const [op] = testDb().fulfillment.operations;
    const { inventory_id, ...rest } = op!;
    server.use(
      http.get(apiPath('/stock/fulfillment/operations/search'), () =>
        HttpResponse.json({
          paging: { total: 1, scroll: '', limit: 1 },
          results: [{ ...rest, seller_product_id: inventory_id }],
          filters: [],
          available_filters: [],
          sort: 'date_created:desc',
          available_sorts: [],
        }),
      ),
    );
    expect(allReadable((await searchOperations({ sellerId })).results)[0]!.inventory_id).toBe(inventory_id);
  });
});

describe('an operation the log cannot read', () => {
  it('keeps its place as unreadable; the other operations are read as usual', async () => {
    const whole = allReadable((await searchOperations({ sellerId, limit: 10 })).results);
    reshapeGet('/stock/fulfillment/operations/search', (body) =>
      changeElement(body, 'results', 2, ({ inventory_id: _inventory, seller_product_id: _product, ...op }) => op),
    );
    const page = await searchOperations({ sellerId, limit: 10 });
    expect(page.results).toEqual([...whole.slice(0, 2), { unreadable: 'invalid', id: String(whole[2]!.id) }, ...whole.slice(3)]);
    expect(driftRecords()).toEqual([
      {
        where: 'GET /stock/fulfillment/operations/search',
        detail: `${whole[2]!.id}: (root): inventory_id or seller_product_id required`,
        count: 1,
      },
    ]);
  });
});

describe('the inventories a search names (searchOperationInventories)', () => {
  it('are those of the full search, each once, sorted', async () => {
    const { results } = await searchOperations({ sellerId });
    const named = allReadable(results).map((op) => op.inventory_id);
    expect(new Set(named).size).toBeLessThan(named.length);
    expect(await searchOperationInventories({ sellerId })).toEqual([...new Set(named)].sort());
  });

  it('read either name, and leave out an operation that names no inventory (recorded as drift)', async () => {
    const [op] = testDb().fulfillment.operations;
    const { inventory_id, ...rest } = op!;
    const answer = (results: object[]) =>
      server.use(
        http.get(apiPath('/stock/fulfillment/operations/search'), () => HttpResponse.json({ paging: { total: 2, limit: 2 }, results })),
      );
    answer([{ ...rest, seller_product_id: 'INV2' }, op!]);
    expect(await searchOperationInventories({ sellerId })).toEqual(['INV2', inventory_id].sort());
    answer([rest, op!]);
    expect(await searchOperationInventories({ sellerId })).toEqual([inventory_id]);
    expect(driftRecords()).toEqual([
      {
        where: 'GET /stock/fulfillment/operations/search',
        detail: `${op!.id}: (root): inventory_id or seller_product_id required`,
        count: 1,
      },
    ]);
  });
});

describe('contract: every simulator answer of the default seed passes the client schemas', () => {
  it('parses every stock and every page of the whole operations history', async () => {
    resetDb();
    for (const inventory of testDb().fulfillment.inventories.values()) {
      if (inventory.seller_id === sellerId) await getFulfillmentStock(inventory.inventory_id);
    }
    let seen = 0;
    for (const range of windows()) seen += (await searchAll({ sellerId, ...range })).length;
    const own = testDb().fulfillment.operations.filter((op) => op.seller_id === sellerId).length;
    expect(seen).toBeGreaterThanOrEqual(own);
  });
});

describe('an operation type the API added after this app', () => {
  it('reads as it came and is recorded as contract drift', async () => {
    const own = testDb().fulfillment.operations.filter((op) => op.seller_id === sellerId);
    const newest = own[own.length - 1]!;
    newest.type = 'CROSS_DOCKING';
    const page = await searchOperations({ sellerId, limit: 1000 });
    expect(allReadable(page.results).find((op) => op.id === newest.id)?.type).toBe('CROSS_DOCKING');
    expect(driftRecords()).toContainEqual(
      expect.objectContaining({ where: 'fulfillment operation type', detail: 'unknown value "CROSS_DOCKING"' }),
    );
  });
});
