import { queryOptions } from '@tanstack/react-query';
import { getStock } from '../api/stock';
import { stockKeys } from './stockKeys';

/** A user product's stock by location: the stock pages' read, and the answer queue's item facts. */
export function stockQuery(userProductId: string) {
  return queryOptions({
    queryKey: stockKeys.detail(userProductId),
    queryFn: ({ signal }) => getStock(userProductId, signal),
    // The version matters more than saving a request: a read older than a few seconds is refreshed.
    staleTime: 5_000,
  });
}
