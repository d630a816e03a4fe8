import { queryOptions } from '@tanstack/react-query';
import { getStock } from '../api/stock';
import { stockKeys } from './stockKeys';

/**
 * A user product's stock by location: the stock pages' read, and the answer queue's item facts. `account`: read with
 * that account's `x-seller-account` (the queue's "All my accounts"), under the same key's prefix so writes refresh it.
 */
export function stockQuery(userProductId: string, account?: string) {
  return queryOptions({
    queryKey: account === undefined ? stockKeys.detail(userProductId) : [...stockKeys.detail(userProductId), 'as', account],
    queryFn: ({ signal }) => getStock(userProductId, signal, account),
    // The version matters more than saving a request: a read older than a few seconds is refreshed.
    staleTime: 5_000,
  });
}
