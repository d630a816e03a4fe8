import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { isApiError } from '../../api/errors';
import {
  getFulfillmentStock,
  searchOperationInventories,
  searchOperations,
  type OperationsPage,
  type OperationsSearch,
} from '../../api/fulfillment';
import { fulfillmentKeys, type OperationFilters } from './keys';

export function stockQuery(inventoryId: string) {
  return queryOptions({
    queryKey: fulfillmentKeys.stock(inventoryId),
    queryFn: ({ signal }) => getFulfillmentStock(inventoryId, signal),
  });
}

/**
 * The seller's inventories that moved in the last 15 days (the search's default range). The spec has
 * no list of inventories, so the first page of the seller's operations is what names them.
 */
export function recentInventoriesQuery(sellerId: number) {
  return queryOptions({
    queryKey: fulfillmentKeys.recentInventories(sellerId),
    queryFn: ({ signal }) => searchOperationInventories({ sellerId }, signal),
  });
}

/** Where the next page starts: the scroll id, and how many operations are loaded before it. */
export interface PageParam {
  scroll: string | null;
  offset: number;
}

function toSearch(filters: OperationFilters): OperationsSearch {
  return { ...filters, inventoryIds: filters.inventoryIds.length ? filters.inventoryIds : undefined };
}

/**
 * One page of the search. A scroll the server refuses (it expires after 5 minutes) restarts the
 * search from the top and skips the operations already loaded, so the list has no duplicates or gaps.
 */
export async function fetchOperationsPage(filters: OperationFilters, param: PageParam, signal?: AbortSignal): Promise<OperationsPage> {
  const search = toSearch(filters);
  try {
    return await searchOperations({ ...search, scroll: param.scroll }, signal);
  } catch (error) {
    if (param.scroll === null || !isApiError(error, 400)) throw error;
  }
  let skipped = 0;
  let page = await searchOperations(search, signal);
  while (skipped + page.results.length <= param.offset && page.paging.scroll) {
    skipped += page.results.length;
    page = await searchOperations({ ...search, scroll: page.paging.scroll }, signal);
  }
  return { ...page, results: page.results.slice(param.offset - skipped) };
}

export function operationsQuery(filters: OperationFilters) {
  return infiniteQueryOptions({
    queryKey: fulfillmentKeys.operations(filters),
    queryFn: ({ pageParam, signal }) => fetchOperationsPage(filters, pageParam, signal),
    initialPageParam: { scroll: null, offset: 0 } as PageParam,
    getNextPageParam: (last, pages): PageParam | undefined =>
      last.paging.scroll ? { scroll: last.paging.scroll, offset: pages.reduce((sum, page) => sum + page.results.length, 0) } : undefined,
    // A refetch walks every loaded page again: not worth doing on each focus for a log this long.
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}
