import { CancelledError, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { catalogKeys, catalogPageQuery, fulfilledListingsQuery, fulfilledStockQuery, type FulfilledListings } from './catalog';
import { catalogLimits } from '../api/catalog';
import { getFulfillmentStock } from '../api/fulfillment';
import { demoSeller, testDb } from '../test/demo';
import { peakInFlight } from '../test/inFlight';

const sellerId = demoSeller.id;

function ownItems() {
  return [...testDb().items.values()].filter((item) => item.seller_id === sellerId);
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
    const isStock = (request: Request) => request.url.includes('/stock/fulfillment');
    const peak = await peakInFlight(isStock, () => new QueryClient().fetchQuery(fulfilledStockQuery(sellerId, 12)));
    expect(peak).toBe(4);
  });

  /** A component reading the catalog's first page, as the home's sold-out figure does: its fetch is the one read. */
  function readFirstPage(client: QueryClient) {
    const query = catalogPageQuery(sellerId, { offset: 0, limit: catalogLimits.maxSearchLimit });
    return { unmount: new QueryObserver(client, query).subscribe(() => undefined), state: () => client.getQueryState(query.queryKey) };
  }

  it("reads the catalog again when the component whose fetch it joined unmounts (StrictMode's double mount)", async () => {
    const client = new QueryClient();
    const firstPage = readFirstPage(client);
    const read = client.fetchQuery(fulfilledStockQuery(sellerId, 3));
    // The component's fetch used its signal, so its last unmount cancels it.
    firstPage.unmount();
    const fulfilled = ownItems().filter((item) => item.inventory_id !== null);
    expect((await read).rows.map((row) => row.listing.id)).toEqual(fulfilled.slice(0, 3).map((item) => item.id));
  });

  it('reads nothing more once its own fetch is cancelled', async () => {
    const client = new QueryClient();
    const firstPage = readFirstPage(client);
    const read = client.fetchQuery(fulfilledStockQuery(sellerId, 3));
    await client.cancelQueries({ queryKey: catalogKeys.all });
    await expect(read).rejects.toBeInstanceOf(CancelledError);
    // Once the reads' cancellations have settled, none was started again.
    await new Promise((settled) => setTimeout(settled));
    expect(firstPage.state()?.fetchStatus).toBe('idle');
    firstPage.unmount();
  });

  it('leaves out of the rows a listing whose inventory the operator does not know (404)', async () => {
    const [gone, kept] = ownItems().filter((item) => item.inventory_id !== null);
    testDb().fulfillment.inventories.delete(gone!.inventory_id!);
    const { rows } = await new QueryClient().fetchQuery(fulfilledStockQuery(sellerId, 2));
    expect(rows.map((row) => row.listing.id)).toEqual([kept!.id]);
  });
});

describe('fulfilledListingsQuery', () => {
  it('gives the first fulfilled listings matching the title search, without reading any stock', async () => {
    const fulfilled = ownItems().filter((item) => item.inventory_id !== null);
    const word = fulfilled[0]!.title.split(' ')[0]!;
    const matching = fulfilled.filter((item) => item.title.toLowerCase().includes(word.toLowerCase()));
    expect(matching.length).toBeGreaterThan(1);
    let read: FulfilledListings | undefined;
    const isStock = (request: Request) => request.url.includes('/stock/fulfillment');
    const stockReads = await peakInFlight(isStock, async () => {
      read = await new QueryClient().fetchQuery(fulfilledListingsQuery(sellerId, 1, word));
    });
    expect(stockReads).toBe(0);
    expect(read?.listings.map((listing) => listing.id)).toEqual([matching[0]!.id]);
    expect(read?.more).toBe(true);
  });
});
