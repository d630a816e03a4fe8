import {
  CancelledError,
  infiniteQueryOptions,
  queryOptions,
  type FetchQueryOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import pLimit from 'p-limit';
import { catalogLimits, getListings, searchListingIds, type Listing, type ListingSearch } from '../api/catalog';
import { isApiError } from '../api/errors';
import { getFulfillmentStock, type FulfillmentStock } from '../api/fulfillment';

/**
 * The seller's catalog in the cache, for every area that lists listings (stock, fulfillment, the home
 * screen). Keys go from general to specific: invalidating `catalogKeys.all` refreshes every list.
 */
export const catalogKeys = {
  all: ['catalog'] as const,
  pages: () => [...catalogKeys.all, 'page'] as const,
  page: (sellerId: number, search: ListingSearch) => [...catalogKeys.pages(), sellerId, search] as const,
  scroll: (sellerId: number, search: CatalogFilter) => [...catalogKeys.all, 'scroll', sellerId, search] as const,
  fulfilledListings: (sellerId: number, limit: number, q: string) => [...catalogKeys.all, 'fulfilled', sellerId, limit, q] as const,
  fulfilledStocks: () => [...catalogKeys.all, 'fulfilled-stock'] as const,
  fulfilledStock: (sellerId: number, limit: number) => [...catalogKeys.fulfilledStocks(), sellerId, limit] as const,
  inventoryStock: (inventoryId: string) => [...catalogKeys.all, 'inventory-stock', inventoryId] as const,
};

/** A search without its paging: what a scrolled list is filtered by. */
export type CatalogFilter = Omit<ListingSearch, 'offset' | 'limit'>;

export interface CatalogPage {
  listings: Listing[];
  total: number;
  offset: number;
  limit: number;
}

/** One page of the search, read whole: the ids, then their listings (20 per call). */
async function fetchCatalogPage(sellerId: number, search: ListingSearch, signal?: AbortSignal): Promise<CatalogPage> {
  const { ids, ...paging } = await searchListingIds(sellerId, search, signal);
  return { listings: await getListings(ids, signal), ...paging };
}

/**
 * A page costs up to 6 requests and its quantities move only with sales and stock writes (whose
 * notifications invalidate the catalog): a minute keeps paging back and forth free.
 */
const catalogStaleTime = 60_000;

export function catalogPageQuery(sellerId: number, search: ListingSearch) {
  return queryOptions({
    queryKey: catalogKeys.page(sellerId, search),
    queryFn: ({ signal }) => fetchCatalogPage(sellerId, search, signal),
    staleTime: catalogStaleTime,
  });
}

/** Listings per page of a scrolled list: the first screen costs one search and three batch reads. */
const scrollPageSize = 50;

/** The catalog page after page, as a list scrolls (the stock list groups it by user product). */
export function catalogScrollQuery(sellerId: number, filter: CatalogFilter) {
  return infiniteQueryOptions({
    queryKey: catalogKeys.scroll(sellerId, filter),
    queryFn: ({ pageParam, signal }) => fetchCatalogPage(sellerId, { ...filter, offset: pageParam, limit: scrollPageSize }, signal),
    initialPageParam: 0,
    getNextPageParam: (last: CatalogPage) => (last.offset + last.limit < last.total ? last.offset + last.limit : undefined),
    staleTime: catalogStaleTime,
  });
}

export interface FulfilledListings {
  listings: Listing[];
  /** More fulfilled listings exist beyond the first `limit`. */
  more: boolean;
}

export interface FulfilledStockRow {
  listing: Listing;
  stock: FulfillmentStock;
}

export interface FulfilledStock {
  /** The first fulfilled listings whose inventory the operator knows, with its stock. */
  rows: FulfilledStockRow[];
  more: boolean;
}

/**
 * Fulfillment stock changes with the operator's operations, whose notifications invalidate the catalog;
 * between them, two minutes spare the dozens of reads a first view costs.
 */
const fulfilledStaleTime = 2 * 60_000;

/**
 * Stock reads in flight at once, shared by every list and card that reads them: a first view of 50
 * takes 13 rounds instead of 50 requests at once. A read whose query was cancelled while it waited is
 * not sent.
 */
const stockReads = pLimit(4);

/** One inventory's stock for the catalog lists; 404 (the operator does not know it) reads as null. */
export function inventoryStockQuery(inventoryId: string) {
  return queryOptions({
    queryKey: catalogKeys.inventoryStock(inventoryId),
    queryFn: ({ signal }) =>
      stockReads(async () => {
        signal.throwIfAborted();
        try {
          return await getFulfillmentStock(inventoryId, signal);
        } catch (error) {
          if (isApiError(error, 404)) return null;
          throw error;
        }
      }),
    staleTime: fulfilledStaleTime,
  });
}

/**
 * Another query's data, read through the cache by a `queryFn` (`signal` is that query's). The read may join a fetch
 * that a component started, which that component's unmount cancels (React's StrictMode mounts everything twice in
 * development; a page left does it too): react-query rejects the read with a CancelledError, which is meant for the
 * query that fetch belongs to (TanStack/query#9798). Thrown from this `queryFn`, it left the reading query pending with
 * no fetch under way and nothing to start one (the home's fulfillment figure stayed "Loading…" under `npm start`):
 * the read is made again instead, unless the reading query was itself cancelled.
 */
async function readThrough<T, Key extends QueryKey>(
  client: QueryClient,
  options: FetchQueryOptions<T, Error, T, Key>,
  signal: AbortSignal,
): Promise<T> {
  for (;;) {
    try {
      return await client.fetchQuery(options);
    } catch (error) {
      if (!(error instanceof CancelledError) || signal.aborted) throw error;
    }
  }
}

/**
 * The seller's fulfilled listings (inventory_id set) in catalog order, 100 ids a page as needed. Pages
 * go through the cache, so showing 100 after 50 reads only what the 50 did not.
 */
async function* fulfilledListings(
  client: QueryClient,
  sellerId: number,
  q: string | undefined,
  signal: AbortSignal,
): AsyncGenerator<Listing> {
  for (let offset = 0; ; offset += catalogLimits.maxSearchLimit) {
    const page = await readThrough(client, catalogPageQuery(sellerId, { q, offset, limit: catalogLimits.maxSearchLimit }), signal);
    yield* page.listings.filter((listing) => listing.inventory_id !== null);
    if (offset + catalogLimits.maxSearchLimit >= page.total) return;
  }
}

async function take<T>(values: AsyncIterator<T>, count: number): Promise<T[]> {
  const taken: T[] = [];
  while (taken.length < count) {
    const next = await values.next();
    if (next.done) break;
    taken.push(next.value);
  }
  return taken;
}

/**
 * The first `limit` fulfilled listings (whose titles match `q`, if given), without their stock: the
 * fulfillment list draws these at once and reads each row's stock on its own. `more` looks one further.
 */
export function fulfilledListingsQuery(sellerId: number, limit: number, q?: string) {
  return queryOptions({
    queryKey: catalogKeys.fulfilledListings(sellerId, limit, q ?? ''),
    queryFn: async ({ client, signal }): Promise<FulfilledListings> => {
      const listings = fulfilledListings(client, sellerId, q, signal);
      const first = await take(listings, limit);
      return { listings: first, more: first.length === limit && (await take(listings, 1)).length > 0 };
    },
    staleTime: catalogStaleTime,
  });
}

/**
 * The first `limit` fulfilled listings with their inventory's stock, for the home screen's figure. A
 * listing whose inventory the operator does not know (404) is left out of the rows.
 */
export function fulfilledStockQuery(sellerId: number, limit = 50) {
  return queryOptions({
    queryKey: catalogKeys.fulfilledStock(sellerId, limit),
    // Reads through the cache: aborting this read leaves those reads to finish.
    queryFn: async ({ client, signal }): Promise<FulfilledStock> => {
      const { listings, more } = await readThrough(client, fulfilledListingsQuery(sellerId, limit), signal);
      const stocks = await Promise.all(listings.map((listing) => readThrough(client, inventoryStockQuery(listing.inventory_id!), signal)));
      const rows = listings.flatMap((listing, index) => {
        const stock = stocks[index];
        return stock ? [{ listing, stock }] : [];
      });
      return { rows, more };
    },
    staleTime: fulfilledStaleTime,
  });
}
