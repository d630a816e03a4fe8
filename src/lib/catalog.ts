import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { catalogLimits, getListings, mapConcurrently, searchListingIds, type Listing, type ListingSearch } from '../api/catalog';
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
  fulfilledStocks: () => [...catalogKeys.all, 'fulfilled-stock'] as const,
  fulfilledStock: (sellerId: number, limit: number, q: string) => [...catalogKeys.fulfilledStocks(), sellerId, limit, q] as const,
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

export function catalogPageQuery(sellerId: number, search: ListingSearch) {
  return queryOptions({
    queryKey: catalogKeys.page(sellerId, search),
    queryFn: ({ signal }) => fetchCatalogPage(sellerId, search, signal),
    // A page costs up to 6 requests and its quantities move only with sales and stock writes (whose
    // notifications invalidate the catalog): a minute keeps paging back and forth free.
    staleTime: 60_000,
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
    // As catalogPageQuery: a minute, and every write or notification that moves a listing invalidates it.
    staleTime: 60_000,
  });
}

export interface FulfilledStockRow {
  listing: Listing;
  stock: FulfillmentStock;
}

export interface FulfilledStock {
  rows: FulfilledStockRow[];
  /** More fulfilled listings exist beyond the first `limit`. */
  more: boolean;
}

/**
 * Fulfillment stock changes with the operator's operations, whose notifications invalidate the catalog;
 * between them, two minutes spare the dozens of reads a first view costs.
 */
const fulfilledStaleTime = 2 * 60_000;

/** How many inventories' stock is read at once: a first view of 50 takes 13 rounds, not 50 at once. */
const stockReadConcurrency = 4;

/** One inventory's stock for the catalog lists; 404 (the operator does not know it) reads as null. */
function inventoryStockQuery(inventoryId: string) {
  return queryOptions({
    queryKey: catalogKeys.inventoryStock(inventoryId),
    queryFn: async ({ signal }) => {
      try {
        return await getFulfillmentStock(inventoryId, signal);
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    },
    staleTime: fulfilledStaleTime,
  });
}

/**
 * The seller's fulfilled listings (inventory_id set) in catalog order, 100 ids a page as needed. Pages
 * and stocks go through the cache, so showing 100 after 50 reads only what the 50 did not.
 */
async function* fulfilledListings(client: QueryClient, sellerId: number, q: string | undefined): AsyncGenerator<Listing> {
  for (let offset = 0; ; offset += catalogLimits.maxSearchLimit) {
    const page = await client.fetchQuery(catalogPageQuery(sellerId, { q, offset, limit: catalogLimits.maxSearchLimit }));
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
 * The first `limit` fulfilled listings (whose titles match `q`, if given) with their inventory's stock,
 * read 4 at a time. A listing whose inventory the operator does not know (404) is left out and the next
 * one taken; `more` looks one fulfilled listing further.
 */
async function fetchFulfilledStock(client: QueryClient, sellerId: number, limit: number, q: string | undefined): Promise<FulfilledStock> {
  const listings = fulfilledListings(client, sellerId, q);
  const rows: FulfilledStockRow[] = [];
  for (;;) {
    const candidates = await take(listings, limit - rows.length);
    if (candidates.length === 0) break;
    const stocks = await mapConcurrently(candidates, stockReadConcurrency, (listing) =>
      client.fetchQuery(inventoryStockQuery(listing.inventory_id!)),
    );
    candidates.forEach((listing, index) => {
      const stock = stocks[index];
      if (stock) rows.push({ listing, stock });
    });
  }
  const more = rows.length === limit && (await take(listings, 1)).length > 0;
  return { rows, more };
}

/** The first view of the fulfillment list and the home screen's card; `q` narrows it by title. */
export function fulfilledStockQuery(sellerId: number, limit = 50, q?: string) {
  return queryOptions({
    queryKey: catalogKeys.fulfilledStock(sellerId, limit, q ?? ''),
    // Reads through the cache (see fulfilledListings): aborting this read leaves those reads to finish.
    queryFn: ({ client }) => fetchFulfilledStock(client, sellerId, limit, q),
    staleTime: fulfilledStaleTime,
  });
}
