import { queryOptions } from '@tanstack/react-query';
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
  fulfilledStocks: () => [...catalogKeys.all, 'fulfilled-stock'] as const,
  fulfilledStock: (sellerId: number, limit: number) => [...catalogKeys.fulfilledStocks(), sellerId, limit] as const,
};

export interface CatalogPage {
  listings: Listing[];
  total: number;
  offset: number;
  limit: number;
}

/** One page of the search, read whole: the ids, then their listings (20 per call). */
export async function fetchCatalogPage(sellerId: number, search: ListingSearch, signal?: AbortSignal): Promise<CatalogPage> {
  const { ids, ...paging } = await searchListingIds(sellerId, search, signal);
  return { listings: await getListings(ids, signal), ...paging };
}

export function catalogPageQuery(sellerId: number, search: ListingSearch) {
  return queryOptions({
    queryKey: catalogKeys.page(sellerId, search),
    queryFn: ({ signal }) => fetchCatalogPage(sellerId, search, signal),
    // A page costs up to 6 requests and its quantities move only with sales and stock writes (which
    // invalidate the catalog): a minute keeps paging back and forth free without showing old stock long.
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

/** How many inventories' stock is read at once: a first view of 50 takes 13 rounds, not 50 at once. */
const stockReadConcurrency = 4;

/** The seller's fulfilled listings (inventory_id set) in catalog order, reading 100 ids a page as needed. */
async function* fulfilledListings(sellerId: number, signal?: AbortSignal): AsyncGenerator<Listing> {
  for (let offset = 0; ; offset += catalogLimits.maxSearchLimit) {
    const page = await fetchCatalogPage(sellerId, { offset, limit: catalogLimits.maxSearchLimit }, signal);
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
 * The first `limit` fulfilled listings with their inventory's stock, read 4 at a time. A listing whose
 * inventory the operator does not know (404) is left out and the next one taken; `more` looks one
 * fulfilled listing further.
 */
export async function fetchFulfilledStock(sellerId: number, limit: number, signal?: AbortSignal): Promise<FulfilledStock> {
  const listings = fulfilledListings(sellerId, signal);
  const rows: FulfilledStockRow[] = [];
  for (;;) {
    const candidates = await take(listings, limit - rows.length);
    if (candidates.length === 0) break;
    const stocks = await mapConcurrently(candidates, stockReadConcurrency, async (listing) => {
      try {
        return await getFulfillmentStock(listing.inventory_id!, signal);
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    });
    candidates.forEach((listing, index) => {
      const stock = stocks[index];
      if (stock) rows.push({ listing, stock });
    });
  }
  const more = rows.length === limit && (await take(listings, 1)).length > 0;
  return { rows, more };
}

export function fulfilledStockQuery(sellerId: number, limit = 50) {
  return queryOptions({
    queryKey: catalogKeys.fulfilledStock(sellerId, limit),
    queryFn: ({ signal }) => fetchFulfilledStock(sellerId, limit, signal),
    // Fulfillment stock changes with the operator's operations, announced by notifications that refresh
    // the fulfillment area; between them, two minutes spare the dozens of reads a first view costs.
    staleTime: 2 * 60_000,
  });
}
