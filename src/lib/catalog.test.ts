import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { catalogKeys, catalogPageQuery, fulfilledStockQuery } from './catalog';
import { getFulfillmentStock } from '../api/fulfillment';
import { demoSeller, server, testDb } from '../test/demo';

const sellerId = demoSeller.id;

function ownItems() {
  return [...testDb().items.values()].filter((item) => item.seller_id === sellerId);
}

/** The most stock reads in flight at once while `run` runs. */
async function peakStockReads(run: () => Promise<unknown>): Promise<number> {
  let inFlight = 0;
  let peak = 0;
  const isStock = (request: Request) => request.url.includes('/stock/fulfillment');
  const start = ({ request }: { request: Request }) => {
    if (!isStock(request)) return;
    inFlight += 1;
    peak = Math.max(peak, inFlight);
  };
  const end = ({ request }: { request: Request }) => {
    if (isStock(request)) inFlight -= 1;
  };
  server.events.on('request:start', start);
  server.events.on('response:mocked', end);
  try {
    await run();
  } finally {
    server.events.removeListener('request:start', start);
    server.events.removeListener('response:mocked', end);
  }
  return peak;
}

describe('catalogPageQuery', () => {
  it('reads one page of the search whole: its listings in order, with the paging', async () => {
    const query = catalogPageQuery(sellerId, { offset: 5, limit: 10, status: 'active' });
    expect(query.queryKey.slice(0, 1)).toEqual(catalogKeys.all);
    const page = await new QueryClient().fetchQuery(query);
    const active = ownItems().filter((item) => item.status === 'active');
    expect(page).toMatchObject({ total: active.length, offset: 5, limit: 10 });
    expect(page.listings.map((listing) => listing.id)).toEqual(active.slice(5, 15).map((item) => item.id));
  });
});

describe('fulfilledStockQuery', () => {
  it('gives the first fulfilled listings with their inventory stock, saying whether more exist', async () => {
    const fulfilled = ownItems().filter((item) => item.inventory_id !== null);
    const first = await new QueryClient().fetchQuery(fulfilledStockQuery(sellerId, 3));
    expect(first.more).toBe(true);
    expect(first.rows.map((row) => row.listing.id)).toEqual(fulfilled.slice(0, 3).map((item) => item.id));
    for (const { listing, stock } of first.rows) expect(stock).toEqual(await getFulfillmentStock(listing.inventory_id!));

    const all = await new QueryClient().fetchQuery(fulfilledStockQuery(sellerId, fulfilled.length));
    expect(all.more).toBe(false);
    expect(all.rows.map((row) => row.listing.id)).toEqual(fulfilled.map((item) => item.id));
  });

  it('reads the stock 4 inventories at a time', async () => {
    testDb().config.latencyMs = 20;
    const peak = await peakStockReads(() => new QueryClient().fetchQuery(fulfilledStockQuery(sellerId, 12)));
    expect(peak).toBe(4);
  });

  it('leaves out a listing whose inventory the operator does not know (404)', async () => {
    const [gone, kept] = ownItems().filter((item) => item.inventory_id !== null);
    testDb().fulfillment.inventories.delete(gone!.inventory_id!);
    const { rows } = await new QueryClient().fetchQuery(fulfilledStockQuery(sellerId, 1));
    expect(rows.map((row) => row.listing.id)).toEqual([kept!.id]);
  });
});
